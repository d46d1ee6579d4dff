import { type NeuromindProfile, type ProfileOutcomesResponse, round } from '@ri/contracts';
import { chiSquareSurvival, loadNeuromindModel, neuromindModelVersion } from '@ri/engine';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionIntelligence, trackingSessions } from '../../db/schema.js';
import { bearer, signUp } from '../../test/harness.js';
import { useOwnerApp } from '../../test/visits.js';
import { formatPValue } from './neuromind-outcomes.service.js';

const app = useOwnerApp();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Dwell = Record<string, number>;
type SessionSpec = {
  business?: string;
  visitor?: string;
  /** How long ago it started. */
  ago: number;
  profile?: NeuromindProfile | null;
  /** False: no session_intelligence row at all. */
  scored?: boolean;
  dwell?: Dwell;
  readiness?: number | null;
  conversions?: number;
  verified?: number;
  pageViews?: number;
  suspect?: string;
  /** Still active: its last event is now. */
  active?: boolean;
};

let profileModel: string;

/** Stores a finished (unless `active`) session and, unless `scored` is false, what the engine knows of it. */
async function addSession(spec: SessionSpec): Promise<{ id: string; visitor: string }> {
  const db = app.t.database.db;
  const business = spec.business ?? app.owner.businessId;
  const id = crypto.randomUUID();
  const visitor = spec.visitor ?? crypto.randomUUID();
  const startedAt = new Date(Date.now() - spec.ago);
  await db.insert(trackingSessions).values({
    businessId: business,
    id,
    trackingId: app.trackingId,
    visitorId: visitor,
    timeoutMs: 30 * 60_000,
    startedAt,
    lastEventAt: spec.active ? new Date() : new Date(startedAt.getTime() + 5 * 60_000),
    pageViews: spec.pageViews ?? 3,
    conversions: spec.conversions ?? 0,
    verifiedConversions: spec.verified ?? 0,
    suspect: spec.suspect ?? null,
  });
  if (spec.scored === false) return { id, visitor };
  const byType = Object.fromEntries(
    Object.entries(spec.dwell ?? {}).map(([type, dwellMs]) => [
      type,
      { views: 1, revisits: 0, dwellMs, forms: 0, abandons: 0 },
    ]),
  );
  await db.insert(sessionIntelligence).values({
    businessId: business,
    sessionId: id,
    signalState: {} as never,
    journeyState: { pageViews: 3, byType } as never,
    flowState: {} as never,
    signals: {},
    readinessScore: spec.readiness === undefined ? 50 : spec.readiness,
    neuromindProfile: spec.profile ?? null,
    profileModel: spec.profile ? profileModel : null,
  });
  return { id, visitor };
}

const read = async (query = '', token = app.owner.token) => app.get(`/analytics/neuromind-outcomes${query}`, token);
const body = async (query = '') => (await read(query)).json<ProfileOutcomesResponse>();
const row = (b: ProfileOutcomesResponse, profile: NeuromindProfile) => b.profiles.find((p) => p.profile === profile)!;

/**
 * The hand-made data set of the owner's business, 30-day window:
 * - Proof-Driven: 40 sessions, 10 converting; visitors of 4 came back a day later (4 unscored sessions);
 *   even sessions spent 40 of 80 s on reviews and comparison (0.5), odd ones all their time on reviews (1),
 *   the last no page time at all; readiness 60.
 * - Fast-Mover: 40 sessions, 2 converting; 10 of 40 s on pricing (0.25); readiness 40, one unscored.
 *   Its first visitor came back only in a flagged session, its second had been here before, and the third
 *   has a session in another business.
 * - Reassurer: 3 sessions, 1 converting (too few for the test); 5 of 10 s on FAQ.
 * - One scored session without a profile.
 * Left out: a flagged, an active, a page-less and a 40-day-old Proof-Driven session, and another business's.
 */
beforeAll(async () => {
  profileModel = neuromindModelVersion(loadNeuromindModel());
  for (let i = 0; i < 40; i++) {
    const dwell: Dwell =
      i === 39 ? {} : i % 2 === 0 ? { reviews: 30_000, comparison: 10_000, pricing: 40_000 } : { reviews: 20_000 };
    const s = await addSession({
      ago: 3 * DAY + i * HOUR,
      profile: 'Proof-Driven',
      dwell,
      readiness: 60,
      conversions: i < 10 ? 1 : 0,
    });
    if (i < 4) await addSession({ ago: 2 * DAY + i * HOUR, visitor: s.visitor, scored: false });
  }
  for (let i = 0; i < 40; i++) {
    const s = await addSession({
      ago: 5 * DAY + i * HOUR,
      profile: 'Fast-Mover',
      dwell: { pricing: 10_000, blog: 30_000 },
      readiness: i === 0 ? null : 40,
      conversions: i < 2 ? 1 : 0,
    });
    if (i === 0) await addSession({ ago: 4 * DAY, visitor: s.visitor, profile: 'Fast-Mover', suspect: 'surge' });
    if (i === 1) await addSession({ ago: 35 * DAY, visitor: s.visitor, scored: false });
    if (i === 2) {
      const other = await signUp(app.t, { businessName: 'Other Shop' });
      await addSession({ ago: 4 * DAY, visitor: s.visitor, business: other.businessId, profile: 'Fast-Mover' });
      for (let k = 0; k < 10; k++)
        await addSession({ ago: DAY, business: other.businessId, profile: 'Proof-Driven', conversions: 1 });
    }
  }
  for (let i = 0; i < 3; i++)
    await addSession({
      ago: 6 * DAY,
      profile: 'Reassurer',
      dwell: { faq: 5_000, pricing: 5_000 },
      conversions: i === 0 ? 1 : 0,
    });
  await addSession({ ago: DAY, profile: null, dwell: { home: 1_000 } });
  await addSession({ ago: DAY, profile: 'Proof-Driven', suspect: 'surge', conversions: 1 });
  await addSession({ ago: HOUR, profile: 'Proof-Driven', active: true });
  await addSession({ ago: DAY, profile: 'Proof-Driven', pageViews: 0 });
  const old = await addSession({ ago: 40 * DAY, profile: 'Proof-Driven', dwell: { reviews: 1_000 }, readiness: 60 });
  // 35 days later: not a return.
  await addSession({ ago: 5 * DAY, visitor: old.visitor, scored: false });
});

describe('GET /analytics/neuromind-outcomes', () => {
  it("counts the window's finished, unflagged sessions with a page view, and no other business's", async () => {
    const b = await body();
    expect(b.days).toBe(30);
    // 40 + 40 + 3 profiled, 1 without a profile, 4 + 1 returns without intelligence (the 40-day-old's too).
    expect({ sessions: b.sessions, classified: b.classified, unclassified: b.unclassified }).toEqual({
      sessions: 89,
      classified: 83,
      unclassified: 6,
    });
    expect(b.profiles.map((p) => p.profile)).toEqual([
      'Fast-Mover',
      'Proof-Driven',
      'Reassurer',
      'Skeptic',
      'Optimizer',
      'Authority-Seeker',
      'Experience-First',
    ]);
    expect(b.conversion_source).toBe('claimed');
  });

  it('computes each profile’s rates, interval, returns, matched content and readiness as by hand', async () => {
    const b = await body();
    expect(row(b, 'Proof-Driven')).toEqual({
      profile: 'Proof-Driven',
      matched_page_types: ['reviews', 'comparison'],
      sessions: 40,
      converted: 10,
      conversion_rate: 0.25,
      // Wilson 95% for 10/40.
      conversion_interval: [0.1419, 0.4019],
      return_rate: 0.1,
      // 20 sessions at 0.5, 19 at 1, one without page time left out.
      matched_content_share: round(29 / 39, 4),
      mean_readiness: 60,
    });
    expect(row(b, 'Fast-Mover')).toMatchObject({
      sessions: 40,
      converted: 2,
      conversion_rate: 0.05,
      return_rate: 0,
      matched_content_share: 0.25,
      mean_readiness: 40,
    });
    expect(row(b, 'Reassurer')).toMatchObject({ sessions: 3, converted: 1, matched_content_share: 0.5 });
  });

  it('gives null, never 0, for what a profile without sessions cannot tell', async () => {
    expect(row(await body(), 'Skeptic')).toEqual({
      profile: 'Skeptic',
      matched_page_types: ['pricing', 'faq', 'about'],
      sessions: 0,
      converted: 0,
      conversion_rate: null,
      conversion_interval: null,
      return_rate: null,
      matched_content_share: null,
      mean_readiness: null,
    });
  });

  it('tests profile against conversion over the profiles with 5 sessions or more', async () => {
    const { conversion_test: test } = await body();
    // [[10, 30], [2, 38]]: E = 6, 34, 6, 34, so χ² = 2 · (16/6 + 16/34); Reassurer's 3 sessions stay out.
    const chi = 2 * (16 / 6 + 16 / 34);
    expect(test).toMatchObject({
      status: 'tested',
      chi_square: round(chi, 3),
      degrees_of_freedom: 1,
      p_value: Number(chiSquareSurvival(chi, 1).toPrecision(3)),
      profiles_tested: ['Fast-Mover', 'Proof-Driven'],
    });
    expect(test.p_value).toBeCloseTo(0.0122, 4);
    expect(test.verdict).toBe(
      'Conversion differs by profile (p = 0.012): the profiles separate buyers from browsers on this site.',
    );
  });

  it('says the return rate is censored, with the mean follow-up', async () => {
    const { notes } = await body();
    expect(notes.return_rate).toMatch(/within 30 days after/);
    expect(notes.return_rate).toMatch(/\d+(\.\d)? days on average here/);
    expect(notes.conversion).toMatch(/browser/);
  });

  it('widens to 60 days, where the 40-day-old session counts and its visit 35 days later is no return', async () => {
    const b = await body('?days=60');
    expect(b.days).toBe(60);
    expect(row(b, 'Proof-Driven')).toMatchObject({ sessions: 41, return_rate: round(4 / 41, 4) });
    // And the earlier visit, 35 days ago, of Fast-Mover's second visitor.
    expect(b.sessions).toBe(91);
  });

  it('answers 400 naming days when days is out of 1–90 or not a whole number', async () => {
    for (const days of ['0', '91', 'abc', '2.5']) {
      const res = await read(`?days=${days}`);
      expect(res.statusCode, days).toBe(400);
      expect(res.json().error.field).toBe('days');
    }
  });

  it("refuses another business's user, and shows a new business nothing of this one", async () => {
    const stranger = await signUp(app.t);
    const res = await app.t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/neuromind-outcomes',
      headers: { ...bearer(stranger.token), 'x-business-id': app.owner.businessId },
    });
    expect([403, 404]).toContain(res.statusCode);
    const own = (await read('', stranger.token)).json<ProfileOutcomesResponse>();
    expect({ sessions: own.sessions, classified: own.classified }).toEqual({ sessions: 0, classified: 0 });
    expect(own.conversion_test).toMatchObject({ status: 'too_few_sessions', p_value: null, profiles_tested: [] });
    expect(own.conversion_test.verdict).toBe(
      'Not enough classified sessions yet: at least 60 more are needed. The test needs 2 profiles with 30 or more ' +
        'finished sessions each; the largest have 0 and 0.',
    );
  });

  it('counts verified sales only, once the business has any', async () => {
    const [fastMover] = await app.t.database.db
      .select({ id: trackingSessions.id })
      .from(trackingSessions)
      .innerJoin(
        sessionIntelligence,
        and(
          eq(sessionIntelligence.sessionId, trackingSessions.id),
          eq(sessionIntelligence.businessId, trackingSessions.businessId),
        ),
      )
      .where(
        and(
          eq(trackingSessions.businessId, app.owner.businessId),
          eq(sessionIntelligence.neuromindProfile, 'Fast-Mover'),
          // One the window counts: not the flagged return of the first Fast-Mover visitor.
          isNull(trackingSessions.suspect),
        ),
      )
      .orderBy(asc(trackingSessions.startedAt))
      .limit(1);
    await app.t.database.db
      .update(trackingSessions)
      .set({ verifiedConversions: 1 })
      .where(and(eq(trackingSessions.businessId, app.owner.businessId), eq(trackingSessions.id, fastMover!.id)));
    const b = await body();
    expect(b.conversion_source).toBe('verified');
    expect(row(b, 'Proof-Driven')).toMatchObject({ converted: 0, conversion_rate: 0 });
    expect(row(b, 'Fast-Mover')).toMatchObject({ converted: 1, conversion_rate: 0.025 });
    expect(b.conversion_test).toMatchObject({ status: 'too_few_outcomes', chi_square: null });
    expect(b.conversion_test.verdict).toBe(
      'Not enough conversions yet: the test needs 5 converting sessions among the profiles with 5 or more sessions, and there are 1.',
    );
  });
});

describe('formatPValue', () => {
  it('cites two significant digits, three where two would round across 0.05, and < 0.001 below', () => {
    expect(formatPValue(0.41)).toBe('= 0.41');
    expect(formatPValue(0.01225)).toBe('= 0.012');
    expect(formatPValue(0.0499)).toBe('= 0.0499');
    expect(formatPValue(0.0004)).toBe('< 0.001');
    expect(formatPValue(1)).toBe('= 1');
  });
});
