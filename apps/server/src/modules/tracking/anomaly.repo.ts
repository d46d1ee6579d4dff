import type { Database } from '../../db/client.js';

/** How the guard judges a surge; the defaults suit a live site, tests pass smaller ones. */
export type SurgeRule = {
  /** Sessions one network must open within the window. */
  minSessions: number;
  /** And the share of the business's sessions of the window they must make. */
  minShare: number;
  windowMinutes: number;
};

export const DEFAULT_SURGE: SurgeRule = { minSessions: 50, minShare: 0.5, windowMinutes: 60 };

/**
 * Flags sessions that look forged (decision 0017), in every business but the shared demo (filled by our own
 * simulator): a surge from one network (at least `minSessions` sessions within the window, and at least
 * `minShare` of the business's sessions then), a conversion without any page view (the SDK always sends the
 * page view first), and a session whose requests carried no user agent. A flagged session keeps its reason in
 * `tracking_sessions.suspect`: the admin screens show it and refits leave it out. Answers how many it flagged.
 */
export async function flagSuspectSessions(database: Database, rule: SurgeRule = DEFAULT_SURGE): Promise<number> {
  const window = `${Math.round(rule.windowMinutes)} minutes`;
  const surge = await database.executeSql(
    `WITH recent AS (
       SELECT s.business_id, s.client_net, count(*) OVER (PARTITION BY s.business_id, s.client_net) AS from_net,
              count(*) OVER (PARTITION BY s.business_id) AS total, s.id
       FROM tracking_sessions s JOIN businesses b ON b.id = s.business_id AND NOT b.is_demo
       WHERE s.started_at > now() - interval '${window}' AND s.client_net IS NOT NULL
     )
     UPDATE tracking_sessions s
     SET suspect = 'Surge: ' || r.from_net || ' sessions from one network within ${window}'
     FROM recent r
     WHERE s.business_id = r.business_id AND s.id = r.id AND s.suspect IS NULL
       AND r.from_net >= $1::int AND r.from_net >= $2::float8 * r.total
     RETURNING s.id`,
    [rule.minSessions, rule.minShare],
  );
  const patterns = await database.executeSql(
    `UPDATE tracking_sessions s
     SET suspect = CASE WHEN s.conversions > 0 AND s.page_views = 0 THEN 'A conversion without any page view'
                        ELSE 'Requests without a user agent' END
     FROM businesses b
     WHERE b.id = s.business_id AND NOT b.is_demo AND s.suspect IS NULL
       AND s.started_at > now() - interval '2 days'
       AND ((s.conversions > 0 AND s.page_views = 0) OR (s.browser IS NULL AND s.device_type IS NULL))
     RETURNING s.id`,
    [],
  );
  return surge.rows.length + patterns.rows.length;
}
