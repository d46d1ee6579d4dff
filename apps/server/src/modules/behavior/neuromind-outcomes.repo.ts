import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** How long after a session a visitor's next session counts as a return. */
export const RETURN_WINDOW_DAYS = 30;

/** One profile's (or, with a null profile, the unclassified sessions') totals in the window. */
export type ProfileOutcomeRow = {
  profile: string | null;
  sessions: number;
  claimed_converted: number;
  verified_converted: number;
  returned: number;
  /** Mean of min(30, days since the session started): how long returns could be seen. */
  follow_up_days: number | null;
  /** Mean over sessions with page time of the share of it on the profile's page types. */
  matched_share: number | null;
  mean_readiness: number | null;
};

/**
 * Per Neuromind profile, the business's finished, unflagged sessions with a page view that started in the
 * last `days`: how many converted (claimed and verified), how many visitors came back within 30 days, the
 * mean share of page time on the profile's page types (`pageTypesOf`: profile → page types) and the mean
 * readiness. Sessions without a profile come as the row whose profile is null.
 */
export async function profileOutcomeRows(
  db: Executor,
  businessId: string,
  days: number,
  pageTypesOf: Readonly<Record<string, readonly string[]>>,
): Promise<ProfileOutcomeRow[]> {
  const result = await db.execute(sql`
    WITH windowed AS (
      SELECT s.visitor_id, s.started_at, s.conversions, s.verified_conversions,
        si.neuromind_profile AS profile, si.readiness_score,
        CASE WHEN jsonb_typeof(si.journey_state -> 'byType') = 'object' THEN si.journey_state -> 'byType' END AS by_type
      FROM tracking_sessions s
      LEFT JOIN session_intelligence si ON si.business_id = s.business_id AND si.session_id = s.id
      WHERE s.business_id = ${businessId}
        AND s.started_at >= now() - (${days} * interval '1 day')
        AND s.page_views > 0 AND s.suspect IS NULL
        AND s.last_event_at <= now() - (s.timeout_ms * interval '1 millisecond')
    ), measured AS (
      SELECT w.*,
        EXISTS (
          SELECT 1 FROM tracking_sessions r
          WHERE r.business_id = ${businessId} AND r.visitor_id = w.visitor_id
            AND r.started_at > w.started_at
            AND r.started_at <= w.started_at + (${RETURN_WINDOW_DAYS} * interval '1 day')
            AND r.page_views > 0 AND r.suspect IS NULL
        ) AS returned,
        LEAST(${RETURN_WINDOW_DAYS}::float8, extract(epoch FROM now() - w.started_at)::float8 / 86400) AS follow_up_days,
        (SELECT sum((t.v ->> 'dwellMs')::float8) FROM jsonb_each(w.by_type) AS t(k, v)) AS dwell_ms,
        (SELECT coalesce(sum((t.v ->> 'dwellMs')::float8), 0) FROM jsonb_each(w.by_type) AS t(k, v)
          WHERE t.k IN (SELECT jsonb_array_elements_text(${JSON.stringify(pageTypesOf)}::jsonb -> w.profile))
        ) AS matched_ms
      FROM windowed w
    )
    SELECT profile,
      count(*)::int AS sessions,
      (count(*) FILTER (WHERE conversions > 0))::int AS claimed_converted,
      (count(*) FILTER (WHERE verified_conversions > 0))::int AS verified_converted,
      (count(*) FILTER (WHERE returned))::int AS returned,
      avg(follow_up_days)::float8 AS follow_up_days,
      (avg(matched_ms / dwell_ms) FILTER (WHERE dwell_ms > 0))::float8 AS matched_share,
      avg(readiness_score)::float8 AS mean_readiness
    FROM measured
    GROUP BY profile
  `);
  return result.rows as unknown as ProfileOutcomeRow[];
}
