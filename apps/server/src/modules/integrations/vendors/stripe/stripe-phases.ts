import { getTableColumns, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Executor } from '../../../../db/client.js';
import {
  stripeBalanceTransactions,
  stripeCharges,
  stripeCheckoutSessions,
  stripeCustomers,
  stripeDisputes,
  stripeInvoices,
  stripeRefunds,
  stripeSubscriptions,
} from '../../../../db/schema.js';
import { sqlList } from '../../../../db/sql-fragments.js';
import type { SyncPhase, VendorSync } from '../../sync/sync-phase.js';
import {
  classifyStripeError,
  createStripeClient,
  type StripeClient,
  type StripeListItem,
  type StripeListResource,
} from './stripe-client.js';

/** Stripe's largest page. */
const PAGE = 100;

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v === null || v === undefined ? null : typeof v === 'string' ? v : v.id;
const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const meta = (m: Stripe.Metadata | null | undefined): Record<string, string> => ({ ...(m ?? {}) });

/** The columns every vendor row has, from a Stripe object. */
const base = (ctx: { businessId: string; integrationId: string }, o: { id: string; created: number }) => ({
  businessId: ctx.businessId,
  integrationId: ctx.integrationId,
  vendorId: o.id,
  createdAt: new Date(o.created * 1000),
  syncedAt: new Date(),
});

/** A phase reading one Stripe list, newest first, page by page, into one table (upserted by Stripe id). */
function listPhase<R extends StripeListResource>(
  name: string,
  resource: R,
  // biome-ignore lint/suspicious/noExplicitAny: each phase's table differs; the row builder is typed by it.
  table: any,
  row: (o: StripeListItem[R]) => Record<string, unknown>,
  options: {
    incremental?: boolean;
    /** Runs in the same transaction after the rows are stored, with their Stripe ids. */
    afterStore?: (tx: Executor, businessId: string, ids: string[]) => Promise<void>;
  } = {},
): SyncPhase<StripeClient> {
  return {
    name,
    incremental: options.incremental ?? true,
    async fetch(client, cursor, since) {
      const page = await client.listPage(resource, {
        limit: PAGE,
        ...(cursor ? { startingAfter: cursor } : {}),
        ...(since ? { createdGte: Math.floor(since.getTime() / 1000) } : {}),
      });
      return { items: page.items, nextCursor: page.nextCursor, hasMore: page.hasMore };
    },
    async store(tx, ctx, items) {
      if (items.length === 0) return 0;
      const rows = (items as StripeListItem[R][]).map((o) => ({
        ...base(ctx, o as { id: string; created: number }),
        ...row(o),
      }));
      const { businessId: _b, vendorId: _v, integrationId: _i, createdAt: _c, ...update } = rows[0]!;
      const set = Object.fromEntries(Object.keys(update).map((k) => [k, sqlExcluded(table, k)]));
      await tx
        .insert(table)
        .values(rows)
        .onConflictDoUpdate({ target: [table.businessId, table.vendorId], set });
      await options.afterStore?.(
        tx,
        ctx.businessId,
        rows.map((r) => r.vendorId),
      );
      return rows.length;
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: see listPhase.
const sqlExcluded = (table: any, key: string) => {
  const column = getTableColumns(table)[key]!;
  return sql.raw(`excluded."${column.name}"`);
};

/**
 * Copies each Checkout Session's `client_reference_id` onto the charges of its payment intent (`checkout_reference`),
 * for the charges (`side = 'charges'`) or the sessions (`side = 'sessions'`) just stored: whichever comes second,
 * sync or webhook, links the two.
 */
const linkCheckoutReferences =
  (side: 'charges' | 'sessions') =>
  async (tx: Executor, businessId: string, ids: string[]): Promise<void> => {
    if (ids.length === 0) return;
    const stored = side === 'charges' ? sql`c.vendor_id` : sql`s.vendor_id`;
    await tx.execute(sql`
      UPDATE stripe_charges c SET checkout_reference = s.client_reference_id
        FROM stripe_checkout_sessions s
       WHERE c.business_id = ${businessId} AND s.business_id = c.business_id
         AND s.payment_intent_id = c.payment_intent_id AND s.client_reference_id IS NOT NULL
         AND ${stored} IN (${sqlList(ids)})
         AND c.checkout_reference IS DISTINCT FROM s.client_reference_id`);
  };

/**
 * Raises the stored charges' `amount_refunded` to the sum of their stored refunds (succeeded or pending, as Stripe
 * counts them), for the refunds just stored. An incremental run reads refunds created since the last run but not the
 * older charges they refund (Stripe's lists filter on creation time), so without this a refund of a payment older
 * than the trailing window would leave its charge looking unrefunded.
 */
const applyRefunds = async (tx: Executor, businessId: string, ids: string[]): Promise<void> => {
  if (ids.length === 0) return;
  await tx.execute(sql`
    UPDATE stripe_charges c SET amount_refunded = least(c.amount, r.total)
      FROM (SELECT charge_id, sum(amount) AS total FROM stripe_refunds
             WHERE business_id = ${businessId} AND status IN ('succeeded', 'pending')
               AND charge_id IN (SELECT charge_id FROM stripe_refunds
                                  WHERE business_id = ${businessId} AND vendor_id IN (${sqlList(ids)}))
             GROUP BY charge_id) r
     WHERE c.business_id = ${businessId} AND c.vendor_id = r.charge_id AND c.amount_refunded < least(c.amount, r.total)`);
};

/**
 * Stripe's phases, in order: customers first (payments name them), then payments and what follows them,
 * billing, and the balance transactions that say what reached the account. Subscriptions are read whole on
 * every run (their status changes long after they are created); the other lists from the incremental window.
 */
export const STRIPE_PHASES: SyncPhase<StripeClient>[] = [
  listPhase('customers', 'customers', stripeCustomers, (c: Stripe.Customer) => ({
    email: c.email ?? null,
    name: c.name ?? null,
    phone: c.phone ?? null,
    currency: c.currency ?? null,
    metadata: meta(c.metadata),
  })),
  listPhase(
    'charges',
    'charges',
    stripeCharges,
    (c: Stripe.Charge) => ({
      amount: c.amount,
      amountRefunded: c.amount_refunded,
      currency: c.currency,
      status: c.status,
      paid: c.paid,
      customerId: idOf(c.customer),
      paymentIntentId: idOf(c.payment_intent),
      balanceTransactionId: idOf(c.balance_transaction),
      billingEmail: c.billing_details?.email ?? null,
      metadata: meta(c.metadata),
    }),
    { afterStore: linkCheckoutReferences('charges') },
  ),
  listPhase(
    'checkout_sessions',
    'checkout_sessions',
    stripeCheckoutSessions,
    (s: Stripe.Checkout.Session) => ({
      clientReferenceId: s.client_reference_id ?? null,
      customerId: idOf(s.customer),
      customerEmail: s.customer_details?.email ?? s.customer_email ?? null,
      paymentIntentId: idOf(s.payment_intent),
      subscriptionId: idOf(s.subscription),
      invoiceId: idOf(s.invoice),
      mode: s.mode ?? null,
      status: s.status ?? null,
      paymentStatus: s.payment_status ?? null,
      amountTotal: s.amount_total ?? null,
      currency: s.currency ?? null,
      metadata: meta(s.metadata),
    }),
    { afterStore: linkCheckoutReferences('sessions') },
  ),
  listPhase(
    'refunds',
    'refunds',
    stripeRefunds,
    (r: Stripe.Refund) => ({
      chargeId: idOf(r.charge),
      amount: r.amount,
      currency: r.currency,
      status: r.status ?? null,
      reason: r.reason ?? null,
      balanceTransactionId: idOf(r.balance_transaction),
    }),
    { afterStore: applyRefunds },
  ),
  listPhase('disputes', 'disputes', stripeDisputes, (d: Stripe.Dispute) => ({
    chargeId: idOf(d.charge),
    amount: d.amount,
    currency: d.currency,
    status: d.status,
    reason: d.reason ?? null,
  })),
  listPhase(
    'subscriptions',
    'subscriptions',
    stripeSubscriptions,
    (s: Stripe.Subscription) => {
      const items = s.items?.data ?? [];
      const first = items[0];
      return {
        customerId: idOf(s.customer),
        status: s.status,
        amount: items.reduce((a, i) => a + (i.price?.unit_amount ?? 0) * (i.quantity ?? 1), 0),
        currency: s.currency,
        interval: first?.price?.recurring?.interval ?? null,
        intervalCount: first?.price?.recurring?.interval_count ?? null,
        currentPeriodEnd: at(first?.current_period_end),
        cancelAtPeriodEnd: s.cancel_at_period_end,
        canceledAt: at(s.canceled_at),
      };
    },
    { incremental: false },
  ),
  listPhase('invoices', 'invoices', stripeInvoices, (i: Stripe.Invoice) => ({
    customerId: idOf(i.customer),
    subscriptionId: idOf(i.parent?.subscription_details?.subscription ?? null),
    status: i.status ?? null,
    amountDue: i.amount_due,
    amountPaid: i.amount_paid,
    currency: i.currency,
  })),
  listPhase(
    'balance_transactions',
    'balance_transactions',
    stripeBalanceTransactions,
    (b: Stripe.BalanceTransaction) => ({
      type: b.type,
      reportingCategory: b.reporting_category ?? null,
      amount: b.amount,
      fee: b.fee,
      net: b.net,
      currency: b.currency,
      exchangeRate: b.exchange_rate === null || b.exchange_rate === undefined ? null : String(b.exchange_rate),
      sourceId: idOf(b.source as string | { id: string } | null),
      availableOn: at(b.available_on),
    }),
  ),
];

/**
 * Stripe's sync: its phases, its client from the stored key, and how its failures read. An incremental run
 * re-reads the last 30 days: refunds and disputes change what older payments are worth.
 */
export const STRIPE_SYNC: VendorSync<StripeClient> = {
  vendorName: 'Stripe',
  phases: STRIPE_PHASES,
  client: (credentials, baseUrl) => createStripeClient({ secretKey: credentials.secretKey!, baseUrl }),
  classify: classifyStripeError,
  trailingWindowMs: 30 * 86_400_000,
};
