import type { CustomerSource } from '@ri/contracts';
import type { SqlExecutor } from '../../db/client.js';
import { chargeReferenceSql, stripeFactor } from '../../db/sql-fragments.js';

// The records of people the business's systems hold, gathered for the merge (docs/customers.md):
// - `stripe:<cus_…>`: a Stripe customer, with the visitor ids its Checkout Sessions carried (client_reference_id);
// - `stripe-guest:<e-mail>`: payments without a Stripe customer, by their billing e-mail;
// - `visitor:<uuid>`: payments with neither, by the visitor id the checkout passed;
// - `ghl:<id>`: a GoHighLevel contact, with the visitor id the location keeps for it.
// A payment's record key is computed the same way by `chargeRecordKey`, so purchases find their customer.

export type GatheredRecord = {
  key: string;
  source: CustomerSource;
  sourceId: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  visitorIds: string[];
  createdAt: number | null;
};

const UUID = `'^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`;

/** The visitor id a payment carries, as SQL over stripe_charges `c` (null when it is not a uuid). */
export const chargeVisitorSql = `(CASE WHEN ${chargeReferenceSql('c')} ~ ${UUID} THEN ${chargeReferenceSql('c')} END)`;

/** The record a payment belongs to, as SQL over stripe_charges `c`; null when nothing identifies the payer. */
export const chargeRecordKeySql = `(CASE WHEN c.customer_id IS NOT NULL THEN 'stripe:' || c.customer_id
  WHEN nullif(trim(c.billing_email), '') IS NOT NULL THEN 'stripe-guest:' || lower(trim(c.billing_email))
  WHEN ${chargeVisitorSql} IS NOT NULL THEN 'visitor:' || ${chargeVisitorSql} END)`;

const ms = (v: unknown) => (v == null ? null : new Date(v as string).getTime());

/** Every record of the business, with the visitor ids and contact details each carries. */
export async function gatherRecords(q: SqlExecutor, businessId: string): Promise<GatheredRecord[]> {
  const byKey = new Map<string, GatheredRecord>();
  const put = (r: GatheredRecord) => {
    const had = byKey.get(r.key);
    if (!had) byKey.set(r.key, r);
    else {
      for (const v of r.visitorIds) if (!had.visitorIds.includes(v)) had.visitorIds.push(v);
      had.email ??= r.email;
      had.createdAt = had.createdAt === null ? r.createdAt : Math.min(had.createdAt, r.createdAt ?? had.createdAt);
    }
  };
  const customers = await q(
    `SELECT vendor_id, email, phone, name, created_at FROM stripe_customers WHERE business_id = $1`,
    [businessId],
  );
  for (const r of customers.rows) {
    put({
      key: `stripe:${r.vendor_id}`,
      source: 'stripe',
      sourceId: r.vendor_id as string,
      email: (r.email as string | null) ?? null,
      phone: (r.phone as string | null) ?? null,
      name: (r.name as string | null) ?? null,
      visitorIds: [],
      createdAt: ms(r.created_at),
    });
  }
  const charges = await q(
    `SELECT ${chargeRecordKeySql} AS key, c.customer_id, lower(trim(c.billing_email)) AS email,
            array_remove(array_agg(DISTINCT ${chargeVisitorSql}), NULL) AS visitors, min(c.created_at) AS first_at
       FROM stripe_charges c
      WHERE c.business_id = $1 AND ${chargeRecordKeySql} IS NOT NULL
      GROUP BY 1, 2, 3`,
    [businessId],
  );
  for (const r of charges.rows) {
    const key = r.key as string;
    const source: CustomerSource = key.startsWith('visitor:') ? 'visitor' : 'stripe';
    put({
      key,
      source,
      sourceId: key.slice(key.indexOf(':') + 1),
      email: key.startsWith('stripe-guest:') ? (r.email as string) : null,
      phone: null,
      name: null,
      visitorIds: (r.visitors as string[] | null) ?? [],
      createdAt: ms(r.first_at),
    });
  }
  // A Checkout Session without a payment intent (mode subscription or setup) links its customer to the visitor.
  const sessions = await q(
    `SELECT customer_id, array_agg(DISTINCT lower(client_reference_id)) AS visitors, min(created_at) AS first_at
       FROM stripe_checkout_sessions
      WHERE business_id = $1 AND customer_id IS NOT NULL AND payment_intent_id IS NULL
        AND lower(client_reference_id) ~ ${UUID}
      GROUP BY 1`,
    [businessId],
  );
  for (const r of sessions.rows) {
    put({
      key: `stripe:${r.customer_id}`,
      source: 'stripe',
      sourceId: r.customer_id as string,
      email: null,
      phone: null,
      name: null,
      visitorIds: r.visitors as string[],
      createdAt: ms(r.first_at),
    });
  }
  const contacts = await q(
    `SELECT vendor_id, email, phone, name, first_name, last_name, visitor_id, created_at
       FROM ghl_contacts WHERE business_id = $1`,
    [businessId],
  );
  for (const r of contacts.rows) {
    const visitor = (r.visitor_id as string | null)?.toLowerCase() ?? null;
    const name = (r.name as string | null) ?? ([r.first_name, r.last_name].filter(Boolean).join(' ').trim() || null);
    put({
      key: `ghl:${r.vendor_id}`,
      source: 'ghl',
      sourceId: r.vendor_id as string,
      email: (r.email as string | null) ?? null,
      phone: (r.phone as string | null) ?? null,
      name,
      visitorIds: visitor && /^[0-9a-f-]{36}$/.test(visitor) ? [visitor] : [],
      createdAt: ms(r.created_at),
    });
  }
  return [...byKey.values()];
}

/** The customer each record belonged to after the last build. */
export async function previousAssignments(q: SqlExecutor, businessId: string): Promise<Map<string, string>> {
  const { rows } = await q('SELECT record_key, customer_id FROM customer_records WHERE business_id = $1', [businessId]);
  return new Map(rows.map((r) => [r.record_key as string, r.customer_id as string]));
}

export type AssignedRecord = GatheredRecord & { customerId: string };

const BATCH = 5_000;

/** Replaces the business's records with these (in the caller's transaction) and drops customers left without one. */
export async function writeRecords(q: SqlExecutor, businessId: string, records: AssignedRecord[]): Promise<void> {
  await q('DELETE FROM customer_records WHERE business_id = $1', [businessId]);
  for (let i = 0; i < records.length; i += BATCH) {
    const part = records.slice(i, i + BATCH);
    await q(
      `INSERT INTO customer_records (business_id, record_key, customer_id, source, source_id, email, phone, name,
         visitor_ids, source_created_at)
       SELECT $1, k, c, s, sid, e, p, n, v::jsonb, CASE WHEN t IS NULL THEN NULL ELSE to_timestamp(t / 1000.0) END
         FROM unnest($2::text[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                     $10::float8[]) AS u(k, c, s, sid, e, p, n, v, t)`,
      [
        businessId,
        part.map((r) => r.key),
        part.map((r) => r.customerId),
        part.map((r) => r.source),
        part.map((r) => r.sourceId),
        part.map((r) => r.email),
        part.map((r) => r.phone),
        part.map((r) => r.name),
        part.map((r) => JSON.stringify(r.visitorIds)),
        part.map((r) => r.createdAt),
      ],
    );
  }
  await q(
    `DELETE FROM customers cu WHERE cu.business_id = $1
        AND NOT EXISTS (SELECT 1 FROM customer_records r WHERE r.business_id = cu.business_id AND r.customer_id = cu.id)`,
    [businessId],
  );
}

/**
 * Rebuilds the payments' customers from the records just written (same transaction), stored in customer order: the
 * build reads them a chunk of customers at a time.
 */
export async function writePayments(q: SqlExecutor, businessId: string): Promise<void> {
  await q('DELETE FROM customer_payments WHERE business_id = $1', [businessId]);
  await q(
    `INSERT INTO customer_payments (business_id, charge_id, customer_id, at, amount, refunded, currency)
     SELECT c.business_id, c.vendor_id, r.customer_id, c.created_at,
            c.amount / ${stripeFactor('upper(c.currency)')}, c.amount_refunded / ${stripeFactor('upper(c.currency)')},
            upper(c.currency)
       FROM stripe_charges c
       JOIN customer_records r ON r.business_id = c.business_id AND r.record_key = ${chargeRecordKeySql}
      WHERE c.business_id = $1 AND c.paid AND c.status = 'succeeded'
      ORDER BY r.customer_id, c.created_at`,
    [businessId],
  );
}
