import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailMessages } from '../../db/schema.js';
import { createTestApp, signUp, type TestApp, uniqueEmail } from '../../test/harness.js';

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
let smtp: SMTPServer;
let port: number;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

async function waitFor<T>(fn: () => T | undefined, ms = 5_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = fn();
    if (value) return value;
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

it('sends the reset e-mail over SMTP when SMTP_URL is set', async () => {
  const t: TestApp = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Revenue <no-reply@ri.test>',
  });
  try {
    const { email } = await signUp(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/recover', payload: { email } });
    expect(res.statusCode).toBe(200);
    const mail = await waitFor(() => received.find((m) => m.to.includes(email)));
    expect(mail.from).toBe('no-reply@ri.test');
    expect(mail.raw).toContain('Subject: Reset your password');
    expect(mail.raw.replace(/=\r?\n/g, '')).toMatch(
      /auth\/reset#token=3D[A-Za-z0-9_-]+|auth\/reset#token=[A-Za-z0-9_-]+/,
    );
    // The server receives the message before the sender hears its 250 and marks the row sent.
    await expect
      .poll(
        async () => (await t.database.db.select().from(emailMessages).where(eq(emailMessages.to, email)))[0]?.status,
        { timeout: 5_000, interval: 25 },
      )
      .toBe('sent');
  } finally {
    await t.close();
  }
});

it('keeps a message it could not deliver as failed with the reason, and the request still succeeds', async () => {
  const closed = new SMTPServer({ logger: false });
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const deadPort = (closed.server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));

  const t: TestApp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${deadPort}` });
  try {
    const { email } = await signUp(t, { email: uniqueEmail('undeliverable') });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/recover', payload: { email } });
    expect(res.statusCode).toBe(200);
    const failed = await (async () => {
      for (let i = 0; i < 200; i++) {
        const [r] = await t.database.db.select().from(emailMessages).where(eq(emailMessages.to, email));
        if (r?.status === 'failed') return r;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return undefined;
    })();
    expect(failed?.attempts).toBe(1);
    expect(failed?.lastError).toMatch(/ECONNREFUSED|connect/i);
  } finally {
    await t.close();
  }
});
