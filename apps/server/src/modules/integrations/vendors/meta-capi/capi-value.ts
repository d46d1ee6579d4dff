import type { AverageOrderValue } from '@ri/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';

/** The window an average order value is taken over. */
export const AOV_WINDOW_DAYS = 90;
/** Fewer orders than this say too little about a typical one. */
export const AOV_MIN_ORDERS = 3;

/** Decimal places of a currency's minor unit (2 for USD, 0 for JPY, 3 for KWD), as Intl knows them. */
export function minorUnitDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

type Row = { currency: string | null; orders: string | number; average: string | number | null };

/**
 * The business's average order value, from what it can vouch for first: Stripe's paid charges (less refunds) of the
 * last 90 days in their most common currency, when Stripe is synced and has at least 3 of them; otherwise the
 * values its tracking script reported with conversions (numbers with a currency) over the same window; otherwise
 * unknown, and the explanation says so. Amounts are never converted between currencies.
 */
export async function averageOrderValue(db: Executor, businessId: string): Promise<AverageOrderValue> {
  const stripe = await db.execute(sql`
    SELECT upper(currency) AS currency, count(*) AS orders, avg(amount - amount_refunded) AS average
    FROM stripe_charges
    WHERE business_id = ${businessId} AND paid AND status = 'succeeded'
      AND created_at > now() - (${AOV_WINDOW_DAYS} * interval '1 day')
    GROUP BY upper(currency) ORDER BY count(*) DESC LIMIT 1`);
  const paid = stripe.rows[0] as Row | undefined;
  if (paid?.currency && Number(paid.orders) >= AOV_MIN_ORDERS && paid.average !== null) {
    const value = round2(Number(paid.average) / 10 ** minorUnitDigits(paid.currency));
    return {
      value,
      currency: paid.currency,
      source: 'stripe',
      explanation: `Average of ${Number(paid.orders)} paid Stripe charges (less refunds) in ${paid.currency} over the last ${AOV_WINDOW_DAYS} days: ${value.toFixed(2)} ${paid.currency}.`,
    };
  }
  // Conversions are found through the sessions that had one (indexed by time), not by scanning every event.
  const tracked = await db.execute(sql`
    SELECT currency, count(*) AS orders, avg(value) AS average
    FROM (
      SELECT upper(e.data->>'currency') AS currency,
        -- A CASE, so that no value that is not a JSON number is ever cast.
        CASE WHEN jsonb_typeof(e.data->'value') = 'number' THEN (e.data->>'value')::float8 END AS value
      FROM tracking_events e
      WHERE e.business_id = ${businessId} AND e.type = 'conversion'
        AND e.session_id IN (
          SELECT s.id FROM tracking_sessions s
          WHERE s.business_id = ${businessId} AND s.conversions > 0
            AND s.started_at > now() - (${AOV_WINDOW_DAYS} * interval '1 day'))
    ) c
    WHERE value > 0 AND currency ~ '^[A-Z]{3}$'
    GROUP BY currency ORDER BY count(*) DESC LIMIT 1`);
  const reported = tracked.rows[0] as Row | undefined;
  if (reported?.currency && Number(reported.orders) >= AOV_MIN_ORDERS && reported.average !== null) {
    const value = round2(Number(reported.average));
    return {
      value,
      currency: reported.currency,
      source: 'tracked_conversions',
      explanation: `Average value of ${Number(reported.orders)} tracked conversions in ${reported.currency} over the last ${AOV_WINDOW_DAYS} days (no synced Stripe payments to go by): ${value.toFixed(2)} ${reported.currency}.`,
    };
  }
  return {
    value: null,
    currency: null,
    source: null,
    explanation: `No average order value yet: fewer than ${AOV_MIN_ORDERS} paid Stripe charges and fewer than ${AOV_MIN_ORDERS} tracked conversions with a value and currency in the last ${AOV_WINDOW_DAYS} days. Predicted-value events are sent without a value.`,
  };
}
