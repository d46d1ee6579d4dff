import type { TimeRange } from '@ri/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { sessionIntelligence, trackingSessions } from './schema.js';

const RANGE_SQL: Record<TimeRange, string> = { '1h': '1 hour', '24h': '24 hours', '7d': '7 days', '30d': '30 days' };

/** Values as a comma-separated list of bound parameters, for `IN (…)`. */
export const sqlList = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The start of a time range, as SQL. */
export const since = (range: TimeRange) => sql`now() - ${sql.raw(`interval '${RANGE_SQL[range]}'`)}`;

/** The start of a window of whole days, as SQL. */
export const sinceDays = (days: number) => sql`now() - (${days} * interval '1 day')`;

/** A session is active while its last event is newer than its inactivity timeout. */
export const isActiveSql = sql<boolean>`${trackingSessions.lastEventAt} > now() - (${trackingSessions.timeoutMs} * interval '1 millisecond')`;

/** Joins a session to what the engine knows of it (session_intelligence), on both keys. */
export const intelligenceOfSession = and(
  eq(sessionIntelligence.businessId, trackingSessions.businessId),
  eq(sessionIntelligence.sessionId, trackingSessions.id),
)!;

/** A session, what the engine knows of it (null before its first score), and whether it is still active. */
export const sessionWithIntelligence = { session: trackingSessions, intel: sessionIntelligence, isActive: isActiveSql };

/** Stripe's currencies without minor units, and those with three decimals (Stripe's currency list). */
const ZERO_DECIMAL = [
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
];
const THREE_DECIMAL = ['BHD', 'JOD', 'KWD', 'OMR', 'TND'];
const list = (codes: string[]) => codes.map((c) => `'${c}'`).join(', ');
/** Minor units per major unit of a charge's currency, as SQL over an upper-case currency expression. */
export const stripeFactor = (currency: string) =>
  `(CASE WHEN ${currency} IN (${list(ZERO_DECIMAL)}) THEN 1.0 WHEN ${currency} IN (${list(THREE_DECIMAL)}) THEN 1000.0 ELSE 100.0 END)`;

/**
 * The visitor id a Stripe payment names, as SQL over stripe_charges `alias`, lower case: the `client_reference_id` of
 * the Checkout Session that took it (`checkout_reference`), else one the merchant put in the charge's own metadata
 * (a site that creates payment intents itself). Not checked to be a UUID.
 */
export const chargeReferenceSql = (alias: string) =>
  `lower(coalesce(${alias}.checkout_reference, ${alias}.metadata->>'client_reference_id'))`;
