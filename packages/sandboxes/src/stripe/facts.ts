import { drawFor } from './random.js';
import { type AccountSpec, CUSTOMER_LEAD_DAYS } from './spec.js';

// The plain facts behind each generated record, drawn by index from the seed, so any record can be rebuilt alone.

const DAY = 86_400;
const CUSTOMER_LEAD = CUSTOMER_LEAD_DAYS * DAY;
const CATALOG = [1900, 2900, 4900, 9900, 19900, 49900];
const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Ethan', 'Ines', 'Kenji', 'Sofia', 'Omar', 'Lena', 'Marco'];
const LAST = ['Garcia', 'Smith', 'Tanaka', 'Okafor', 'Novak', 'Rossi', 'Müller', 'Dubois', 'Khan', 'Silva'];

export type DisputeStatus = 'needs_response' | 'under_review' | 'lost';

export type ChargeFacts = {
  index: number;
  created: number;
  customer: number;
  currency: string;
  /** In `currency`'s minor units. */
  amount: number;
  failed: boolean;
  /** Rate into the settlement currency when the charge was in another one. */
  exchangeRate: number | null;
  /** Amount and fee in the settlement currency (the balance transaction's). */
  settled: number;
  fee: number;
  refund: { amount: number; created: number } | null;
  dispute: { created: number; status: DisputeStatus } | null;
  /** A visitor id (UUID) the site passed to Stripe Checkout as the session's `client_reference_id`. */
  visitorId: string | null;
};

export type CustomerFacts = { index: number; created: number; name: string; email: string };

export type SubscriptionFacts = {
  index: number;
  customer: number;
  created: number;
  interval: 'month' | 'year';
  unitAmount: number;
  status: 'active' | 'past_due' | 'canceled' | 'trialing';
  trialEnd: number | null;
  canceledAt: number | null;
  cancelAtPeriodEnd: boolean;
  /** When billing starts (after a trial), and the start of each billed period up to now or cancellation. */
  billingStart: number;
  periodStarts: number[];
};

/** When charge `index` was created: evenly paced over the account's history, so created never decreases with index. */
export const chargeCreated = (spec: AccountSpec, index: number): number =>
  spec.start + Math.floor(index * spec.chargeStep);

export const customerCreated = (spec: AccountSpec, index: number): number =>
  spec.start - CUSTOMER_LEAD + Math.floor(index * spec.customerStep);

/** The newest customer that existed at `at`. */
const lastCustomerAt = (spec: AccountSpec, at: number): number =>
  Math.min(spec.customers - 1, Math.max(0, Math.floor((at - spec.start + CUSTOMER_LEAD) / spec.customerStep)));

// Charges name their customer's e-mail and name, so customers (few beside charges) are kept once made.
const customerCache = new WeakMap<AccountSpec, Map<number, CustomerFacts>>();

export const customerFacts = (spec: AccountSpec, index: number): CustomerFacts => {
  const cache = customerCache.get(spec) ?? new Map<number, CustomerFacts>();
  customerCache.set(spec, cache);
  const facts = cache.get(index) ?? makeCustomerFacts(spec, index);
  cache.set(index, facts);
  return facts;
};

const makeCustomerFacts = (spec: AccountSpec, index: number): CustomerFacts => {
  const d = drawFor(spec.seed, 'customer', index);
  const first = d.pick(FIRST);
  const last = d.pick(LAST);
  const mailbox = `${first}.${last}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z.]/g, '');
  return {
    index,
    created: customerCreated(spec, index),
    name: `${first} ${last}`,
    email: `${mailbox}${index}@example.com`,
  };
};

const uuid = (hex: string): string =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;

export const chargeFacts = (spec: AccountSpec, index: number): ChargeFacts => {
  const d = drawFor(spec.seed, 'charge', index);
  const created = chargeCreated(spec, index);
  const customer = d.int(0, lastCustomerAt(spec, created));
  const foreign = d.chance(0.1);
  const amount = d.chance(0.7) ? d.pick(CATALOG) : d.int(500, 25_000);
  const failed = d.chance(0.05);
  const refundRoll = d.float();
  const refundShare = d.chance(0.7) ? 1 : d.int(20, 80) / 100;
  const refundAfter = d.int(1, 10) * DAY + d.int(0, DAY - 1);
  const disputeRoll = d.float();
  const disputeAfter = d.int(3, 20) * DAY + d.int(0, DAY - 1);
  const disputeOpen = d.pick(['needs_response', 'under_review'] as const);
  const visitorId = d.chance(0.4) ? uuid(d.chars(32, '0123456789abcdef')) : null;

  const exchangeRate = foreign ? spec.exchangeRate : null;
  const settled = foreign ? Math.round(amount * spec.exchangeRate) : amount;
  const fee = failed ? 0 : Math.round(settled * (foreign ? 0.039 : 0.029)) + 30;
  const refundAt = created + refundAfter;
  const refund =
    !failed && refundRoll < 0.06 && refundAt <= spec.now
      ? { amount: Math.max(50, Math.round(amount * refundShare)), created: refundAt }
      : null;
  const disputeAt = created + disputeAfter;
  const dispute =
    !failed && refundRoll >= 0.06 && disputeRoll < 0.012 && disputeAt <= spec.now
      ? { created: disputeAt, status: spec.now - disputeAt > 30 * DAY ? ('lost' as const) : disputeOpen }
      : null;
  return {
    index,
    created,
    customer,
    currency: foreign ? spec.foreignCurrency : spec.currency,
    amount,
    failed,
    exchangeRate,
    settled,
    fee,
    refund,
    dispute,
    visitorId,
  };
};

/** `at` moved by `count` calendar months or years (UTC), as Stripe's billing periods move. */
export const addInterval = (at: number, interval: 'month' | 'year', count: number): number => {
  const date = new Date(at * 1000);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else date.setUTCFullYear(date.getUTCFullYear() + count);
  return Math.floor(date.getTime() / 1000);
};

export const subscriptionFacts = (spec: AccountSpec, index: number): SubscriptionFacts => {
  const d = drawFor(spec.seed, 'subscription', index);
  const customer = d.int(0, spec.customers - 1);
  const created = Math.min(spec.now - 3600, customerCreated(spec, customer) + d.int(0, 7 * DAY));
  const interval = d.chance(0.8) ? 'month' : 'year';
  const unitAmount = d.pick([1900, 4900, 9900]) * (interval === 'year' ? 10 : 1);
  const roll = d.float();
  const cancelDays = d.int(1, 120);
  const cancelAtPeriodEnd = d.chance(0.1);
  const trialEnd = roll >= 0.17 && roll < 0.27 ? created + 14 * DAY : null;
  const billingStart = trialEnd ?? created;
  const canceledAt = roll < 0.12 ? Math.min(spec.now - 60, created + cancelDays * DAY) : null;
  const status =
    canceledAt !== null
      ? 'canceled'
      : roll < 0.17
        ? 'past_due'
        : trialEnd !== null && trialEnd > spec.now
          ? 'trialing'
          : 'active';
  const until = canceledAt ?? spec.now;
  const periodStarts: number[] = [];
  for (let k = 0; addInterval(billingStart, interval, k) <= until; k++)
    periodStarts.push(addInterval(billingStart, interval, k));
  return {
    index,
    customer,
    created,
    interval,
    unitAmount,
    status,
    trialEnd,
    canceledAt,
    cancelAtPeriodEnd: status === 'active' && cancelAtPeriodEnd,
    billingStart,
    periodStarts,
  };
};
