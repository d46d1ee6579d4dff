import { metaAdInsights } from '../../../../db/schema.js';
import type { SyncPause, SyncPhase } from '../../sync/sync-phase.js';
import { VendorError } from '../../vendor-error.js';
import type { MetaThrottleHint } from './meta-client.js';
import { insightRow } from './meta-rows.js';
import { type MetaSyncClient, throttlePause, upsert } from './meta-sync-client.js';

// Daily ad-level insights of a date range, read in chunks: a chunk of a few days is paged synchronously, a longer
// one through an asynchronous report (Marketing API "Insights API: Asynchronous Jobs": POST /act_<id>/insights →
// report_run_id, GET /<report_run_id> until async_status is "Job Completed", then GET /<report_run_id>/insights).
// Where the read stands (range, chunk, report, page cursor) is the phase's cursor, committed with each page, so a
// run stopped at any moment continues with the same report and page.

/** The first run reads this many days back; later runs from the engine's `since` (last run, less 28 days). */
export const FIRST_RUN_DAYS = 90;
/** Days Meta still restates: later runs read them again (the engine's trailing window). */
export const RESTATED_DAYS = 28;
/** Meta keeps insights for 37 months; a range never starts before this many days back. */
const MAX_DAYS_BACK = 1_095;
/** Days per report: small enough for Meta to prepare quickly, large enough to need few. */
export const JOB_DAYS = 30;
/** Chunks of at most this many days are read synchronously (Meta refuses large synchronous ranges). */
export const SYNC_MAX_DAYS = 3;
const PAGE = 500;
/** Waits between status reads of a report: 0.5 s, growing by half each time, to 30 s. */
const pollDelay = (polls: number) => Math.min(30_000, Math.round(500 * 1.5 ** polls));
/** A report Meta fails this often in a row fails the sync. */
const MAX_JOB_FAILURES = 3;

type Cursor = {
  v: 1;
  /** The last day of the whole range (the ad account's time zone). */
  end: string;
  /** The chunk being read, both days included. */
  from: string;
  to: string;
  /** The chunk's report (asynchronous chunks), once started. */
  job: string | null;
  /** The report has completed: its rows are being paged. */
  ready: boolean;
  /** Graph's `after` cursor within the chunk's rows. */
  after: string | null;
  polls: number;
  failures: number;
  /** The next chunk's report, started while this one's rows are read so that Meta prepares it meanwhile. */
  nextJob: string | null;
};

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const span = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
const minDay = (a: string, b: string) => (a < b ? a : b);

/** The calendar day of `at` in a time zone (Graph dates insights in the ad account's), `YYYY-MM-DD`. */
export function dayIn(timeZone: string, at: Date): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/** The range to read: from `since` (or FIRST_RUN_DAYS back) to today, in the account's time zone. */
export function planRange(timeZone: string, since: Date | null, now = new Date()) {
  const today = dayIn(timeZone, now);
  const earliest = addDays(today, -MAX_DAYS_BACK);
  // `since` is the last run's start less 28 × 24 hours: counted back in calendar days of the account's time zone,
  // so a daylight-saving change in between does not shorten the restated window by a day.
  let from = since
    ? addDays(dayIn(timeZone, new Date(since.getTime() + RESTATED_DAYS * 86_400_000)), -RESTATED_DAYS)
    : addDays(today, -FIRST_RUN_DAYS);
  if (from < earliest) from = earliest;
  if (from > today) from = today;
  return { from, to: today };
}

const chunkFrom = (from: string, end: string): Pick<Cursor, 'from' | 'to'> => ({
  from,
  to: minDay(addDays(from, JOB_DAYS - 1), end),
});

const isAsync = (c: Pick<Cursor, 'from' | 'to'>) => span(c.from, c.to) > SYNC_MAX_DAYS;

const encode = (c: Cursor) => JSON.stringify(c);
const decode = (text: string): Cursor => {
  const c = JSON.parse(text) as Cursor;
  if (c?.v !== 1) throw new VendorError({ vendor: 'meta', kind: 'invalid', status: undefined, message: 'bad cursor' });
  return c;
};

const gone = (error: unknown) => error instanceof VendorError && error.kind === 'not_found';

type Page = { items: unknown[]; nextCursor: string | null; hasMore: boolean; pause?: SyncPause };

const waitFor = (throttle: MetaThrottleHint, other?: SyncPause): SyncPause | undefined => {
  const slow = throttlePause(throttle);
  if (!slow) return other;
  if (!other) return slow;
  return slow.ms >= other.ms ? slow : other;
};

/** The phase reading daily ad-level insights; rows are upserted by (business, ad, date). */
export const insightsPhase: SyncPhase<MetaSyncClient> = {
  name: 'insights',
  incremental: true,
  async fetch(client, text, since): Promise<Page> {
    const account = await client.account();
    const { graph, accountId } = client;
    let c: Cursor;
    if (text) c = decode(text);
    else {
      const range = planRange(account.timeZone, since);
      c = {
        v: 1,
        end: range.to,
        ...chunkFrom(range.from, range.to),
        job: null,
        ready: false,
        after: null,
        polls: 0,
        failures: 0,
        nextJob: null,
      };
    }
    const rows = (items: Parameters<typeof insightRow>[0][]) =>
      items.filter((r) => r.ad_id && r.date_start).map((r) => insightRow(r, account.accountId, account.currency));

    /** The chunk's rows are all read: on to the next chunk, or the phase is done. */
    const advance = (after: string | null, items: unknown[], throttle: MetaThrottleHint): Page => {
      if (after) return { items, nextCursor: encode({ ...c, after }), hasMore: true, pause: waitFor(throttle) };
      if (c.to >= c.end) return { items, nextCursor: encode({ ...c, after: null }), hasMore: false };
      const next: Cursor = {
        ...c,
        ...chunkFrom(addDays(c.to, 1), c.end),
        job: c.nextJob,
        ready: false,
        after: null,
        polls: 0,
        failures: 0,
        nextJob: null,
      };
      return { items, nextCursor: encode(next), hasMore: true, pause: waitFor(throttle) };
    };

    if (!isAsync(c)) {
      const page = await graph.insightsPage(accountId, { since: c.from, until: c.to, after: c.after, limit: PAGE });
      return advance(page.hasMore ? page.nextCursor : null, rows(page.items), page.throttle);
    }

    const restart = (failures = c.failures): Page => ({
      items: [],
      nextCursor: encode({ ...c, job: null, ready: false, after: null, polls: 0, failures }),
      hasMore: true,
    });
    if (!c.job) {
      const started = await graph.startInsightsJob(accountId, { since: c.from, until: c.to });
      c = { ...c, job: started.reportRunId, ready: false, after: null, polls: 0 };
      const preparing = { ms: pollDelay(0), reason: `Meta is preparing the insights of ${c.from} to ${c.to}` };
      return { items: [], nextCursor: encode(c), hasMore: true, pause: waitFor(started.throttle, preparing) };
    }
    if (!c.ready) {
      let status: Awaited<ReturnType<typeof graph.insightsJobStatus>>;
      try {
        status = await graph.insightsJobStatus(c.job);
      } catch (error) {
        if (gone(error)) return restart();
        throw error;
      }
      if (status.failed) {
        if (c.failures + 1 >= MAX_JOB_FAILURES) {
          throw new VendorError({
            vendor: 'meta',
            kind: 'invalid',
            status: 200,
            message: `Meta could not prepare the insights of ${c.from} to ${c.to} (${status.status}, ${MAX_JOB_FAILURES} times)`,
          });
        }
        return restart(c.failures + 1);
      }
      if (!status.done) {
        const preparing = {
          ms: pollDelay(c.polls + 1),
          reason: `Meta is preparing the insights of ${c.from} to ${c.to} (${status.percent} %)`,
        };
        return {
          items: [],
          nextCursor: encode({ ...c, polls: c.polls + 1 }),
          hasMore: true,
          pause: waitFor(status.throttle, preparing),
        };
      }
      c = { ...c, ready: true, after: null };
      const following = c.to < c.end ? chunkFrom(addDays(c.to, 1), c.end) : null;
      if (following && isAsync(following) && !c.nextJob) {
        const started = await graph.startInsightsJob(accountId, { since: following.from, until: following.to });
        c = { ...c, nextJob: started.reportRunId };
      }
    }
    try {
      const page = await graph.insightsJobPage(c.job!, { after: c.after, limit: PAGE });
      return advance(page.hasMore ? page.nextCursor : null, rows(page.items), page.throttle);
    } catch (error) {
      // A report read long after it completed may be gone: prepare it again (its rows upsert onto the same keys).
      if (gone(error)) return restart();
      throw error;
    }
  },
  store: (tx, ctx, items) => upsert(tx, ctx, metaAdInsights, [metaAdInsights.adId, metaAdInsights.date], items),
};
