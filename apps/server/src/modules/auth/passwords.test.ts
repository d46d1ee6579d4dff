import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertPasswordPolicy, hashPassword, verifyPassword } from './passwords.js';

describe('password policy', () => {
  it('refuses short and common passwords with reasons, accepts long uncommon ones', () => {
    expect(() => assertPasswordPolicy('abc1234')).toThrow(/at least 8/);
    expect(() => assertPasswordPolicy('iloveyou1')).toThrow(/too common/);
    expect(() => assertPasswordPolicy('PASSWORD123')).toThrow(/too common/);
    expect(() => assertPasswordPolicy('x'.repeat(129))).toThrow(/at most 128/);
    expect(() => assertPasswordPolicy('Lantern-Quarry-81')).not.toThrow();
    expect(() => assertPasswordPolicy('k'.repeat(64))).not.toThrow();
  });
});

describe('argon2id hashing', () => {
  it('stores argon2id with the OWASP parameters and verifies only the right password', async () => {
    const stored = await hashPassword('Lantern-Quarry-81');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Lantern-Quarry-81')).toBe(true);
    expect(await verifyPassword(stored, 'Lantern-Quarry-82')).toBe(false);
    expect(await verifyPassword('garbage', 'x')).toBe(false);
  });

  it('salts every hash', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 8, maxLength: 20 }), async (pw) => {
        expect(await hashPassword(pw)).not.toBe(await hashPassword(pw));
      }),
      { numRuns: 5 },
    );
  });
});
