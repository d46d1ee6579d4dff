import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp, uniqueEmail } from '../test/harness.js';

/** 25 sign-in attempts through one proxy (127.0.0.1, the injected peer), each claiming another address. */
async function spoofedAttempts(env: Record<string, string>, realClient: string) {
  const t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '20', ...env });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/token?grant_type=password',
        // The client wrote the first entry; the proxy appended the address it saw.
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}, ${realClient}` },
        payload: { email: uniqueEmail('guess'), password: 'Wrong-Password-1' },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  } finally {
    await t.close();
  }
}

describe('TRUST_PROXY', () => {
  it('with a hop count, a client cannot choose its address: the per-address limit still answers 429', async () => {
    const statuses = await spoofedAttempts({ TRUST_PROXY: '1' }, '198.51.100.7');
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it("with the proxies' addresses, the same", async () => {
    const statuses = await spoofedAttempts({ TRUST_PROXY: '127.0.0.1/32, 10.0.0.0/8' }, '203.0.113.9');
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it('refuses true, which would trust any client, and names a bad address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would let any client choose its address/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,proxy.example' })).toThrow(
      /TRUST_PROXY: proxy.example is not an IP address or CIDR range/,
    );
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});
