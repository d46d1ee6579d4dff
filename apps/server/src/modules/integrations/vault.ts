import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type EncryptionKeys, KEY_VARIABLE } from '../../lib/encryption-keys.js';

const FORMAT = 'v1';
const ALGORITHM = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A vendor credential sealed with AES-256-GCM, as one text value: `v1.<keyId>.<nonce>.<ciphertext+tag>` (base64url).
 * Branded so that a plain string cannot be written where a sealed one is expected.
 */
export type SealedSecret = string & { readonly __sealed: true };

/**
 * The row a secret belongs to, e.g. `{ businessId, integrationId }`. It is authenticated with the ciphertext (GCM's
 * associated data), so a sealed value copied into another row, or another business's row, does not open there.
 */
export type SecretContext = Readonly<Record<string, string | number>>;

export type VaultErrorCode = 'malformed' | 'unknown_key' | 'not_authentic' | 'no_context';

/** Why a secret could not be sealed or opened. Messages name the key and the fault, never the secret. */
export class VaultError extends Error {
  readonly code: VaultErrorCode;
  constructor(code: VaultErrorCode, message: string) {
    super(message);
    this.name = 'VaultError';
    this.code = code;
  }
}

export type Vault = {
  /** Seals a credential (an object is stored as its JSON) for the row `context` names, with the active key. */
  seal(plaintext: string | object, context: SecretContext): SealedSecret;
  /** Opens a sealed credential of the row `context` names; throws a VaultError if anything differs. */
  open(sealed: string, context: SecretContext): string;
  /** Whether a sealed value was made with another key than the active one (or an older format): seal it again. */
  needsReseal(sealed: string): boolean;
  /** Opens with whichever configured key sealed it and seals again with the active key. */
  reseal(sealed: string, context: SecretContext): SealedSecret;
  /** The active key's id. */
  readonly activeKeyId: string;
};

/** Builds a vault from configured keys (`config.integrationsKeys`): the active key seals, any configured one opens. */
export function createVault({ keys, activeKeyId }: Pick<EncryptionKeys, 'keys' | 'activeKeyId'>): Vault {
  for (const [id, key] of keys) {
    if (key.length !== 32) throw new VaultError('malformed', `key ${id} is ${key.length} bytes; AES-256 needs 32`);
    if (id.includes('.')) throw new VaultError('malformed', `key id ${id} may not contain a dot`);
  }
  const activeKey = keys.get(activeKeyId);
  if (!activeKey) throw new VaultError('unknown_key', `the active key ${activeKeyId} is not among the configured keys`);

  const keyFor = (keyId: string) => {
    const key = keys.get(keyId);
    if (!key) {
      throw new VaultError('unknown_key', `sealed with key ${keyId}, which is not configured (${KEY_VARIABLE})`);
    }
    return key;
  };

  const seal = (plaintext: string | object, context: SecretContext): SealedSecret => {
    const text = typeof plaintext === 'string' ? plaintext : JSON.stringify(plaintext);
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv(ALGORITHM, activeKey, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(associatedData(activeKeyId, context));
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${FORMAT}.${activeKeyId}.${nonce.toString('base64url')}.${body.toString('base64url')}` as SealedSecret;
  };

  const open = (sealed: string, context: SecretContext): string => {
    const { keyId, nonce, body } = parse(sealed);
    const decipher = createDecipheriv(ALGORITHM, keyFor(keyId), nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(keyId, context));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new VaultError(
        'not_authentic',
        `the secret sealed with key ${keyId} does not open for ${describe(context)}: it was altered, belongs to ` +
          `another row, or the configured key ${keyId} is not the one that sealed it`,
      );
    }
  };

  return {
    seal,
    open,
    needsReseal: (sealed) => parse(sealed).keyId !== activeKeyId,
    reseal: (sealed, context) => seal(open(sealed, context), context),
    activeKeyId,
  };
}

/** The header (format and key id) and the row, canonically ordered, authenticated with every ciphertext. */
function associatedData(keyId: string, context: SecretContext): Buffer {
  const entries = Object.entries(context).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0) {
    throw new VaultError('no_context', 'a secret is sealed for a row: name it (e.g. { businessId, integrationId })');
  }
  return Buffer.from(JSON.stringify([FORMAT, keyId, entries.map(([k, v]) => [k, String(v)])]), 'utf8');
}

const describe = (context: SecretContext) =>
  Object.keys(context)
    .sort()
    .map((k) => `${k} ${context[k]}`)
    .join(', ');

function parse(sealed: string): { keyId: string; nonce: Buffer; body: Buffer } {
  const parts = typeof sealed === 'string' ? sealed.split('.') : [];
  if (parts.length !== 4) {
    throw new VaultError('malformed', 'a sealed secret has four parts: v1.<keyId>.<nonce>.<ciphertext>');
  }
  const [format, keyId, nonceText, bodyText] = parts as [string, string, string, string];
  if (format !== FORMAT) throw new VaultError('malformed', `a sealed secret of format ${format}; this server reads v1`);
  const nonce = strictBase64url(nonceText);
  const body = strictBase64url(bodyText);
  if (!nonce || nonce.length !== NONCE_BYTES) {
    throw new VaultError('malformed', `the nonce of a secret sealed with key ${keyId} is damaged`);
  }
  if (!body || body.length < TAG_BYTES) {
    throw new VaultError('malformed', `the ciphertext of a secret sealed with key ${keyId} is damaged`);
  }
  return { keyId, nonce, body };
}

/** Decodes base64url only when it is the canonical encoding, so a changed padding bit is not silently ignored. */
function strictBase64url(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

const KNOWN_PREFIXES = [
  'sk_test_',
  'sk_live_',
  'rk_test_',
  'rk_live_',
  'pk_test_',
  'pk_live_',
  'whsec_',
  'EAAG',
  'EAA',
  'ya29.',
  '1//',
  'pit-',
] as const;

/**
 * A masked hint of a credential for the browser: a known vendor prefix (Stripe's `sk_test_`, Meta's `EAAG`, Google's
 * `ya29.` and `1//`, GoHighLevel's `pit-`) and the last 4 characters, e.g. `sk_test_…1a2b`. Secrets under 16
 * characters show only `…` and their last 2, under 8 only `…`; a prefix is shown only if 8 or more characters stay
 * hidden.
 */
export function hintOf(secret: string): string {
  if (secret.length < 8) return '…';
  if (secret.length < 16) return `…${secret.slice(-2)}`;
  const prefix = KNOWN_PREFIXES.find((p) => secret.startsWith(p) && secret.length - p.length - 4 >= 8) ?? '';
  return `${prefix}…${secret.slice(-4)}`;
}
