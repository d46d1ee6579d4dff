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
  uniqueEmail,
} from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signupPayload = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: STRONG_PASSWORD,
  data: { first_name: 'Ada', last_name: 'Lovelace', business_name: 'Analytical Engines', industry: 'saas' },
  ...extra,
});
const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const login = (email: string, password: string) => post('/api/v1/auth/token?grant_type=password', { email, password });

describe('sign-up', () => {
  it('creates the user and an owned business, and signs in directly when no confirmation is required', async () => {
    const email = uniqueEmail('ada');
    const res = await post('/api/v1/auth/signup', signupPayload(email));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.confirmation_required).toBe(false);
    expect(body.session.token_type).toBe('bearer');
    expect(body.session.user.email).toBe(email);
    expect(body.session.user.user_metadata).toMatchObject({
      first_name: 'Ada',
      full_name: 'Ada Lovelace',
      business_name: 'Analytical Engines',
      industry: 'saas',
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/user',
      headers: bearer(body.session.access_token),
    });
    expect(me.json().email).toBe(email);
  });

  it.each([
    [{ email: '', password: '' }, 'missing_credentials', MESSAGES.missingCredentials, undefined],
    [{ password: '' }, 'missing_credentials', MESSAGES.missingCredentials, undefined],
    [{ email: 'not-an-email' }, 'validation_failed', 'Please enter a valid email address', 'email'],
    [{ data: { business_name: 'X' } }, 'validation_failed', MESSAGES.requiredFields, 'data.first_name'],
    [{ data: { first_name: 'X' } }, 'validation_failed', MESSAGES.requiredFields, 'data.business_name'],
    [{ password: 'short1' }, 'weak_password', 'Password should be at least 8 characters.', 'password'],
    [
      { password: 'password123' },
      'weak_password',
      'Password is too common and easy to guess; choose another one.',
      'password',
    ],
    [
      { data: { first_name: 'A', business_name: 'B', industry: 'mining' } },
      'validation_failed',
      undefined,
      'data.industry',
    ],
    [
      { data: { first_name: 'A', business_name: 'B', business_website: 'acme' } },
      'validation_failed',
      undefined,
      'data.business_website',
    ],
  ])('rejects %j with %s naming the field', async (override, code, message, field) => {
    const email = uniqueEmail('bad');
    const res = await post('/api/v1/auth/signup', { ...signupPayload(email), ...override });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const { error } = res.json();
    expect(error.code).toBe(code);
    if (message) expect(error.message).toBe(message);
    expect(error.field).toBe(field);
    // Nothing half-written: the rejected e-mail cannot sign in.
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(400);
  });

  it('accepts a 64-character password', async () => {
    const email = uniqueEmail('long');
    const password = 'Zq9!'.repeat(16);
    expect((await post('/api/v1/auth/signup', signupPayload(email, { password }))).statusCode).toBe(200);
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('answers an existing e-mail like a new one, without a session, and mails the owner instead', async () => {
    const { email } = await signUp(t);
    const res = await post('/api/v1/auth/signup', signupPayload(email.toUpperCase()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ session: null, confirmation_required: true, message: MESSAGES.confirmEmail });
    expect((await latestMailTo(t, email))?.subject).toBe('You already have an account');
    // The original password still works; the second sign-up changed nothing.
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });
});

describe('password grant', () => {
  it('signs in, and answers wrong passwords and unknown e-mails with the same message', async () => {
    const { email } = await signUp(t);
    const ok = await login(email, STRONG_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    const wrong = await login(email, 'Wrong-Password-99');
    const unknown = await login(uniqueEmail('ghost'), 'Wrong-Password-99');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe(MESSAGES.invalidCredentials);
  });

  it('requires credentials with the spec message', async () => {
    const res = await post('/api/v1/auth/token?grant_type=password', {});
    expect(res.json().error.message).toBe(MESSAGES.missingCredentials);
  });

  it('rejects an unknown grant type naming the query field', async () => {
    const res = await post('/api/v1/auth/token?grant_type=magic', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('grant_type');
  });
});

describe('refresh tokens', () => {
  it('rotate on each use, and a replayed token revokes the whole session family', async () => {
    const { session } = await signUp(t);
    const first = await post('/api/v1/auth/token?grant_type=refresh_token', { refresh_token: session.refresh_token });
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refresh_token).not.toBe(session.refresh_token);

    const replay = await post('/api/v1/auth/token?grant_type=refresh_token', { refresh_token: session.refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toMatch(/Already Used/);

    // The family is gone: the rotated refresh token and its access token stop working too.
    const afterwards = await post('/api/v1/auth/token?grant_type=refresh_token', {
      refresh_token: rotated.refresh_token,
    });
    expect(afterwards.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: bearer(rotated.access_token) });
    expect(me.statusCode).toBe(401);
  });

  it('rejects a missing or unknown refresh token', async () => {
    expect((await post('/api/v1/auth/token?grant_type=refresh_token', {})).statusCode).toBe(401);
    expect((await post('/api/v1/auth/token?grant_type=refresh_token', { refresh_token: 'nope' })).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('are required, and a tampered token is refused', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toBe(MESSAGES.noToken);
    const { token } = await signUp(t);
    const tampered = `${token.slice(0, -3)}abc`;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: bearer(tampered) })).statusCode,
    ).toBe(401);
  });
});

describe('logout scopes', () => {
  async function threeSessions() {
    const { email, token: a } = await signUp(t);
    const b = (await login(email, STRONG_PASSWORD)).json().access_token as string;
    const c = (await login(email, STRONG_PASSWORD)).json().access_token as string;
    return { a, b, c };
  }
  const alive = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: bearer(token) })).statusCode === 200;

  it('local ends only this session', async () => {
    const { a, b, c } = await threeSessions();
    expect((await post('/api/v1/auth/logout?scope=local', undefined, bearer(a))).statusCode).toBe(204);
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([false, true, true]);
  });
  it('others ends every session but this one', async () => {
    const { a, b, c } = await threeSessions();
    expect((await post('/api/v1/auth/logout?scope=others', undefined, bearer(a))).statusCode).toBe(204);
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([true, false, false]);
  });
  it('global ends them all', async () => {
    const { a, b, c } = await threeSessions();
    expect((await post('/api/v1/auth/logout?scope=global', undefined, bearer(a))).statusCode).toBe(204);
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([false, false, false]);
  });
  it('rejects an unknown scope', async () => {
    const { a } = await threeSessions();
    const res = await post('/api/v1/auth/logout?scope=everything', undefined, bearer(a));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('scope');
  });
});

describe('cookie mode (the web app)', () => {
  const cookieHeaders = { 'x-auth-mode': 'cookie' };
  const cookiesOf = (res: { cookies: { name: string; value: string; httpOnly?: boolean }[] }) =>
    Object.fromEntries(res.cookies.map((c) => [c.name, c]));

  it('keeps tokens in httpOnly cookies and out of the body', async () => {
    const { email } = await signUp(t);
    const res = await post(
      '/api/v1/auth/token?grant_type=password',
      { email, password: STRONG_PASSWORD },
      cookieHeaders,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toBeUndefined();
    expect(res.json().refresh_token).toBeUndefined();
    const jar = cookiesOf(res);
    expect(jar.ri_at?.httpOnly).toBe(true);
    expect(jar.ri_rt?.httpOnly).toBe(true);

    const cookie = `ri_at=${jar.ri_at!.value}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: { cookie } })).statusCode).toBe(200);
    // A state-changing call on the cookie alone (what a cross-site form could send) is refused.
    expect((await post('/api/v1/auth/logout', undefined, { cookie })).statusCode).toBe(401);

    const refreshed = await post(
      '/api/v1/auth/token?grant_type=refresh_token',
      {},
      {
        ...cookieHeaders,
        cookie: `ri_rt=${jar.ri_rt!.value}`,
      },
    );
    expect(refreshed.statusCode).toBe(200);
    expect(cookiesOf(refreshed).ri_rt!.value).not.toBe(jar.ri_rt!.value);

    const out = await post('/api/v1/auth/logout', undefined, {
      ...cookieHeaders,
      cookie: `ri_at=${cookiesOf(refreshed).ri_at!.value}`,
    });
    expect(out.statusCode).toBe(204);
    expect(cookiesOf(out).ri_at?.value).toBe('');
  });
});

describe('password recovery', () => {
  it('gives the same answer for known and unknown e-mails', async () => {
    const { email } = await signUp(t);
    const known = await post('/api/v1/auth/recover', { email });
    const unknown = await post('/api/v1/auth/recover', { email: uniqueEmail('nobody') });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(MESSAGES.resetSent);
  });

  it('asks for the e-mail with the spec message', async () => {
    const res = await post('/api/v1/auth/recover', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: MESSAGES.enterEmail, field: 'email' });
  });

  it('resets through the e-mailed link once, ends old sessions, and the new password signs in', async () => {
    const { email, token: oldAccess } = await signUp(t);
    await post('/api/v1/auth/recover', { email });
    const mail = await latestMailTo(t, email);
    expect(mail?.subject).toBe('Reset your password');
    expect(mail?.text).toContain('/auth/reset#token=');
    const token = tokenFromMail(mail!.text);

    const weak = await post('/api/v1/auth/reset-password', { token, password: 'qwertyuiop' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().error.reasons).toEqual(['pwned']);

    const ok = await post('/api/v1/auth/reset-password', { token, password: 'Brand-New-Secret-7' });
    expect(ok.statusCode).toBe(200);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(400);
    expect((await login(email, 'Brand-New-Secret-7')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: bearer(oldAccess) })).statusCode,
    ).toBe(401);

    const again = await post('/api/v1/auth/reset-password', { token, password: 'Another-Secret-8' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_token');
  });
});

/** Signs `email` in with a password from a client address. */
const signInFrom = (app: TestApp, email: string) => (password: string, remoteAddress: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/auth/token?grant_type=password',
    payload: { email, password },
    remoteAddress,
  });

describe('rate limits', () => {
  it('answer 429 with Retry-After per account after repeated failed logins', async () => {
    const limited = await createTestApp({ AUTH_ACCOUNT_LIMIT_PER_15_MIN: '3' });
    try {
      const { email } = await signUp(limited);
      const tryLogin = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/token?grant_type=password',
          payload: { email, password: 'Wrong-Password-99' },
        });
      for (let i = 0; i < 3; i++) expect((await tryLogin()).statusCode).toBe(400);
      const blocked = await tryLogin();
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().error.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });

  it("never lock the owner out from elsewhere: a guesser's attempts slow only the guesser", async () => {
    const limited = await createTestApp({ AUTH_ACCOUNT_LIMIT_PER_15_MIN: '3' });
    try {
      const { email } = await signUp(limited);
      const signIn = signInFrom(limited, email);
      for (let i = 0; i < 10; i++) await signIn('Wrong-Password-99', '198.51.100.66');
      expect((await signIn('Wrong-Password-99', '198.51.100.66')).statusCode).toBe(429);
      expect((await signIn(STRONG_PASSWORD, '203.0.113.5')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('cap failed sign-ins per account over every address, so brute force from many places stays slow', async () => {
    const limited = await createTestApp({ AUTH_ACCOUNT_FAILURES_PER_HOUR: '5' });
    try {
      const { email } = await signUp(limited);
      const signIn = signInFrom(limited, email);
      for (let i = 1; i <= 5; i++) expect((await signIn('Wrong-Password-99', `192.0.2.${i}`)).statusCode).toBe(400);
      const capped = await signIn(STRONG_PASSWORD, '192.0.2.6');
      expect(capped.statusCode).toBe(429);
      expect(capped.json().error.message).toMatch(/Too many attempts for this account\. Try again in \d+ seconds\./);
    } finally {
      await limited.close();
    }
  });

  it('answer 429 per IP above the configured rate', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/recover',
          payload: { email: uniqueEmail('ip') },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(codes.slice(5)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});
