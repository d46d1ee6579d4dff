import type { FastifyBaseLogger } from 'fastify';
import type { Database, SqlExecutor } from '../../db/client.js';
import { createCoalescedMarks } from '../../lib/coalesced-marks.js';
import { readDirectory, storeDirectory } from './ad-directory.repo.js';
import { buildTagIndex } from './attribution-join.js';
import { firstChangedPaymentDay, rebuildConversionUnits } from './conversion-units.repo.js';
import {
  type AdDayRow,
  firstChangedAdDay,
  readDaysSince,
  rebuildAdDays,
  rebuildPlatformDays,
  rebuildWindowTotals,
  storeReadings,
} from './rollup-ads.repo.js';
import {
  addNewKeys,
  readStoredTags,
  rebuildChannelDays,
  rebuildConversionDays,
  rebuildSessionDays,
  rebuildTouches,
  rebuildUtmDays,
  resolveAllKeys,
} from './rollup-sessions.repo.js';

// Keeping the rollups current (decision 0026). Syncs and ingestion mark what changed (`ad_refresh_state`); a
// refresh rebuilds from the first day that changed, in one transaction per business, under an advisory lock so
// two processes never rebuild one business at once. Reads refresh first when something is marked, and a job
// refreshes marked businesses every minute so reads rarely wait.

const EVERYTHING = '0001-01-01';
const AD_TABLES = [
  'ad_campaigns',
  'ad_creatives',
  'ad_daily',
  'ad_campaign_daily',
  'ad_platform_daily',
  'ad_window_totals',
];
const SESSION_TABLES = [
  'ad_traffic_keys',
  'ad_touches',
  'ad_conversions',
  'ad_conversion_daily',
  'ad_session_daily',
  'ad_utm_daily',
  'ad_utm_visitors',
  'ad_channel_daily',
];
/** Vendor rows synced this long before a refresh began are read again by the next one (late commits). */
const WATERMARK_MARGIN_MS = 10 * 60_000;

export type Fatigue = {
  score: number | null;
  reason: string | null;
  baseline_ctr: number | null;
  recent_ctr: number | null;
  frequency: number | null;
  days_live: number;
};
export type Decay = { rate_per_day: number | null; r2: number | null; reason: string | null };

/** What the engine reads from an ad's texts and days (injected: the rules live in packages/engine). */
export type AdReadings = {
  triggers(texts: string[]): { trigger: string; evidence: string }[];
  fatigue(days: AdDayRow[]): Fatigue;
  decay(days: AdDayRow[]): Decay;
};

export type RefreshState = {
  adsDirty: boolean;
  sessionsDirtyFrom: string | null;
  chargesDirty: boolean;
  seq: { ads: number; sessions: number; charges: number };
  windowsAsOf: string | null;
  adsWatermark: Date | null;
  chargesWatermark: Date | null;
  sessionsBuilt: boolean;
  revenueCurrency: string | null;
  version: number;
  refreshedAt: Date | null;
};

const today = (now: Date) => now.toISOString().slice(0, 10);
const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
const earliest = (...days: (string | null | undefined)[]) =>
  days.filter((d): d is string => Boolean(d)).sort()[0] ?? null;

async function readState(q: SqlExecutor, businessId: string): Promise<RefreshState | null> {
  const { rows } = await q(
    `SELECT ads_dirty, sessions_dirty_from::text, charges_dirty, ads_seq, sessions_seq, charges_seq,
            windows_as_of::text, ads_watermark, charges_watermark, sessions_built, revenue_currency, version, refreshed_at
       FROM ad_refresh_state WHERE business_id = $1`,
    [businessId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    adsDirty: Boolean(r.ads_dirty),
    sessionsDirtyFrom: (r.sessions_dirty_from as string | null) ?? null,
    chargesDirty: Boolean(r.charges_dirty),
    seq: { ads: Number(r.ads_seq), sessions: Number(r.sessions_seq), charges: Number(r.charges_seq) },
    windowsAsOf: (r.windows_as_of as string | null) ?? null,
    adsWatermark: r.ads_watermark ? new Date(r.ads_watermark as string) : null,
    chargesWatermark: r.charges_watermark ? new Date(r.charges_watermark as string) : null,
    sessionsBuilt: Boolean(r.sessions_built),
    revenueCurrency: (r.revenue_currency as string | null) ?? null,
    version: Number(r.version),
    refreshedAt: r.refreshed_at ? new Date(r.refreshed_at as string) : null,
  };
}

/** Whether the rollups are behind what is stored (or behind the calendar). */
export const isStale = (state: RefreshState | null, now: Date) =>
  !state ||
  state.adsDirty ||
  state.chargesDirty ||
  state.sessionsDirtyFrom !== null ||
  !state.sessionsBuilt ||
  state.windowsAsOf !== today(now);

/**
 * The currency payments count as revenue in: the ad accounts' (so revenue and spend compare), else the Stripe
 * account's; null when neither is known.
 */
async function revenueCurrencyOf(q: SqlExecutor, businessId: string): Promise<string | null> {
  const { rows } = await q(
    `SELECT (SELECT CASE WHEN count(DISTINCT currency) = 1 THEN min(currency) END FROM ad_campaigns WHERE business_id = $1) AS ads,
            (SELECT upper(account_info->>'default_currency') FROM integrations
              WHERE business_id = $1 AND provider = 'stripe') AS stripe`,
    [businessId],
  );
  return ((rows[0]?.ads ?? rows[0]?.stripe) as string | null) ?? null;
}

/** Rebuilds the ad side: directory, tags, days from the first changed one, the engine's readings, windows. */
async function refreshAds(q: SqlExecutor, businessId: string, state: RefreshState, now: Date, readings: AdReadings) {
  const directory = await readDirectory(q, businessId, now);
  await storeDirectory(
    q,
    businessId,
    directory.campaigns,
    directory.creatives.map((c) => ({ ...c, triggers: readings.triggers(c.texts) })),
  );
  const from = await firstChangedAdDay(q, businessId, state.adsWatermark);
  if (from) {
    await rebuildAdDays(q, businessId, from);
    const ads = await readDaysSince(q, businessId, 'ad', from);
    await storeReadings(
      q,
      businessId,
      'ad',
      [...ads].map(([id, days]) => ({ id, fatigue: readings.fatigue(days), decay: readings.decay(days) })),
    );
    const campaigns = await readDaysSince(q, businessId, 'campaign', from);
    await storeReadings(
      q,
      businessId,
      'campaign',
      [...campaigns].map(([id, days]) => ({ id, decay: readings.decay(days) })),
    );
  } else {
    // Currencies or campaigns may have changed without new days.
    await rebuildPlatformDays(q, businessId, EVERYTHING);
  }
  const index = buildTagIndex(directory.campaignTags, directory.adTags);
  if ((await resolveAllKeys(q, businessId, index)) > 0) {
    await rebuildChannelDays(q, businessId, EVERYTHING);
    await rebuildConversionDays(q, businessId, EVERYTHING);
  }
}

/** Brings one business's rollups up to date; answers whether anything was rebuilt. */
export async function refreshBusiness(
  database: Database,
  businessId: string,
  readings: AdReadings,
  now = new Date(),
): Promise<boolean> {
  await database.executeSql(
    'INSERT INTO ad_refresh_state (business_id) VALUES ($1) ON CONFLICT (business_id) DO NOTHING',
    [businessId],
  );
  return database.transaction(async (q) => {
    await q(`SELECT pg_advisory_xact_lock(hashtext('ad-rollups:' || $1))`, [businessId]);
    const state = await readState(q, businessId);
    if (!state || !isStale(state, now)) return false;
    const startedAt = new Date(now.getTime() - WATERMARK_MARGIN_MS);
    const day = today(now);

    if (state.adsDirty) await refreshAds(q, businessId, state, now, readings);
    if (state.adsDirty || state.windowsAsOf !== day) await rebuildWindowTotals(q, businessId, day);

    const currency = await revenueCurrencyOf(q, businessId);
    const payments = state.chargesDirty ? await firstChangedPaymentDay(q, businessId, state.chargesWatermark) : null;
    const from =
      !state.sessionsBuilt || currency !== state.revenueCurrency
        ? EVERYTHING
        : earliest(state.sessionsDirtyFrom, payments ? dayBefore(payments, 2) : null);
    if (from) {
      const tags = await readStoredTags(q, businessId);
      await addNewKeys(q, businessId, from, buildTagIndex(tags.campaignTags, tags.adTags));
      await rebuildTouches(q, businessId, from);
      // A first build fills ad_touches from nothing: without statistics the planner walks the wrong index when each
      // payment looks for its visitor's last touch (a minute instead of a fraction of a second at 50,000 sessions).
      if (from === EVERYTHING) await q('ANALYZE ad_touches');
      const sessionsFrom = await rebuildConversionUnits(q, businessId, from, currency);
      // Payments' units changed from two hours before `from`: their day, the day before at the earliest.
      await rebuildConversionDays(q, businessId, from === EVERYTHING ? EVERYTHING : dayBefore(from, 1));
      await rebuildSessionDays(q, businessId, sessionsFrom);
      await rebuildUtmDays(q, businessId, sessionsFrom);
      await rebuildChannelDays(q, businessId, sessionsFrom);
    }

    // Tables rebuilt wholesale get fresh statistics at once, or the planner would read them as empty (a first
    // build) until autovacuum's next pass.
    const analyse = [
      ...(state.adsDirty ? AD_TABLES : state.windowsAsOf !== day ? ['ad_window_totals'] : []),
      ...(from === EVERYTHING ? SESSION_TABLES : []),
    ];
    if (analyse.length > 0) await q(`ANALYZE ${analyse.join(', ')}`);

    // Marks made while this ran (a higher sequence number of their kind) stay for the next refresh.
    await q(
      `UPDATE ad_refresh_state SET
         ads_dirty = ads_dirty AND ads_seq <> $2,
         sessions_dirty_from = CASE WHEN sessions_seq = $3 THEN NULL ELSE sessions_dirty_from END,
         charges_dirty = charges_dirty AND charges_seq <> $4,
         windows_as_of = $5::date,
         ads_watermark = CASE WHEN $6 THEN $7::timestamptz ELSE ads_watermark END,
         charges_watermark = CASE WHEN $8 THEN $7::timestamptz ELSE charges_watermark END,
         sessions_built = true, revenue_currency = $9, version = version + 1, refreshed_at = now()
       WHERE business_id = $1`,
      [
        businessId,
        state.seq.ads,
        state.seq.sessions,
        state.seq.charges,
        day,
        state.adsDirty,
        startedAt,
        state.chargesDirty,
        currency,
      ],
    );
    return true;
  });
}

export type RefreshChange = { ads?: boolean; charges?: boolean; sessionsFrom?: string };

/**
 * Marks what changed for each business, coalesced in memory and written at most every `flushMs`: ingestion calls
 * this for every stored batch. Ad and payment syncs start a business's rollups; sessions only mark a business
 * whose rollups exist (one nobody opened Ad Intelligence for is built on its first read).
 */
export function createRefreshMarks(database: Database, log: FastifyBaseLogger, flushMs = 500) {
  async function write(businessId: string, change: RefreshChange): Promise<void> {
    const values = [businessId, Boolean(change.ads), Boolean(change.charges), change.sessionsFrom ?? null];
    const set = `ads_dirty = ad_refresh_state.ads_dirty OR $2, charges_dirty = ad_refresh_state.charges_dirty OR $3,
                 sessions_dirty_from = least(ad_refresh_state.sessions_dirty_from, $4::date),
                 ads_seq = ad_refresh_state.ads_seq + $2::int, charges_seq = ad_refresh_state.charges_seq + $3::int,
                 sessions_seq = ad_refresh_state.sessions_seq + ($4::date IS NOT NULL)::int`;
    if (change.ads || change.charges) {
      await database.executeSql(
        `INSERT INTO ad_refresh_state (business_id, ads_dirty, charges_dirty, sessions_dirty_from)
         VALUES ($1, true, $3, $4::date) ON CONFLICT (business_id) DO UPDATE SET ${set}`,
        values,
      );
    } else {
      await database.executeSql(`UPDATE ad_refresh_state SET ${set} WHERE business_id = $1`, values);
    }
  }

  return createCoalescedMarks<RefreshChange>({
    flushMs,
    log,
    what: 'ad rollups',
    write,
    merge: (was = {}, change) => ({
      ads: was.ads || change.ads,
      charges: was.charges || change.charges,
      sessionsFrom: earliest(was.sessionsFrom, change.sessionsFrom) ?? undefined,
    }),
  });
}
export type RefreshMarks = ReturnType<typeof createRefreshMarks>;

/** The businesses with something marked, or whose windows are from another day. */
export async function staleBusinesses(database: Database, now = new Date()): Promise<string[]> {
  const { rows } = await database.executeSql(
    `SELECT business_id::text AS id FROM ad_refresh_state
      WHERE ads_dirty OR charges_dirty OR sessions_dirty_from IS NOT NULL OR NOT sessions_built
         OR windows_as_of IS DISTINCT FROM $1::date`,
    [today(now)],
  );
  return rows.map((r) => String(r.id));
}

export { readState as readRefreshState };
