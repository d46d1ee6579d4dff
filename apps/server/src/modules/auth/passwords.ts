import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@ri/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../lib/errors.js';

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB memory, 2 iterations, parallelism 1. */
// `algorithm: 2` is Argon2id (a const enum in the typings, which isolated modules cannot read).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Passwords of at least the minimum length from a ranked list of leaked passwords (zxcvbn-ts, MIT). */
const COMMON_PASSWORDS = new Set(
  (dictionary['passwords-common'] as string[])
    .filter((p) => p.length >= PASSWORD_MIN_LENGTH)
    .map((p) => p.toLowerCase()),
);

/** Hashes a password with argon2id; the PHC string carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Checks a password against a stored hash without leaking timing about where they differ. */
export function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return verify(storedHash, password).catch(() => false);
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check so an unknown e-mail is not told apart by latency. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
}

/** Throws weak_password with reasons when a new password breaks the policy. */
export function assertPasswordPolicy(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new AppError('weak_password', `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`, {
      field: 'password',
      reasons: ['length'],
    });
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new AppError('validation_failed', `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`, {
      field: 'password',
    });
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    throw new AppError('weak_password', 'Password is too common and easy to guess; choose another one.', {
      field: 'password',
      reasons: ['pwned'],
    });
  }
}
