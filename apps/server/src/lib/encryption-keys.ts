import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The variable that holds the keys sealing vendor credentials; the README's configuration table documents it. */
export const KEY_VARIABLE = 'INTEGRATIONS_ENCRYPTION_KEY';
/** Where a generated key is kept when the variable is unset, relative to DATA_DIR. */
export const KEY_FILE = 'integrations.key';
/** The id of a generated key, distinct from `k1` (a bare key in the variable) so the two are never confused. */
export const GENERATED_KEY_ID = 'local';

const KEY_BYTES = 32;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * The AES-256 keys that seal vendor credentials: the active one seals, any of them opens. `file` is set when the
 * keys came from the generated key file (it must be backed up with the database), `created` when this start made it.
 */
export type EncryptionKeys = {
  keys: ReadonlyMap<string, Uint8Array>;
  activeKeyId: string;
  file?: string;
  created?: boolean;
};

/**
 * Parses `id:base64key` pairs separated by commas (the first is active) or one bare base64 key (id `k1`). Returns a
 * sentence saying what is wrong otherwise; the sentence never contains key material.
 */
export function parseEncryptionKeys(value: string): Omit<EncryptionKeys, 'file' | 'created'> | string {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return 'is empty; give id:base64key pairs separated by commas, or one base64 key';
  const keys = new Map<string, Uint8Array>();
  for (const [index, entry] of entries.entries()) {
    const colon = entry.indexOf(':');
    if (colon < 0 && entries.length > 1) {
      return `entry ${index + 1} has no key id; with several keys, write each as id:base64key`;
    }
    const id = colon < 0 ? 'k1' : entry.slice(0, colon).trim();
    const encoded = colon < 0 ? entry : entry.slice(colon + 1).trim();
    if (!KEY_ID.test(id)) return `entry ${index + 1}: a key id is 1 to 32 letters, digits, _ or -`;
    if (keys.has(id)) return `key id ${id} appears twice`;
    if (!BASE64.test(encoded)) return `key ${id} is not base64`;
    // Node's base64 decoder reads the URL-safe alphabet too.
    const key = Buffer.from(encoded, 'base64');
    if (key.length !== KEY_BYTES) {
      return `key ${id} is ${key.length} bytes after base64 decoding; it must be ${KEY_BYTES} (e.g. openssl rand -base64 32)`;
    }
    keys.set(id, key);
  }
  return { keys, activeKeyId: keys.keys().next().value as string };
}

/**
 * Without INTEGRATIONS_ENCRYPTION_KEY, a key is generated once into DATA_DIR/integrations.key (mode 600, in the
 * variable's own syntax so it can be moved there) and read on every later start. Two processes starting together
 * do not overwrite each other's key: the file is created exclusively and read back if it already exists.
 */
export function readOrCreateKeyFile(dataDir: string): EncryptionKeys {
  const file = path.join(dataDir, KEY_FILE);
  let created = false;
  mkdirSync(dataDir, { recursive: true });
  try {
    const key = randomBytes(KEY_BYTES).toString('base64');
    writeFileSync(file, `${GENERATED_KEY_ID}:${key}\n`, { mode: 0o600, flag: 'wx' });
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const parsed = parseEncryptionKeys(readFileSync(file, 'utf8'));
  if (typeof parsed === 'string') {
    throw new Error(`Invalid configuration:\n  ${file} (the generated ${KEY_VARIABLE}) ${parsed}`);
  }
  return { ...parsed, file, created };
}
