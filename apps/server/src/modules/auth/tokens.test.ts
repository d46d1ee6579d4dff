import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenSigner, digestToken } from './tokens.js';

const signer = createTokenSigner('a-secret-that-is-long-enough-for-tests-0001');

describe('access tokens', () => {
  it('round-trip the user and session, and expire in 15 minutes', async () => {
    const { token, expiresAt } = await signer.sign({ userId: 'u1', sessionId: 's1' });
    expect(expiresAt - Math.floor(Date.now() / 1000)).toBe(900);
    await expect(signer.verify(token)).resolves.toEqual({ userId: 'u1', sessionId: 's1' });
  });

  it('refuse tokens signed with another key, expired, or with alg none', async () => {
    const other = createTokenSigner('another-secret-that-is-long-enough-0002');
    const { token } = await other.sign({ userId: 'u1', sessionId: 's1' });
    await expect(signer.verify(token)).rejects.toThrow(/invalid JWT/);

    const key = new TextEncoder().encode('a-secret-that-is-long-enough-for-tests-0001');
    const expired = await new SignJWT({ sid: 's1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setAudience('authenticated')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    await expect(signer.verify(expired)).rejects.toThrow('Access token expired');

    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"u1","sid":"s1","aud":"authenticated"}').toString('base64url')}.`;
    await expect(signer.verify(none)).rejects.toThrow();
  });

  it('digest opaque tokens one-way and stably', () => {
    expect(digestToken('abc')).toBe(digestToken('abc'));
    expect(digestToken('abc')).not.toContain('abc');
  });
});
