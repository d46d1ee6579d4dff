import { addInterval, customerFacts, type SubscriptionFacts } from './facts.js';
import { id, ids, type StripeObject } from './objects.js';
import type { AccountSpec } from './spec.js';

// Subscriptions and their invoices in Stripe's shapes. Invoice payments are not modelled as charges: the charges
// stand for one-off checkout payments (see docs/sandboxes.md).

/** The period of a subscription that contains `at` (its last billed one). */
const currentPeriod = (s: SubscriptionFacts, at: number) => {
  const start = s.periodStarts.filter((p) => p <= at).at(-1) ?? s.billingStart;
  return { start, end: addInterval(start, s.interval, 1) };
};

const priceObject = (spec: AccountSpec, s: SubscriptionFacts) => ({
  id: id(spec, 'price', s.unitAmount),
  object: 'price',
  active: true,
  currency: spec.currency,
  product: id(spec, 'prod', s.unitAmount),
  recurring: { interval: s.interval, interval_count: 1, usage_type: 'licensed' },
  type: 'recurring',
  unit_amount: s.unitAmount,
  unit_amount_decimal: String(s.unitAmount),
});

export const subscriptionObject = (spec: AccountSpec, s: SubscriptionFacts): StripeObject => {
  const subscriptionId = ids.subscription(spec, s.index);
  const period =
    s.trialEnd && s.trialEnd > spec.now ? { start: s.created, end: s.trialEnd } : currentPeriod(s, spec.now);
  return {
    id: subscriptionId,
    object: 'subscription',
    billing_cycle_anchor: s.billingStart,
    cancel_at: s.cancelAtPeriodEnd ? period.end : null,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: s.canceledAt,
    collection_method: 'charge_automatically',
    created: s.created,
    currency: spec.currency,
    customer: ids.customer(spec, s.customer),
    ended_at: s.canceledAt,
    items: {
      object: 'list',
      data: [
        {
          id: id(spec, 'si', s.index),
          object: 'subscription_item',
          created: s.created,
          // Since API version 2025-03-31 the billing period lives on the item, not the subscription.
          current_period_end: period.end,
          current_period_start: period.start,
          price: priceObject(spec, s),
          quantity: 1,
          subscription: subscriptionId,
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${subscriptionId}`,
    },
    latest_invoice: s.periodStarts.length > 0 ? ids.invoice(spec, s.index * 4096 + s.periodStarts.length - 1) : null,
    livemode: false,
    metadata: {},
    start_date: s.created,
    status: s.status,
    trial_end: s.trialEnd,
    trial_start: s.trialEnd ? s.created : null,
  };
};

export const invoiceObject = (spec: AccountSpec, s: SubscriptionFacts, period: number): StripeObject => {
  const start = s.periodStarts[period] ?? s.billingStart;
  const end = addInterval(start, s.interval, 1);
  const unpaid = s.status === 'past_due' && period === s.periodStarts.length - 1;
  const invoiceId = ids.invoice(spec, s.index * 4096 + period);
  const customer = customerFacts(spec, s.customer);
  const amount = s.unitAmount;
  return {
    id: invoiceId,
    object: 'invoice',
    account_country: spec.country,
    account_name: spec.name,
    amount_due: amount,
    amount_paid: unpaid ? 0 : amount,
    amount_remaining: unpaid ? amount : 0,
    attempt_count: unpaid ? 3 : 1,
    attempted: true,
    billing_reason: period === 0 ? 'subscription_create' : 'subscription_cycle',
    collection_method: 'charge_automatically',
    created: start,
    currency: spec.currency,
    customer: ids.customer(spec, s.customer),
    customer_email: customer.email,
    customer_name: customer.name,
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${invoiceId.slice(3)}`,
          object: 'line_item',
          amount,
          currency: spec.currency,
          period: { start, end },
          quantity: 1,
        },
      ],
      has_more: false,
      url: `/v1/invoices/${invoiceId}/lines`,
    },
    livemode: false,
    metadata: {},
    number: `${ids.customer(spec, s.customer).slice(4, 12).toUpperCase()}-${String(period + 1).padStart(4, '0')}`,
    parent: { type: 'subscription_details', subscription_details: { subscription: ids.subscription(spec, s.index) } },
    period_end: start,
    period_start: start,
    status: unpaid ? 'open' : 'paid',
    status_transitions: { finalized_at: start, paid_at: unpaid ? null : start + 3600 },
    subtotal: amount,
    total: amount,
  };
};
