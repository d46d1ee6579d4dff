import { loadNeuromindModel, neuromindModelVersion } from '@ri/engine';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { sessionIntelligence } from '../../db/schema.js';
import { useOwnerApp } from '../../test/visits.js';
import { sweepScores } from './scoring-sweep.js';

const app = useOwnerApp();

it('redoes profiles another model made once a new one is deployed, without a restart', async () => {
  const session = crypto.randomUUID();
  await app.ingest(app.visit(session, crypto.randomUUID()));
  const row = async () =>
    (await app.t.database.db.select().from(sessionIntelligence).where(eq(sessionIntelligence.sessionId, session)))[0]!;
  const current = neuromindModelVersion(loadNeuromindModel());
  expect((await row()).profileModel).toBe(current);

  // As if an older model had made the profile this screen shows.
  await app.t.database.db
    .update(sessionIntelligence)
    .set({ profileModel: 'ri.neuromind.v1@2026-01-01T00:00:00.000Z', neuromindProfile: 'Skeptic' })
    .where(eq(sessionIntelligence.sessionId, session));
  expect(await sweepScores(app.t.database, app.t.scorer, app.t.app.log)).toBeGreaterThanOrEqual(1);
  await app.t.scorer.drain();
  const redone = await row();
  expect(redone.profileModel).toBe(current);
  const answer = await app.get(`/tracking/sessions/${session}/neuromind-profile`);
  expect(answer.json().neuromind_profile).toBe(redone.neuromindProfile);
  // Nothing is left for the next sweep.
  expect(await sweepScores(app.t.database, app.t.scorer, app.t.app.log)).toBe(0);
});
