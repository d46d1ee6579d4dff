import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { money, vendorRow } from '../../integrations.schema.js';

// Stripe as the sync stores it (decision 0022): one table per object kind, keyed by (business, Stripe id).
export const stripeCustomers = pgTable(
  'stripe_customers',
  {
    ...vendorRow(),
    email: text('email'),
    name: text('name'),
    phone: text('phone'),
    currency: text('currency'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.vendorId] }),
    index('stripe_customers_email').on(t.businessId, t.email),
  ],
);

export const stripeCharges = pgTable(
  'stripe_charges',
  {
    ...vendorRow(),
    amount: money('amount').notNull(),
    amountRefunded: money('amount_refunded').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    paid: boolean('paid').notNull(),
    customerId: text('customer_id'),
    paymentIntentId: text('payment_intent_id'),
    balanceTransactionId: text('balance_transaction_id'),
    billingEmail: text('billing_email'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /**
     * The `client_reference_id` of the Checkout Session that took this payment (joined on the payment intent): the
     * visitor id the site passed to Checkout. Stripe keeps it on the session only; filled by whichever of the charge
     * and the session is stored second.
     */
    checkoutReference: text('checkout_reference'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.vendorId] }),
    index('stripe_charges_created').on(t.businessId, t.createdAt),
    index('stripe_charges_payment_intent').on(t.businessId, t.paymentIntentId),
  ],
);

/** Checkout Sessions: where Stripe keeps the `client_reference_id` a site passes to Checkout. */
export const stripeCheckoutSessions = pgTable(
  'stripe_checkout_sessions',
  {
    ...vendorRow(),
    clientReferenceId: text('client_reference_id'),
    customerId: text('customer_id'),
    customerEmail: text('customer_email'),
    paymentIntentId: text('payment_intent_id'),
    subscriptionId: text('subscription_id'),
    invoiceId: text('invoice_id'),
    mode: text('mode'),
    status: text('status'),
    paymentStatus: text('payment_status'),
    amountTotal: money('amount_total'),
    currency: text('currency'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.vendorId] }),
    index('stripe_checkout_sessions_payment_intent').on(t.businessId, t.paymentIntentId),
  ],
);

export const stripeRefunds = pgTable(
  'stripe_refunds',
  {
    ...vendorRow(),
    chargeId: text('charge_id'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status'),
    reason: text('reason'),
    balanceTransactionId: text('balance_transaction_id'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.vendorId] })],
);

export const stripeDisputes = pgTable(
  'stripe_disputes',
  {
    ...vendorRow(),
    chargeId: text('charge_id'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.vendorId] })],
);

export const stripeSubscriptions = pgTable(
  'stripe_subscriptions',
  {
    ...vendorRow(),
    customerId: text('customer_id'),
    status: text('status').notNull(),
    /** What one period costs, summed over the items (minor units). */
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval'),
    intervalCount: integer('interval_count'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.vendorId] })],
);

export const stripeInvoices = pgTable(
  'stripe_invoices',
  {
    ...vendorRow(),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    status: text('status'),
    amountDue: money('amount_due').notNull(),
    amountPaid: money('amount_paid').notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.vendorId] })],
);

/**
 * Money as it reached the account: amounts, fees and net in the account's settlement currency (converted by
 * Stripe when the charge was in another), the source of truth for net revenue.
 */
export const stripeBalanceTransactions = pgTable(
  'stripe_balance_transactions',
  {
    ...vendorRow(),
    type: text('type').notNull(),
    reportingCategory: text('reporting_category'),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    net: money('net').notNull(),
    currency: text('currency').notNull(),
    exchangeRate: text('exchange_rate'),
    sourceId: text('source_id'),
    availableOn: timestamp('available_on', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.vendorId] }),
    index('stripe_bt_created').on(t.businessId, t.createdAt),
  ],
);
