/**
 * Per-page statistics of a business's finished sessions, as web analytics tools keep them, and what a
 * session's pages add up to: the page-value signal and the mean bounce and exit rates the conversion
 * model reads (docs/scoring.md, "Per-business model").
 */

/** What the statistics read of one finished session. */
export type SessionPages = {
  /** Its page views in order (paths as the journey keeps them); may hold only the latest ones. */
  steps: readonly { path: string; at: number }[];
  /** How many page views the session had in all (more than `steps.length` when early ones were dropped). */
  pageViews: number;
  /** The value the session converted with (0 when it did not convert). */
  value: number;
  /** When it first converted (epoch ms), or null when it did not or the time is unknown. */
  convertedAt: number | null;
};

/** One page's totals. */
export type PageStat = {
  views: number;
  /** Sessions that viewed it (unique page views). */
  sessions: number;
  /** Sessions that began on it, and those of them with no other page view. */
  entrances: number;
  bounces: number;
  /** Sessions whose last page view was this page. */
  exits: number;
  /** Value of converting sessions that viewed it before converting. */
  revenue: number;
};

/** A session's page-derived model inputs. */
export type PageContext = { bounceRate: number; exitRate: number; pageValue: number };

const emptyStat = (): PageStat => ({ views: 0, sessions: 0, entrances: 0, bounces: 0, exits: 0, revenue: 0 });

/** One session's share of the totals of each page it viewed. */
function contributionOf(s: SessionPages): Map<string, PageStat> {
  const out = new Map<string, PageStat>();
  if (s.steps.length === 0) return out;
  const statOf = (path: string) => {
    const stat = out.get(path) ?? emptyStat();
    out.set(path, stat);
    return stat;
  };
  for (const step of s.steps) statOf(step.path).views++;
  for (const stat of out.values()) stat.sessions = 1;
  // The entrance is known only when no page view was dropped.
  if (s.pageViews <= s.steps.length) {
    const entrance = statOf(s.steps[0]!.path);
    entrance.entrances = 1;
    if (s.pageViews === 1) entrance.bounces = 1;
  }
  statOf(s.steps.at(-1)!.path).exits = 1;
  if (s.value > 0) {
    const before = new Set(
      s.steps.filter((step) => s.convertedAt === null || step.at <= s.convertedAt).map((step) => step.path),
    );
    for (const path of before) statOf(path).revenue = s.value;
  }
  return out;
}

/** Adds up the statistics of every page over finished sessions. */
export function accumulatePageStats(sessions: Iterable<SessionPages>): Map<string, PageStat> {
  const totals = new Map<string, PageStat>();
  for (const s of sessions) {
    for (const [path, c] of contributionOf(s)) {
      const t = totals.get(path) ?? emptyStat();
      t.views += c.views;
      t.sessions += c.sessions;
      t.entrances += c.entrances;
      t.bounces += c.bounces;
      t.exits += c.exits;
      t.revenue += c.revenue;
      totals.set(path, t);
    }
  }
  return totals;
}

/**
 * The page-derived inputs of a session that viewed `paths`: each page's value (revenue of past converting
 * sessions that viewed it, per session that viewed it), bounce rate (bounces per entrance) and exit rate
 * (exits per view), averaged over the distinct pages viewed. A page with no history counts as value 0 and
 * rates 0. `leaveOut` removes a finished session's own share first, so a session fitted on is described
 * only by the others (its own conversion would otherwise leak into its page value).
 */
export function pageContextOf(
  paths: Iterable<string>,
  stats: ReadonlyMap<string, PageStat>,
  leaveOut?: SessionPages,
): PageContext | null {
  const own = leaveOut ? contributionOf(leaveOut) : new Map<string, PageStat>();
  const distinct = new Set(paths);
  if (distinct.size === 0) return null;
  let value = 0;
  let bounce = 0;
  let exit = 0;
  for (const path of distinct) {
    const t = stats.get(path) ?? emptyStat();
    const o = own.get(path) ?? emptyStat();
    const sessions = t.sessions - o.sessions;
    const entrances = t.entrances - o.entrances;
    const views = t.views - o.views;
    value += sessions > 0 ? (t.revenue - o.revenue) / sessions : 0;
    bounce += entrances > 0 ? (t.bounces - o.bounces) / entrances : 0;
    exit += views > 0 ? (t.exits - o.exits) / views : 0;
  }
  const n = distinct.size;
  return { pageValue: value / n, bounceRate: bounce / n, exitRate: exit / n };
}

/**
 * The factor that puts a business's page values on the scale of the UCI data set's PageValues, which the
 * prior was fitted on: the median positive page value of the UCI training sessions (16.33) over the
 * median positive page value of the business's sessions. Only the prior needs it; a model fitted on the
 * business's own sessions reads its page values as they are. Null when no session has a positive value.
 */
export function pageValueScale(sessionPageValues: readonly number[]): number | null {
  const positive = sessionPageValues.filter((v) => v > 0).sort((a, b) => a - b);
  if (positive.length === 0) return null;
  const mid = positive.length / 2;
  const median = positive.length % 2 ? positive[Math.floor(mid)]! : (positive[mid - 1]! + positive[mid]!) / 2;
  return UCI_MEDIAN_POSITIVE_PAGE_VALUE / median;
}

/** The median PageValues of the UCI training sessions with a positive value (1,902 of 8,631). */
export const UCI_MEDIAN_POSITIVE_PAGE_VALUE = 16.325876;
