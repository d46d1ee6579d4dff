import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { trackingSessions } from '../../db/schema.js';
import { createTestApp, postBatch, setUpTracking, signUp, wireBatch } from '../../test/harness.js';
import { finishedSessionSamples } from './readiness-model.repo.js';

it('leaves sessions flagged as likely forged out of what a refit learns from', async () => {
  const t = await createTestApp();
  try {
    const owner = await signUp(t);
    const trackingId = await setUpTracking(t, owner.token);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const batch = wireBatch(trackingId, [{ type: 'page_view', url: 'https://shop.example/pricing' }]);
      expect((await postBatch(t, batch)).statusCode).toBe(200);
      ids.push(batch.session_id);
    }
    await t.ingest.drain();
    await t.scorer.drain();
    // Finished sessions, one of them flagged by the anomaly guard.
    await t.database.db
      .update(trackingSessions)
      .set({ timeoutMs: 1, lastEventAt: sql`now() - interval '1 minute'` })
      .where(eq(trackingSessions.businessId, owner.businessId));
    expect(await finishedSessionSamples(t.database, owner.businessId)).toHaveLength(4);
    await t.database.db
      .update(trackingSessions)
      .set({ suspect: 'Surge: 212 sessions from one network within 60 minutes' })
      .where(eq(trackingSessions.id, ids[0]!));
    expect(await finishedSessionSamples(t.database, owner.businessId)).toHaveLength(3);
  } finally {
    await t.close();
  }
});
