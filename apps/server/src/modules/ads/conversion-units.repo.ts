import type { SqlExecutor } from '../../db/client.js';
import { chargeReferenceSql, stripeFactor } from '../../db/sql-fragments.js';
import { dayStart, utcDay } from './rollup-sessions.repo.js';

// Conversions, each counted once (decision 0026). A session that reported conversion events is one conversion
// unit, counting its events; a Stripe payment whose client_reference_id is the visitor's id confirms the
// visitor's converting session whose first conversion came at most 24 hours before it (or up to an hour after,
// for clocks that disagree): the unit is then verified, counts the larger of its events and its payments, and its
// revenue is what the payments brought. A payment no such session reported is a unit of its own, credited to
// the visitor's latest session before it (its last touch). Payments are net of refunds; fully refunded ones and
// payments for ids we never saw as visitors are left out. The pairing of a payment depends only on the payment
// and the visitor's sessions, so rebuilding any range of days gives the same units.

const UUID = `'^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`;
/** A payment confirms a session conversion up to this long after it. */
export const CONFIRM_WINDOW_HOURS = 24;
/** A payment's last touch is looked for this far back. */
export const TOUCH_HORIZON_DAYS = 90;

/**
 * Rebuilds the units of sessions started from day `from` on and of payments from two hours before it on, and
 * answers the earliest day of a session whose credited conversions changed (the rollups rebuild from there).
 */
export async function rebuildConversionUnits(
  q: SqlExecutor,
  businessId: string,
  from: string,
  revenueCurrency: string | null,
): Promise<string> {
  const paymentsFrom = `${dayStart('$2')} - interval '2 hours'`;
  const touchedDay = async () => {
    const { rows } = await q(
      `SELECT min(session_date)::text AS day FROM ad_conversions
        WHERE business_id = $1 AND id LIKE 'c:%' AND converted_at >= ${paymentsFrom}`,
      [businessId, from],
    );
    return (rows[0]?.day as string | null) ?? null;
  };
  const before = await touchedDay();
  await q(
    `DELETE FROM ad_conversions WHERE business_id = $1
        AND ((id LIKE 's:%' AND session_date >= $2::date) OR (id LIKE 'c:%' AND converted_at >= ${paymentsFrom}))`,
    [businessId, from],
  );

  await q('DROP TABLE IF EXISTS ad_tmp_conv');
  await q(
    `CREATE TEMP TABLE ad_tmp_conv ON COMMIT DROP AS
     SELECT s.id, s.visitor_id, s.started_at, s.conversions, s.conversion_value,
            coalesce((SELECT min(e.occurred_at) FROM tracking_events e
                       WHERE e.business_id = s.business_id AND e.session_id = s.id AND e.type = 'conversion'),
                     s.started_at) AS at
       FROM tracking_sessions s
      WHERE s.business_id = $1 AND s.started_at >= ${dayStart('$2')} - interval '3 days' AND s.conversions > 0`,
    [businessId, from],
  );
  // Each payment looks for its visitor's converting sessions: an index, and statistics, for that lookup.
  await q('CREATE INDEX ON ad_tmp_conv (visitor_id, at)');
  await q('ANALYZE ad_tmp_conv');
  await q('DROP TABLE IF EXISTS ad_tmp_paid');
  await q(
    `CREATE TEMP TABLE ad_tmp_paid ON COMMIT DROP AS
     WITH ch AS (
       SELECT c.vendor_id, (${chargeReferenceSql('c')})::uuid AS visitor_id, c.created_at,
              (c.amount - c.amount_refunded) / ${stripeFactor('upper(c.currency)')} AS net, upper(c.currency) AS currency
         FROM stripe_charges c
        WHERE c.business_id = $1 AND c.paid AND c.status = 'succeeded' AND c.amount > c.amount_refunded
          AND c.created_at >= ${dayStart('$2')} - interval '${CONFIRM_WINDOW_HOURS + 2} hours'
          AND ${chargeReferenceSql('c')} ~ ${UUID})
     SELECT ch.*,
            (SELECT v.id FROM ad_tmp_conv v
              WHERE v.visitor_id = ch.visitor_id
                AND v.at BETWEEN ch.created_at - interval '${CONFIRM_WINDOW_HOURS} hours' AND ch.created_at + interval '1 hour'
              ORDER BY v.at DESC, v.id LIMIT 1) AS session_id
       FROM ch`,
    [businessId, from],
  );

  await q(
    `INSERT INTO ad_conversions (business_id, id, visitor_id, session_id, key_id, session_date, converted_at, touch_gap_s,
       conversions, tracked, verified, revenue, other_currency, last_charge_at)
     SELECT $1, 's:' || v.id, v.visitor_id, v.id, t.key_id, ${utcDay('v.started_at')}, v.at,
            greatest(0, extract(epoch FROM v.at - v.started_at))::int,
            greatest(v.conversions, coalesce(p.n, 0)), true, coalesce(p.n, 0) > 0,
            CASE WHEN coalesce(p.n, 0) > 0 THEN coalesce(p.revenue, 0) ELSE v.conversion_value END,
            coalesce(p.other, false), p.last_at
       FROM ad_tmp_conv v
       LEFT JOIN ad_touches t ON t.business_id = $1 AND t.visitor_id = v.visitor_id AND t.started_at = v.started_at
            AND t.session_id = v.id
       LEFT JOIN (SELECT session_id, count(*)::int AS n, sum(net) FILTER (WHERE currency = $3) AS revenue,
                         bool_or(currency IS DISTINCT FROM $3) AS other, max(created_at) AS last_at
                    FROM ad_tmp_paid WHERE session_id IS NOT NULL GROUP BY session_id) p ON p.session_id = v.id
      WHERE v.started_at >= ${dayStart('$2')}`,
    [businessId, from, revenueCurrency],
  );
  await q(
    `INSERT INTO ad_conversions (business_id, id, visitor_id, session_id, key_id, session_date, converted_at, touch_gap_s,
       conversions, tracked, verified, revenue, other_currency, last_charge_at)
     SELECT $1, 'c:' || p.vendor_id, p.visitor_id, t.session_id, t.key_id, ${utcDay('t.started_at')}, p.created_at,
            CASE WHEN t.session_id IS NULL THEN NULL ELSE extract(epoch FROM p.created_at - t.started_at)::int END,
            1, false, true, CASE WHEN p.currency = $3 THEN p.net ELSE 0 END, p.currency IS DISTINCT FROM $3, p.created_at
       FROM ad_tmp_paid p
       LEFT JOIN LATERAL (
         SELECT session_id, key_id, started_at FROM ad_touches t
          WHERE t.business_id = $1 AND t.visitor_id = p.visitor_id AND t.started_at <= p.created_at
            AND t.started_at > p.created_at - interval '${TOUCH_HORIZON_DAYS} days'
          ORDER BY t.started_at DESC LIMIT 1) t ON true
      WHERE p.session_id IS NULL AND p.created_at >= ${paymentsFrom}
        AND EXISTS (SELECT 1 FROM ad_touches s WHERE s.business_id = $1 AND s.visitor_id = p.visitor_id)`,
    [businessId, from, revenueCurrency],
  );
  const after = await touchedDay();
  return [from, before, after].filter((d): d is string => Boolean(d)).sort()[0]!;
}

/** The earliest payment created and synced after `watermark`, as a day, or null when none was. */
export async function firstChangedPaymentDay(q: SqlExecutor, businessId: string, watermark: Date | null) {
  const { rows } = await q(
    `SELECT (min(created_at) AT TIME ZONE 'UTC')::date::text AS day FROM stripe_charges
      WHERE business_id = $1 AND ($2::timestamptz IS NULL OR synced_at > $2)`,
    [businessId, watermark],
  );
  return (rows[0]?.day as string | null) ?? null;
}
