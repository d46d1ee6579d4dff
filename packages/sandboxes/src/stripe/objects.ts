import { type ChargeFacts, chargeFacts, customerFacts } from './facts.js';
import { makeId } from './ids.js';
import { BALANCE_KIND, type BalanceKind, balanceKey, DISPUTE_FEE, type Ledger } from './ledger.js';
import type { AccountSpec } from './spec.js';

// Records in Stripe's JSON shapes (stripe/openapi spec3.json and fixtures3.json), with the fields a sync reads and
// the commonest others; amounts in minor units, times in Unix seconds, ids as strings unless expanded.

export type StripeObject = { id: string; object: string; created?: number; [field: string]: unknown };

const DAY = 86_400;
/** The id of record `index` of kind `prefix` in this account. */
export const id = (spec: AccountSpec, prefix: string, index: number) => makeId(prefix, spec.seed, spec.tag, index);

export const ids = {
  customer: (spec: AccountSpec, i: number) => id(spec, 'cus', i),
  charge: (spec: AccountSpec, i: number) => id(spec, 'ch', i),
  paymentIntent: (spec: AccountSpec, i: number) => id(spec, 'pi', i),
  checkoutSession: (spec: AccountSpec, i: number) => id(spec, 'cs_test', i),
  refund: (spec: AccountSpec, i: number) => id(spec, 're', i),
  dispute: (spec: AccountSpec, i: number) => id(spec, 'dp', i),
  subscription: (spec: AccountSpec, j: number) => id(spec, 'sub', j),
  invoice: (spec: AccountSpec, ref: number) => id(spec, 'in', ref),
  balance: (spec: AccountSpec, kind: BalanceKind, ref: number) => id(spec, 'txn', balanceKey(BALANCE_KIND[kind], ref)),
  payout: (spec: AccountSpec, week: number) => id(spec, 'po', week),
};

export const accountObject = (spec: AccountSpec): StripeObject => ({
  id: spec.id,
  object: 'account',
  business_profile: { name: spec.name, mcc: '5734', support_email: spec.email, url: null },
  business_type: 'company',
  capabilities: { card_payments: 'active', transfers: 'active' },
  charges_enabled: spec.chargesEnabled,
  country: spec.country,
  created: spec.created,
  default_currency: spec.currency,
  details_submitted: true,
  email: spec.email,
  metadata: {},
  payouts_enabled: spec.payoutsEnabled,
  settings: { dashboard: { display_name: spec.name, timezone: 'Etc/UTC' } },
  type: 'standard',
});

export const customerObject = (spec: AccountSpec, index: number): StripeObject => {
  const f = customerFacts(spec, index);
  return {
    id: ids.customer(spec, index),
    object: 'customer',
    address: null,
    balance: 0,
    created: f.created,
    currency: spec.currency,
    default_source: null,
    delinquent: false,
    description: null,
    email: f.email,
    invoice_prefix: ids.customer(spec, index).slice(4, 12).toUpperCase(),
    livemode: false,
    metadata: {},
    name: f.name,
    phone: null,
    preferred_locales: [],
    tax_exempt: 'none',
  };
};

export const chargeObject = (spec: AccountSpec, f: ChargeFacts, balance?: StripeObject): StripeObject => {
  const customer = customerFacts(spec, f.customer);
  const refunded = f.refund?.amount ?? 0;
  return {
    id: ids.charge(spec, f.index),
    object: 'charge',
    amount: f.amount,
    amount_captured: f.failed ? 0 : f.amount,
    amount_refunded: refunded,
    balance_transaction: f.failed ? null : (balance ?? ids.balance(spec, 'charge', f.index)),
    billing_details: { email: customer.email, name: customer.name, phone: null, address: null },
    captured: !f.failed,
    created: f.created,
    currency: f.currency,
    customer: ids.customer(spec, f.customer),
    description: null,
    disputed: f.dispute !== null,
    failure_code: f.failed ? 'card_declined' : null,
    failure_message: f.failed ? 'Your card was declined.' : null,
    livemode: false,
    metadata: {},
    outcome: f.failed
      ? { network_status: 'declined_by_network', reason: 'generic_decline', type: 'issuer_declined' }
      : { network_status: 'approved_by_network', reason: null, type: 'authorized' },
    paid: !f.failed,
    payment_intent: ids.paymentIntent(spec, f.index),
    payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', country: spec.country } },
    receipt_email: customer.email,
    refunded: refunded > 0 && refunded === f.amount,
    status: f.failed ? 'failed' : 'succeeded',
  };
};

export const paymentIntentObject = (spec: AccountSpec, index: number): StripeObject => {
  const f = chargeFacts(spec, index);
  return {
    id: ids.paymentIntent(spec, index),
    object: 'payment_intent',
    amount: f.amount,
    amount_capturable: 0,
    amount_received: f.failed ? 0 : f.amount,
    capture_method: 'automatic',
    created: f.created,
    currency: f.currency,
    customer: ids.customer(spec, f.customer),
    latest_charge: ids.charge(spec, index),
    livemode: false,
    metadata: {},
    payment_method_types: ['card'],
    status: f.failed ? 'requires_payment_method' : 'succeeded',
  };
};

/**
 * The Checkout Session each payment went through (mode `payment`, one payment intent). The visitor id the site
 * passed stays on the session as `client_reference_id`: Stripe copies it to neither the payment intent nor the
 * charge, so a sync finds it only here (joined on `payment_intent`).
 */
export const checkoutSessionObject = (spec: AccountSpec, index: number): StripeObject => {
  const f = chargeFacts(spec, index);
  const customer = customerFacts(spec, f.customer);
  return {
    id: ids.checkoutSession(spec, index),
    object: 'checkout.session',
    amount_subtotal: f.amount,
    amount_total: f.amount,
    client_reference_id: f.visitorId,
    created: f.created,
    currency: f.currency,
    customer: ids.customer(spec, f.customer),
    customer_creation: null,
    customer_details: { email: customer.email, name: customer.name, phone: null, address: null, tax_exempt: 'none' },
    customer_email: null,
    expires_at: f.created + DAY,
    invoice: null,
    livemode: false,
    metadata: {},
    mode: 'payment',
    payment_intent: ids.paymentIntent(spec, index),
    payment_status: f.failed ? 'unpaid' : 'paid',
    status: f.failed ? 'expired' : 'complete',
    subscription: null,
    success_url: null,
    ui_mode: 'hosted',
    url: null,
  };
};

export const refundObject = (spec: AccountSpec, chargeIndex: number): StripeObject => {
  const f = chargeFacts(spec, chargeIndex);
  return {
    id: ids.refund(spec, chargeIndex),
    object: 'refund',
    amount: f.refund?.amount ?? 0,
    balance_transaction: ids.balance(spec, 'refund', chargeIndex),
    charge: ids.charge(spec, chargeIndex),
    created: f.refund?.created ?? f.created,
    currency: f.currency,
    metadata: {},
    payment_intent: ids.paymentIntent(spec, chargeIndex),
    reason: 'requested_by_customer',
    status: 'succeeded',
  };
};

export const disputeObject = (spec: AccountSpec, chargeIndex: number, ledger: Ledger): StripeObject => {
  const f = chargeFacts(spec, chargeIndex);
  const created = f.dispute?.created ?? f.created;
  return {
    id: ids.dispute(spec, chargeIndex),
    object: 'dispute',
    amount: f.amount,
    balance_transactions: [balanceObject(spec, ledger, 'adjustment', chargeIndex)],
    charge: ids.charge(spec, chargeIndex),
    created,
    currency: f.currency,
    evidence_details: { due_by: created + 7 * DAY, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: ids.paymentIntent(spec, chargeIndex),
    reason: 'fraudulent',
    status: f.dispute?.status ?? 'needs_response',
  };
};

export const balanceObject = (spec: AccountSpec, ledger: Ledger, kind: BalanceKind, ref: number): StripeObject => {
  const txn = {
    id: ids.balance(spec, kind, ref),
    object: 'balance_transaction',
    currency: spec.currency,
    status: 'available',
  };
  if (kind === 'payout') {
    const amount = ledger.balance.payoutAmount.get(ref) ?? 0;
    const created = spec.start + ref * 7 * DAY;
    const moves = { amount, fee: 0, fee_details: [], net: amount, exchange_rate: null };
    return {
      ...txn,
      ...moves,
      available_on: created,
      created,
      description: 'STRIPE PAYOUT',
      reporting_category: 'payout',
      source: ids.payout(spec, ref),
      type: 'payout',
    };
  }
  const f = chargeFacts(spec, ref);
  if (kind === 'charge') {
    const fees = [
      {
        amount: f.fee,
        application: null,
        currency: spec.currency,
        description: 'Stripe processing fees',
        type: 'stripe_fee',
      },
    ];
    const moves = {
      amount: f.settled,
      fee: f.fee,
      fee_details: fees,
      net: f.settled - f.fee,
      exchange_rate: f.exchangeRate,
    };
    return {
      ...txn,
      ...moves,
      available_on: f.created + 2 * DAY,
      created: f.created,
      description: null,
      reporting_category: 'charge',
      source: ids.charge(spec, ref),
      type: 'charge',
    };
  }
  if (kind === 'refund') {
    const amount = -Math.round((f.refund?.amount ?? 0) * (f.exchangeRate ?? 1));
    const created = f.refund?.created ?? f.created;
    const moves = { amount, fee: 0, fee_details: [], net: amount, exchange_rate: f.exchangeRate };
    return {
      ...txn,
      ...moves,
      available_on: created,
      created,
      description: 'REFUND FOR CHARGE',
      reporting_category: 'refund',
      source: ids.refund(spec, ref),
      type: 'refund',
    };
  }
  const created = f.dispute?.created ?? f.created;
  const fees = [
    { amount: DISPUTE_FEE, application: null, currency: spec.currency, description: 'Dispute fee', type: 'stripe_fee' },
  ];
  const moves = {
    amount: -f.settled,
    fee: DISPUTE_FEE,
    fee_details: fees,
    net: -f.settled - DISPUTE_FEE,
    exchange_rate: f.exchangeRate,
  };
  return {
    ...txn,
    ...moves,
    available_on: created,
    created,
    description: `Chargeback withdrawal for ${ids.charge(spec, ref)}`,
    reporting_category: 'dispute',
    source: ids.dispute(spec, ref),
    type: 'adjustment',
  };
};
