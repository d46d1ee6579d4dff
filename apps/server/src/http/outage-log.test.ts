import { expect, it } from 'vitest';
import { bearer, createTestApp, postBatch, setUpTracking, signUp, wireBatch } from '../test/harness.js';

it('logs an outage it answers with 503 once, not a line with a stack per refused request', async () => {
  const lines: string[] = [];
  const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  const owner = await signUp(t);
  const trackingId = await setUpTracking(t, owner.token);
  expect((await postBatch(t, wireBatch(trackingId, [{ type: 'click' }]))).statusCode).toBe(200);
  await t.database.close();
  const before = lines.length;

  const statuses: number[] = [];
  for (let i = 0; i < 40; i++)
    statuses.push((await postBatch(t, wireBatch(trackingId, [{ type: 'click' }]))).statusCode);
  for (let i = 0; i < 10; i++) {
    statuses.push(
      (await t.app.inject({ method: 'GET', url: '/api/v1/tracking/script', headers: bearer(owner.token) })).statusCode,
    );
  }
  expect(new Set(statuses)).toEqual(new Set([503]));

  // Info-level access lines (product routes; ingestion logs only warnings) are the request log, not the outage's.
  const during = lines
    .slice(before)
    .map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown })
    .filter((l) => l.msg !== 'incoming request' && l.msg !== 'request completed');
  expect(during.filter((l) => l.level >= 50)).toEqual([]);
  expect(during.filter((l) => l.err !== undefined)).toEqual([]);
  expect(during.filter((l) => l.msg.startsWith('answering 503'))).toHaveLength(1);
  expect(during).toHaveLength(1);
  await t.app.close();
});
