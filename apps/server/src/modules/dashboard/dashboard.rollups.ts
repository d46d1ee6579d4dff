import { READINESS_THRESHOLDS } from '@ri/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, SqlExecutor } from '../../db/client.js';
import { stripeFactor } from '../../db/sql-fragments.js';
import { createCoalescedMarks } from '../../lib/coalesced-marks.js';
import { joinInFlight } from '../../lib/in-flight.js';
import { refreshBehindDue } from '../../lib/refresh-behind.js';

// The dashboard's rollups (decision 0032): sessions and money per day, so a window of any length sums at most a year
// of narrow rows. Ingestion and scoring mark the first day that changed, payment syncs mark the money; a refresh
// rebuilds from that day in one transaction under an advisory lock (one process at a time per business). Reads
// answer from the rollups and refresh behind the answer when they are older than FRESH_MS; a first build is waited
// for. A job refreshes every marked business each minute.

/** A read answers from rollups refreshed at most this long ago without waiting (the spec's 180 s cache, halved). */
export const FRESH_MS = 60_000;
const EVERYTHING = '0001-01-01';

export type DashboardChange = { sessionsFrom?: string; money?: boolean };

type State = {
  sessionsDirtyFrom: string | null;
  moneyDirty: boolean;
  seq: number;
  sessionsBuilt: boolean;
  refreshedAt: Date | null;
};

export async function readDashboardState(q: SqlExecutor, businessId: string): Promise<State | null> {
  const { rows } = await q(
    `SELECT sessions_dirty_from::text, money_dirty, seq, sessions_built, refreshed_at
       FROM dashboard_refresh_state WHERE business_id = $1`,
    [businessId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    sessionsDirtyFrom: (r.sessions_dirty_from as string | null) ?? null,
    moneyDirty: Boolean(r.money_dirty),
    seq: Number(r.seq),
    sessionsBuilt: Boolean(r.sessions_built),
    refreshedAt: r.refreshed_at ? new Date(r.refreshed_at as string) : null,
  };
}

const isDirty = (s: State | null) => !s?.sessionsBuilt || s.moneyDirty || s.sessionsDirtyFrom !== null;

/** Rebuilds the sessions' days from `from` on (UTC days of the sessions' start). */
async function rebuildSessionDays(q: SqlExecutor, businessId: string, from: string) {
  await q('DELETE FROM dashboard_session_daily WHERE business_id = $1 AND date >= $2::date', [businessId, from]);
  await q(
    `INSERT INTO dashboard_session_daily (business_id, date, sessions, bounced, duration_ms, converted_sessions,
        conversions, rage_clicks, friction_sessions, readiness_sum, readiness_n, ready_sessions, paid_sessions, paid_engaged)
     SELECT s.business_id, (s.started_at AT TIME ZONE 'UTC')::date, count(*),
            count(*) FILTER (WHERE s.page_views <= 1 AND s.conversions = 0),
            coalesce(sum(extract(epoch FROM (s.last_event_at - s.started_at)) * 1000), 0)::bigint,
            count(*) FILTER (WHERE s.conversions > 0), coalesce(sum(s.conversions), 0),
            coalesce(sum(s.rage_clicks), 0), count(*) FILTER (WHERE s.rage_clicks > 0),
            coalesce(sum(i.readiness_score), 0), count(i.readiness_score),
            count(*) FILTER (WHERE i.readiness_score >= ${READINESS_THRESHOLDS.ready}),
            count(*) FILTER (WHERE s.traffic_source IN ('paid_search', 'paid_social')),
            count(*) FILTER (WHERE s.traffic_source IN ('paid_search', 'paid_social')
                               AND NOT (s.page_views <= 1 AND s.conversions = 0))
       FROM tracking_sessions s
       LEFT JOIN session_intelligence i ON i.business_id = s.business_id AND i.session_id = s.id
      WHERE s.business_id = $1 AND s.started_at >= ($2::date::timestamp AT TIME ZONE 'UTC') AND s.suspect IS NULL
      GROUP BY 1, 2`,
    [businessId, from],
  );
}

/**
 * Rebuilds the money days from the payment account's balance transactions: every amount is in the account's
 * balance currency whatever the customer paid in (Stripe converts at settlement), so charges in two currencies add
 * up. Orders are the charges; refunds and disputes count on the day they happened.
 */
async function rebuildMoneyDays(q: SqlExecutor, businessId: string) {
  await q('DELETE FROM dashboard_money_daily WHERE business_id = $1', [businessId]);
  await q(
    `INSERT INTO dashboard_money_daily (business_id, date, currency, gross, refunds, disputes, orders)
     SELECT business_id, (created_at AT TIME ZONE 'UTC')::date, upper(currency),
            coalesce(sum(amount) FILTER (WHERE reporting_category = 'charge'), 0) / ${stripeFactor('upper(currency)')},
            coalesce(sum(amount) FILTER (WHERE reporting_category IN ('refund', 'refund_failure')), 0)
              / ${stripeFactor('upper(currency)')},
            coalesce(sum(amount) FILTER (WHERE reporting_category IN ('dispute', 'dispute_reversal')), 0)
              / ${stripeFactor('upper(currency)')},
            count(*) FILTER (WHERE reporting_category = 'charge' AND amount > 0)
       FROM stripe_balance_transactions
      WHERE business_id = $1
        AND reporting_category IN ('charge', 'refund', 'refund_failure', 'dispute', 'dispute_reversal')
      GROUP BY 1, 2, 3`,
    [businessId],
  );
}

/** Brings one business's rollups up to date; false when another process holds it (it is doing the same). */
export async function refreshDashboard(database: Database, businessId: string): Promise<boolean> {
  return database.transaction(async (q) => {
    const { rows } = await q('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [`dashboard:${businessId}`]);
    if (!rows[0]?.locked) return false;
    await q('INSERT INTO dashboard_refresh_state (business_id) VALUES ($1) ON CONFLICT DO NOTHING', [businessId]);
    const state = (await readDashboardState(q, businessId))!;
    const from = state.sessionsBuilt ? state.sessionsDirtyFrom : EVERYTHING;
    if (from) await rebuildSessionDays(q, businessId, from);
    if (state.moneyDirty) await rebuildMoneyDays(q, businessId);
    await q(
      `UPDATE dashboard_refresh_state SET
         sessions_dirty_from = CASE WHEN seq = $2 THEN NULL ELSE sessions_dirty_from END,
         money_dirty = money_dirty AND seq <> $2, sessions_built = true, refreshed_at = now()
       WHERE business_id = $1`,
      [businessId, state.seq],
    );
    return true;
  });
}

const running = new Map<string, Promise<boolean>>();
/** How long each business's last refresh in this process took (ms). */
const lastDuration = new Map<string, number>();

/** One refresh of a business at a time in this process; callers during a refresh share it. */
export function refreshDashboardOnce(database: Database, businessId: string): Promise<boolean> {
  const under = running.get(businessId);
  if (under) return under;
  const t0 = performance.now();
  const started = refreshDashboard(database, businessId).finally(() => {
    running.delete(businessId);
    lastDuration.set(businessId, performance.now() - t0);
  });
  running.set(businessId, started);
  return started;
}

export const dashboardRefreshesIdle = () => Promise.all([...running.values()].map((p) => p.catch(() => false)));

const ensuring = new Map<string, Promise<Date | null>>();

/**
 * Before a read: a business never built (or whose money changed) is refreshed first; one whose sessions changed is
 * answered from its rollups while they are younger than FRESH_MS, and refreshed behind the answer.
 */
export function ensureDashboardFresh(
  database: Database,
  businessId: string,
  marks?: DashboardMarks,
): Promise<Date | null> {
  // Reads of one moment (the dashboard's own and its market figures') share one check instead of queueing three.
  return joinInFlight(ensuring, businessId, () => ensureFresh(database, businessId, marks));
}

async function ensureFresh(database: Database, businessId: string, marks?: DashboardMarks): Promise<Date | null> {
  const held = marks?.held(businessId);
  const answersNow = (state: State | null): state is State & { refreshedAt: Date } =>
    Boolean(
      state?.sessionsBuilt &&
        !state.moneyDirty &&
        state.refreshedAt &&
        Date.now() - state.refreshedAt.getTime() < FRESH_MS,
    );
  const behind = (state: State & { refreshedAt: Date }) => {
    // Under a stream of visits nearly every read finds a mark: refreshes behind reads take a bounded share of time.
    if (refreshBehindDue(Date.now() - state.refreshedAt.getTime(), lastDuration.get(businessId))) {
      void (async () => {
        await marks?.flush(businessId);
        await refreshDashboardOnce(database, businessId);
      })().catch(() => false);
    }
    return state.refreshedAt;
  };
  if (!held?.money) {
    // Visits marked here and not yet written change nothing a young rollup may not answer: written behind the answer,
    // which saves a write on every read under a stream of visits. Money is never answered stale.
    const state = await readDashboardState(database.executeSql, businessId);
    if (state && !held && !isDirty(state)) return state.refreshedAt;
    if (answersNow(state)) return behind(state);
  }
  await marks?.flush(businessId);
  const state = await readDashboardState(database.executeSql, businessId);
  if (!isDirty(state)) return state!.refreshedAt;
  if (answersNow(state)) return behind(state);
  await refreshDashboardOnce(database, businessId);
  // Another process may have held the lock: it has just refreshed, or is about to.
  return (await readDashboardState(database.executeSql, businessId))?.refreshedAt ?? null;
}

/** Rebuilds everything at the next refresh (the cache-invalidate call). */
export async function invalidateDashboard(database: Database, businessId: string): Promise<void> {
  await database.executeSql(
    `INSERT INTO dashboard_refresh_state (business_id, sessions_built, money_dirty) VALUES ($1, false, true)
     ON CONFLICT (business_id) DO UPDATE SET sessions_built = false, money_dirty = true,
       seq = dashboard_refresh_state.seq + 1`,
    [businessId],
  );
}

/** Businesses with something marked. */
export async function dirtyDashboards(database: Database): Promise<string[]> {
  const { rows } = await database.executeSql(
    `SELECT business_id::text AS id FROM dashboard_refresh_state
      WHERE money_dirty OR sessions_dirty_from IS NOT NULL OR NOT sessions_built`,
  );
  return rows.map((r) => String(r.id));
}

const earliest = (a?: string | null, b?: string | null) => (!a ? (b ?? undefined) : !b ? a : a < b ? a : b);

/**
 * Marks what changed, coalesced in memory and written at most every `flushMs` (ingestion calls this for every
 * stored batch). Only businesses whose rollups exist are marked for sessions: one nobody opened the dashboard of is
 * built on its first read; a payment sync creates the state.
 */
export function createDashboardMarks(database: Database, log: FastifyBaseLogger, flushMs = 500) {
  async function write(businessId: string, change: DashboardChange): Promise<void> {
    const values = [businessId, change.sessionsFrom ?? null, Boolean(change.money)];
    const set = `sessions_dirty_from = least(dashboard_refresh_state.sessions_dirty_from, $2::date),
                 money_dirty = dashboard_refresh_state.money_dirty OR $3, seq = dashboard_refresh_state.seq + 1`;
    if (change.money) {
      await database.executeSql(
        `INSERT INTO dashboard_refresh_state (business_id, sessions_dirty_from, money_dirty) VALUES ($1, $2::date, true)
         ON CONFLICT (business_id) DO UPDATE SET ${set}`,
        values,
      );
    } else {
      await database.executeSql(`UPDATE dashboard_refresh_state SET ${set} WHERE business_id = $1`, values);
    }
  }

  return createCoalescedMarks<DashboardChange>({
    flushMs,
    log,
    what: 'dashboard rollups',
    write,
    merge: (was = {}, change) => ({
      sessionsFrom: earliest(was.sessionsFrom, change.sessionsFrom),
      money: was.money || change.money,
    }),
  });
}
export type DashboardMarks = ReturnType<typeof createDashboardMarks>;
