import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createVault, hintOf, VaultError } from './vault.js';

const SECRET = 'EAAGsecret-access-token-that-must-never-leak-9xQz';
const ROW = { businessId: 'b-1', integrationId: 'i-1' };
const keyring = (...ids: string[]) => new Map(ids.map((id) => [id, randomBytes(32)]));

/** Calls `fn` and returns what it threw, checking that the secret is nowhere in it. */
function thrown(fn: () => unknown): VaultError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(VaultError);
    const e = error as VaultError;
    for (const text of [String(e), e.stack ?? '', JSON.stringify(e)]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('never-leak');
    }
    return e;
  }
  throw new Error('expected a VaultError');
}

describe('sealing', () => {
  const vault = createVault({ keys: keyring('k1'), activeKeyId: 'k1' });

  it('opens what it sealed, for the same row; objects come back as their JSON', () => {
    const sealed = vault.seal(SECRET, ROW);
    expect(sealed).toMatch(/^v1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(vault.open(sealed, { integrationId: 'i-1', businessId: 'b-1' })).toBe(SECRET);
    const oauth = { accessToken: 'ya29.a0AfH6SMB', refreshToken: '1//0gLx', expiresAt: 1_700_000_000 };
    expect(JSON.parse(vault.open(vault.seal(oauth, ROW), ROW))).toEqual(oauth);
    expect(vault.open(vault.seal('', ROW), ROW)).toBe('');
  });

  it('uses a fresh nonce every time, so the same secret never seals the same way twice', () => {
    const sealed = Array.from({ length: 50 }, () => vault.seal(SECRET, ROW));
    expect(new Set(sealed.map((s) => s.split('.')[2])).size).toBe(50);
    expect(new Set(sealed).size).toBe(50);
  });

  it('refuses a value tampered with in any part, with an error that says so', () => {
    const sealed = vault.seal(SECRET, ROW);
    const [format, keyId, nonce, body] = sealed.split('.') as [string, string, string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const cases: [string, RegExp][] = [
      [`v2.${keyId}.${nonce}.${body}`, /format v2; this server reads v1/],
      [`${format}.k9.${nonce}.${body}`, /sealed with key k9, which is not configured \(INTEGRATIONS_ENCRYPTION_KEY\)/],
      [`${format}.${keyId}.${flip(nonce, 3)}.${body}`, /does not open for businessId b-1, integrationId i-1/],
      [`${format}.${keyId}.${nonce}.${flip(body, 0)}`, /altered, belongs to another row/],
      [`${format}.${keyId}.${nonce}.${flip(body, body.length - 1)}`, /sealed with key k1/],
      [`${format}.${keyId}.${nonce.slice(2)}.${body}`, /nonce .* is damaged/],
      [`${format}.${keyId}.${nonce}.${body.slice(0, 10)}`, /ciphertext .* is damaged/],
      [`${format}.${keyId}.${nonce}`, /four parts/],
    ];
    for (const [tampered, message] of cases) {
      expect(thrown(() => vault.open(tampered, ROW)).message).toMatch(message);
    }
  });

  it('does not open a secret moved to another row', () => {
    const sealed = vault.seal(SECRET, ROW);
    const e = thrown(() => vault.open(sealed, { businessId: 'b-2', integrationId: 'i-1' }));
    expect(e.code).toBe('not_authentic');
    expect(e.message).toMatch(/does not open for businessId b-2, integrationId i-1/);
    thrown(() => vault.open(sealed, { businessId: 'b-1', integrationId: 'i-2' }));
    thrown(() => vault.open(sealed, { businessId: 'b-1', integrationId: 'i-1', field: 'refresh' }));
    expect(thrown(() => vault.seal(SECRET, {})).code).toBe('no_context');
  });

  it('does not open with a different key of the same id', () => {
    const other = createVault({ keys: keyring('k1'), activeKeyId: 'k1' });
    expect(thrown(() => other.open(vault.seal(SECRET, ROW), ROW)).message).toMatch(
      /the configured key k1 is not the one that sealed it/,
    );
  });
});

describe('key rotation', () => {
  it('seals with the new key, opens with the old one, and says which values to seal again', () => {
    const keys = keyring('k1', 'k2');
    const before = createVault({ keys: new Map([['k1', keys.get('k1')!]]), activeKeyId: 'k1' });
    const old = before.seal(SECRET, ROW);

    const after = createVault({ keys, activeKeyId: 'k2' });
    expect(after.open(old, ROW)).toBe(SECRET);
    expect(after.needsReseal(old)).toBe(true);
    const resealed = after.reseal(old, ROW);
    expect(resealed.startsWith('v1.k2.')).toBe(true);
    expect(after.needsReseal(resealed)).toBe(false);
    expect(after.needsReseal(after.seal(SECRET, ROW))).toBe(false);
    // Once k1 is dropped, what it sealed names the missing key.
    const k2Only = createVault({ keys: new Map([['k2', keys.get('k2')!]]), activeKeyId: 'k2' });
    expect(k2Only.open(resealed, ROW)).toBe(SECRET);
    expect(thrown(() => k2Only.open(old, ROW)).message).toBe(
      'sealed with key k1, which is not configured (INTEGRATIONS_ENCRYPTION_KEY)',
    );
  });

  it('refuses an active key that is not configured', () => {
    expect(() => createVault({ keys: keyring('k1'), activeKeyId: 'k2' })).toThrow(/active key k2/);
  });
});

describe('INTEGRATIONS_ENCRYPTION_KEY and the generated key file', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'ri-vault-'));

  it('without the variable, generates a key once into DATA_DIR/integrations.key (mode 600) and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).integrationsKeys;
    const file = path.join(dir, 'integrations.key');
    expect(first).toMatchObject({ file, created: true, activeKeyId: 'local' });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^local:[A-Za-z0-9+/]{43}=\n$/);

    const sealed = createVault(first).seal(SECRET, ROW);
    const second = loadConfig({ DATA_DIR: dir }).integrationsKeys;
    expect(second).toMatchObject({ file, created: false, activeKeyId: 'local' });
    expect(createVault(second).open(sealed, ROW)).toBe(SECRET);
  });

  it('reads one bare key as k1, or id:key pairs with the first active', () => {
    const a = randomBytes(32);
    const b = randomBytes(32);
    const bare = loadConfig({ DATA_DIR: dataDir(), INTEGRATIONS_ENCRYPTION_KEY: a.toString('base64') });
    expect(bare.integrationsKeys.activeKeyId).toBe('k1');
    expect(bare.integrationsKeys.file).toBeUndefined();
    const pairs = loadConfig({
      DATA_DIR: dataDir(),
      INTEGRATIONS_ENCRYPTION_KEY: `k2:${b.toString('base64url')}, k1:${a.toString('base64')}`,
    }).integrationsKeys;
    expect(pairs.activeKeyId).toBe('k2');
    expect([...pairs.keys.keys()]).toEqual(['k2', 'k1']);
    expect(createVault(pairs).open(createVault(bare.integrationsKeys).seal(SECRET, ROW), ROW)).toBe(SECRET);
  });

  it('stops start-up naming the variable when a key is wrong, without echoing the key', () => {
    const short = randomBytes(16).toString('base64');
    const good = randomBytes(32).toString('base64');
    const cases: [string, RegExp][] = [
      [short, /INTEGRATIONS_ENCRYPTION_KEY: key k1 is 16 bytes after base64 decoding; it must be 32/],
      [`k1:${good},k2:${short}`, /INTEGRATIONS_ENCRYPTION_KEY: key k2 is 16 bytes/],
      [`k1:${good},k1:${good}`, /INTEGRATIONS_ENCRYPTION_KEY: key id k1 appears twice/],
      [`${good},k2:${good}`, /INTEGRATIONS_ENCRYPTION_KEY: entry 1 has no key id/],
      ['k1:not base64!', /INTEGRATIONS_ENCRYPTION_KEY: key k1 is not base64/],
      [`bad.id:${good}`, /INTEGRATIONS_ENCRYPTION_KEY: entry 1: a key id is/],
    ];
    for (const [value, message] of cases) {
      let error: unknown;
      try {
        loadConfig({ DATA_DIR: dataDir(), INTEGRATIONS_ENCRYPTION_KEY: value });
      } catch (e) {
        error = e;
      }
      expect(String(error)).toMatch(message);
      expect(String(error)).not.toContain(short);
      expect(String(error)).not.toContain(good);
    }
  });
});

describe('hintOf', () => {
  it('shows a known prefix and the last 4 characters, never more', () => {
    expect(hintOf('sk_test_51HxYzAbCdEfGhIjKl1a2b')).toBe('sk_test_…1a2b');
    expect(hintOf('EAAGm0PX4ZCpsBAKZAZBsomething9xQz')).toBe('EAAG…9xQz');
    expect(hintOf('ya29.a0AfH6SMBxxxxxxxxxxxx7f3e')).toBe('ya29.…7f3e');
    expect(hintOf('pit-1b2c3d4e-aaaa-bbbb-cccc-0123456789ab')).toBe('pit-…89ab');
    expect(hintOf('Zx81mN3qPq7rT5vW')).toBe('…T5vW');
  });

  it('shows less of short secrets, and no prefix that would leave little hidden', () => {
    expect(hintOf('sk_test_abcd1234')).toBe('…1234');
    expect(hintOf('abcdefgh12')).toBe('…12');
    expect(hintOf('abc123')).toBe('…');
    expect(hintOf('')).toBe('…');
  });
});
