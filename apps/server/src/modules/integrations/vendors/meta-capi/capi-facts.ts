import { sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { chargeReferenceSql, sqlList } from '../../../../db/sql-fragments.js';
import { FBC_MAX_AGE_MS, fbcOf, normaliseEmail, normalisePhone } from './capi-events.js';

/** A click id a visitor arrived with: when it was first captured and last seen. */
type Click = { fbclid: string; firstAt: number; lastAt: number };

/**
 * The Meta click ids (fbclid, as the tracking script captured them on landing) of each visitor, with when each was
 * first captured: one query for a whole batch of events.
 */
export async function clicksByVisitor(db: Executor, businessId: string, visitorIds: string[]) {
  const clicks = new Map<string, Click[]>();
  if (visitorIds.length === 0) return clicks;
  const result = await db.execute(sql`
    SELECT visitor_id, fbclid, min(started_at) AS first_at, max(started_at) AS last_at
    FROM tracking_sessions
    WHERE business_id = ${businessId} AND visitor_id IN (${sqlList(visitorIds)}) AND fbclid IS NOT NULL AND fbclid <> ''
    GROUP BY visitor_id, fbclid`);
  for (const row of result.rows as {
    visitor_id: string;
    fbclid: string;
    first_at: string | Date;
    last_at: string | Date;
  }[]) {
    const list = clicks.get(String(row.visitor_id)) ?? [];
    list.push({
      fbclid: row.fbclid,
      firstAt: new Date(row.first_at).getTime(),
      lastAt: new Date(row.last_at).getTime(),
    });
    clicks.set(String(row.visitor_id), list);
  }
  return clicks;
}

/**
 * The `fbc` of an event: the newest click id the visitor brought before it (a visitor back from another ad is that
 * ad's), first captured within the cookie's 90 days; null when the visitor never came from a Meta ad.
 */
export function fbcFor(clicks: Click[] | undefined, eventTimeMs: number): string | null {
  const usable = (clicks ?? []).filter((c) => c.firstAt <= eventTimeMs && eventTimeMs - c.firstAt <= FBC_MAX_AGE_MS);
  if (usable.length === 0) return null;
  const newest = usable.reduce((a, b) => (b.lastAt > a.lastAt ? b : a));
  return fbcOf(newest.fbclid, newest.firstAt);
}

/** A buyer's contact as a payment says it: normalised, or null where unknown. */
export type Contact = { email: string | null; phone: string | null };

/**
 * The e-mail and phone of visitors we truly know: a Stripe payment made with the visitor's id as
 * `client_reference_id` (the checkout passed it), from the payment's billing e-mail or its customer. The newest
 * payment wins. No payment, no contact: nothing is inferred.
 */
export async function contactsByVisitor(db: Executor, businessId: string, visitorIds: string[]) {
  const contacts = new Map<string, Contact>();
  if (visitorIds.length === 0) return contacts;
  const result = await db.execute(sql`
    SELECT ${sql.raw(chargeReferenceSql('c'))} AS visitor_id, c.billing_email, cu.email, cu.phone
    FROM stripe_charges c
    LEFT JOIN stripe_customers cu ON cu.business_id = c.business_id AND cu.vendor_id = c.customer_id
    WHERE c.business_id = ${businessId} AND c.paid
      AND ${sql.raw(chargeReferenceSql('c'))} IN (${sqlList(visitorIds)})
    ORDER BY c.created_at DESC`);
  for (const row of result.rows as {
    visitor_id: string;
    billing_email: string | null;
    email: string | null;
    phone: string | null;
  }[]) {
    const visitor = String(row.visitor_id).toLowerCase();
    if (contacts.has(visitor)) continue;
    contacts.set(visitor, {
      email: normaliseEmail(row.billing_email) ?? normaliseEmail(row.email),
      phone: normalisePhone(row.phone),
    });
  }
  return contacts;
}
