import type { Collection, StripeResource } from './account-data.js';
import { type StripeErrorReply, stripeErrors } from './errors.js';
import type { StripeObject } from './objects.js';

// Stripe's list semantics: newest first; `limit` 1–100 (default 10); `starting_after` pages to older records,
// `ending_before` to newer ones; `created[gt|gte|lt|lte]` or `created=<t>` bound the window; `expand[]` may ask
// for `data.balance_transaction`. Query keys arrive as stripe-node encodes them: `created[gte]=…&expand[0]=…`.

export type ListReply = { object: 'list'; data: StripeObject[]; has_more: boolean; url: string };

// Equality filters each list accepts (Stripe has more; these are the ones a sync uses).
const FILTERS: Record<StripeResource, readonly string[]> = {
  customers: ['email'],
  charges: ['customer', 'payment_intent'],
  payment_intents: ['customer'],
  refunds: ['charge', 'payment_intent'],
  disputes: ['charge', 'payment_intent'],
  subscriptions: ['customer', 'status', 'price'],
  invoices: ['customer', 'subscription', 'status'],
  balance_transactions: ['type', 'source', 'currency', 'payout'],
  checkout_sessions: ['customer', 'payment_intent', 'status', 'subscription'],
};
const BOUNDS = ['gt', 'gte', 'lt', 'lte'] as const;

const parseInteger = (param: string, value: string): number | StripeErrorReply =>
  /^-?\d+$/.test(value.trim()) ? Number(value) : stripeErrors.invalidInteger(param, value);

const isError = (value: unknown): value is StripeErrorReply => typeof value === 'object' && value !== null;

/** First position whose created is ≥ `at` (positions are in created order). */
const lowerBound = (collection: Collection, at: number): number => {
  let lo = 0;
  let hi = collection.count();
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (collection.created(mid) < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** Answers `GET /v1/<resource>` from a collection, or the error Stripe would send for these parameters. */
export const listCollection = (
  resource: StripeResource,
  collection: Collection,
  query: URLSearchParams,
): ListReply | StripeErrorReply => {
  let limit = 10;
  let startingAfter: string | undefined;
  let endingBefore: string | undefined;
  let from = 0;
  let to = collection.count() - 1;
  const expand = new Set<string>();
  const equals = new Map<string, string>();

  for (const [key, value] of query) {
    const created = /^created(?:\[(\w+)\])?$/.exec(key);
    if (key === 'limit') {
      const n = parseInteger('limit', value);
      if (isError(n)) return n;
      if (n < 1) return stripeErrors.outOfRange('limit', 'This value must be greater than or equal to 1.');
      if (n > 100) return stripeErrors.outOfRange('limit', 'This value must be less than or equal to 100.');
      limit = n;
    } else if (key === 'starting_after') startingAfter = value;
    else if (key === 'ending_before') endingBefore = value;
    else if (/^expand\[\d*\]$/.test(key)) expand.add(value.replace(/^data\./, ''));
    else if (created) {
      const bound = created[1];
      if (bound !== undefined && !(BOUNDS as readonly string[]).includes(bound))
        return stripeErrors.unknownParameter(key);
      const t = parseInteger(key, value);
      if (isError(t)) return t;
      if (bound === undefined || bound === 'gte' || bound === 'gt')
        from = Math.max(from, lowerBound(collection, bound === 'gt' ? t + 1 : t));
      if (bound === undefined || bound === 'lte' || bound === 'lt')
        to = Math.min(to, lowerBound(collection, bound === 'lt' ? t : t + 1) - 1);
    } else if (FILTERS[resource].includes(key)) equals.set(key, value);
    else return stripeErrors.unknownParameter(key);
  }
  if (startingAfter !== undefined && endingBefore !== undefined) {
    return stripeErrors.invalidRequest('You may only specify one of these parameters: ending_before, starting_after.');
  }
  // Stripe leaves canceled subscriptions out unless asked for them (`status=canceled` or `status=all`).
  if (resource === 'subscriptions' && !equals.has('status')) equals.set('status', '!canceled');
  if (equals.get('status') === 'all') equals.delete('status');

  const matches = (object: StripeObject) => {
    for (const [field, wanted] of equals) {
      const actual =
        field === 'subscription' ? subscriptionOf(object) : field === 'price' ? priceOf(object) : object[field];
      if (wanted.startsWith('!') ? actual === wanted.slice(1) : actual !== wanted) return false;
    }
    return true;
  };
  const cursor = startingAfter ?? endingBefore;
  if (cursor !== undefined) {
    const at = collection.position(cursor);
    if (at === undefined) {
      return stripeErrors.missingResource(
        collection.objectName,
        cursor,
        startingAfter ? 'starting_after' : 'ending_before',
        400,
      );
    }
    if (startingAfter !== undefined) to = Math.min(to, at - 1);
    else from = Math.max(from, at + 1);
  }

  const data: StripeObject[] = [];
  let hasMore = false;
  const forward = endingBefore !== undefined;
  for (let pos = forward ? from : to; forward ? pos <= to : pos >= from; pos += forward ? 1 : -1) {
    const object = collection.object(pos, expand);
    if (!matches(object)) continue;
    if (data.length === limit) {
      hasMore = true;
      break;
    }
    data.push(object);
  }
  if (forward) data.reverse();
  return {
    object: 'list',
    data,
    has_more: hasMore,
    url: `/v1/${resource.replace('checkout_sessions', 'checkout/sessions')}`,
  };
};

const subscriptionOf = (invoice: StripeObject) =>
  (invoice.parent as { subscription_details?: { subscription?: string } } | undefined)?.subscription_details
    ?.subscription;
const priceOf = (subscription: StripeObject) =>
  (subscription.items as { data: { price: { id: string } }[] } | undefined)?.data[0]?.price.id;
