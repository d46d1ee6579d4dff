import { expect, it } from 'vitest';
import { createTestApp, latestMailTo, STRONG_PASSWORD, signUp, tokenFromMail } from '../../test/harness.js';

it('writes one audit line per sign-in, refresh and reset, with who and from where, and no secret', async () => {
  const lines: string[] = [];
  const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  try {
    const { email, session } = await signUp(t);
    const from = { remoteAddress: '198.51.100.23', headers: { 'user-agent': 'Audit-Test/1.0' } };
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=password',
      payload: { email, password: 'Wrong-Password-1' },
      ...from,
    });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=refresh_token',
      payload: { refresh_token: session.refresh_token },
      ...from,
    });
    expect(refreshed.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/recover', payload: { email }, ...from });
    const token = tokenFromMail((await latestMailTo(t, email))!.text);
    const newPassword = 'Audited-Password-7';
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, password: newPassword },
      ...from,
    });

    const audits = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => typeof entry.audit === 'string');
    const events = audits.map((a) => a.audit);
    expect(events).toEqual(
      expect.arrayContaining([
        'sign_up',
        'sign_in',
        'sign_in_failed',
        'session_refreshed',
        'reset_requested',
        'password_reset',
      ]),
    );
    for (const name of ['sign_in_failed', 'session_refreshed', 'reset_requested', 'password_reset']) {
      const entry = audits.find((a) => a.audit === name)!;
      expect(entry, name).toMatchObject({ ip: '198.51.100.23', user_agent: 'Audit-Test/1.0' });
      expect(typeof entry.user_id, name).toBe('string');
    }
    const text = JSON.stringify(audits);
    for (const secret of [token, session.refresh_token, session.access_token, STRONG_PASSWORD, newPassword, email]) {
      expect(text).not.toContain(secret);
    }
  } finally {
    await t.close();
  }
});
