import { MESSAGES } from '@ri/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  latestMailTo,
  STRONG_PASSWORD,
  signUp,
  type TestApp,
  tokenFromMail,
} from '../../test/harness.js';
import { HIDDEN_TOKEN } from './outbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('the local mail outbox', () => {
  it('never hands a live reset token to someone holding only an access token', async () => {
    const victim = await signUp(t);
    // The attacker has the victim's short-lived access token, nothing else.
    expect((await post('/api/v1/auth/recover', { email: victim.email })).statusCode).toBe(200);
    const outbox = await t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox', headers: bearer(victim.token) });
    expect(outbox.statusCode).toBe(200);
    const reset = outbox.json().messages.find((m: { subject: string }) => m.subject === 'Reset your password');
    expect(reset.text).toContain(`#token=${HIDDEN_TOKEN}`);
    const realToken = tokenFromMail((await latestMailTo(t, victim.email))!.text);
    expect(outbox.body).not.toContain(realToken);

    // Whatever the attacker reads out of the outbox does not reset the password.
    const stolen = /token=(\S+)/.exec(reset.text)![1]!;
    const attempt = await post('/api/v1/auth/reset-password', { token: stolen, password: 'Attacker-Chosen-99' });
    expect(attempt.statusCode).toBe(400);
    expect(attempt.json().error.code).toBe('invalid_token');
    const signIn = await post('/api/v1/auth/token?grant_type=password', {
      email: victim.email,
      password: STRONG_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('does not exist when mail goes over SMTP', async () => {
    const smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const user = await signUp(smtp);
      const res = await smtp.app.inject({ method: 'GET', url: '/api/v1/dev/outbox', headers: bearer(user.token) });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toContain('no local mail outbox');
    } finally {
      await smtp.close();
    }
  });
});

describe('secrets in the log', () => {
  it('keeps reset tokens out of every log line but the outbox mode print of the mail', async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const { email } = await signUp(logged);
      await logged.app.inject({ method: 'POST', url: '/api/v1/auth/recover', payload: { email } });
      const token = tokenFromMail((await latestMailTo(logged, email))!.text);
      // A link of the older form, with the token in the query, opened in a browser.
      await logged.app.inject({ method: 'GET', url: `/auth/reset?token=${token}` });
      await logged.app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { token, password: 'x' },
      });
      const withToken = lines.filter((line) => line.includes(token));
      expect(withToken).toHaveLength(1);
      expect(withToken[0]).toContain('mail kept in local outbox');
      expect(lines.some((line) => line.includes('/auth/reset?token=[redacted]'))).toBe(true);
      expect(MESSAGES.resetSent).toBeTruthy();
    } finally {
      await logged.close();
    }
  });
});
