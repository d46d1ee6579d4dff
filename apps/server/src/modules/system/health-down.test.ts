import { expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';

it('answers 503 with the database marked down when it cannot be reached, and product calls get 503 not 500', async () => {
  const t = await createTestApp();
  await t.database.close();
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/token?grant_type=password',
    payload: { email: 'someone@example.test', password: 'Whatever-123' },
  });
  expect(login.statusCode).toBe(503);
  expect(login.headers['retry-after']).toBe('5');
  expect(login.json().error.code).toBe('service_unavailable');
  await t.app.close();
});
