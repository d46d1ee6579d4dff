import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOBS_ENABLED: 'true' });
});
afterAll(() => t.close());

it('reports the database and the job queue as up, with the queue the server runs', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
  expect(res.statusCode).toBe(200);
  const health = res.json();
  expect(health.status).toBe('ok');
  expect(health.database).toMatchObject({ status: 'up', driver: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  expect(health.database.latency_ms).toBeGreaterThanOrEqual(0);
  expect(health.jobs.status).toBe('up');
  expect(health.jobs.queues.map((q: { name: string }) => q.name)).toContain('mail.deliver-pending');
});

it('runs a job end to end through the queue', async () => {
  const boss = t.jobs()!.boss;
  await boss.createQueue('test.echo');
  const seen = new Promise<unknown>((resolve) => {
    void boss.work<{ n: number }>('test.echo', { pollingIntervalSeconds: 0.5 }, async ([job]) => resolve(job!.data));
  });
  await boss.send('test.echo', { n: 7 });
  await expect(seen).resolves.toEqual({ n: 7 });
});

it('serves the OpenAPI document with the auth routes', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/v1/auth/signup', '/api/v1/auth/token']));
});

it('answers unknown API routes with the error body, never HTML', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Route GET /api/v1/does-not-exist not found' } });
});

it('serves the tracking SDK so any site can load it, with caching', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/sdk/v1/tracker.min.js' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/javascript');
  expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  expect(res.body.length).toBeGreaterThan(1000);
  const again = await t.app.inject({
    method: 'GET',
    url: '/sdk/v1/tracker.min.js',
    headers: { 'if-none-match': String(res.headers.etag) },
  });
  expect(again.statusCode).toBe(304);
  const full = await t.app.inject({ method: 'GET', url: '/sdk/v1/tracker.js' });
  expect(full.body.length).toBeGreaterThan(res.body.length);
});
