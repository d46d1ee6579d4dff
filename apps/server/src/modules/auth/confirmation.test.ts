import { MESSAGES } from '@ri/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  latestMailTo,
  STRONG_PASSWORD,
  type TestApp,
  tokenFromMail,
  uniqueEmail,
} from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true' });
});
afterAll(() => t.close());

it('with AUTH_REQUIRE_EMAIL_CONFIRMATION=true, sign-up waits for the e-mailed link, which then signs the user in', async () => {
  const email = uniqueEmail('confirm');
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { email, password: STRONG_PASSWORD, data: { first_name: 'Grace', business_name: 'Compilers Ltd' } },
  });
  expect(signup.json()).toEqual({ session: null, confirmation_required: true, message: MESSAGES.confirmEmail });

  const early = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/token?grant_type=password',
    payload: { email, password: STRONG_PASSWORD },
  });
  expect(early.statusCode).toBe(400);
  expect(early.json().error.message).toBe(MESSAGES.emailNotConfirmed);

  const mail = await latestMailTo(t, email);
  expect(mail?.subject).toBe('Confirm your e-mail address');
  const token = tokenFromMail(mail!.text);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify',
    payload: { token, type: 'signup' },
  });
  expect(verified.statusCode).toBe(200);
  expect(verified.json().user.email_confirmed_at).not.toBeNull();

  const reused = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify', payload: { token, type: 'signup' } });
  expect(reused.json().error.code).toBe('invalid_token');

  const later = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/token?grant_type=password',
    payload: { email, password: STRONG_PASSWORD },
  });
  expect(later.statusCode).toBe(200);
});

it('with confirmation on, sign-up answers a registered e-mail exactly as a new one', async () => {
  const signup = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email, password: STRONG_PASSWORD, data: { first_name: 'Ada', business_name: 'Engines' } },
    });
  const taken = uniqueEmail('taken');
  await signup(taken);
  const [again, fresh] = [await signup(taken), await signup(uniqueEmail('fresh'))];
  expect(again.statusCode).toBe(fresh.statusCode);
  expect(again.body).toBe(fresh.body);
  expect((await latestMailTo(t, taken))?.subject).toBe('You already have an account');
});
