import Stripe from 'stripe';

/**
 * The Stripe API version every request pins (`Stripe-Version`): the one stripe 23.1 is typed for. Changing it changes
 * object shapes (e.g. since 2025-03-31 a subscription's billing period sits on its items), so it lives only here.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;
export const STRIPE_DEFAULT_API_URL = 'https://api.stripe.com';
/** How long one request may take before it fails as transient (stripe's own default is 80 s). */
export const STRIPE_TIMEOUT_MS = 20_000;
/**
 * Stripe's 429s carry no Retry-After. Its limits are counted per second, so waiting one second lets the window pass:
 * the sync pauses that long after each 429 and resumes from its cursor (it does not grow the pause on repeated 429s;
 * stripe-node's own retries, which we turn off, back off from 0.5 s to 5 s).
 */
export const STRIPE_RATE_LIMIT_BACKOFF_MS = 1_000;

/** The resources a sync reads, by their path under /v1. */
export const STRIPE_LIST_RESOURCES = [
  'customers',
  'charges',
  'payment_intents',
  'refunds',
  'disputes',
  'subscriptions',
  'invoices',
  'balance_transactions',
  'checkout_sessions',
] as const;
export type StripeListResource = (typeof STRIPE_LIST_RESOURCES)[number];

export type StripeListItem = {
  customers: Stripe.Customer;
  charges: Stripe.Charge;
  payment_intents: Stripe.PaymentIntent;
  refunds: Stripe.Refund;
  disputes: Stripe.Dispute;
  subscriptions: Stripe.Subscription;
  invoices: Stripe.Invoice;
  balance_transactions: Stripe.BalanceTransaction;
  checkout_sessions: Stripe.Checkout.Session;
};

/** The connected account as the product shows it. */
export type StripeAccountInfo = {
  account_id: string;
  business_name: string | null;
  country: string | null;
  default_currency: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
};

/** One page of a list, newest first; `nextCursor` resumes after its last item while `hasMore`. */
export type StripePage<T> = { items: T[]; hasMore: boolean; nextCursor: string | null };

export type StripePageOptions = {
  /** The id the previous page ended with. */
  startingAfter?: string;
  /** Only records created at or after this Unix time (seconds). */
  createdGte?: number;
  /** 1–100. */
  limit: number;
};

export type StripeClient = {
  account(): Promise<StripeAccountInfo>;
  /** Registers a webhook endpoint for `events` at `url`; answers its id and signing secret (shown only now). */
  createWebhookEndpoint(url: string, events: readonly string[]): Promise<{ id: string; secret: string }>;
  listPage<R extends StripeListResource>(
    resource: R,
    options: StripePageOptions,
  ): Promise<StripePage<StripeListItem[R]>>;
};

/** `https://api.stripe.com` or a sandbox's `http://127.0.0.1:4242` as the `stripe` package's host, port and protocol. */
export const stripeEndpoint = (baseUrl: string): { host: string; port: number; protocol: 'http' | 'https' } => {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`STRIPE_API_URL must be http(s): ${baseUrl}`);
  if (url.pathname !== '/' || url.search) throw new Error(`STRIPE_API_URL takes no path: ${baseUrl}`);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
};

type ListParams = { limit: number; starting_after?: string; created?: { gte: number } };
type Lister = (params: ListParams) => Promise<Stripe.ApiList<{ id: string }>>;

/** A Stripe client for one connected account's secret key; it never retries (the sync engine decides). */
export const createStripeClient = ({
  secretKey,
  baseUrl = STRIPE_DEFAULT_API_URL,
  timeoutMs = STRIPE_TIMEOUT_MS,
}: {
  secretKey: string;
  baseUrl?: string;
  timeoutMs?: number;
}): StripeClient => {
  const stripe = new Stripe(secretKey, {
    ...stripeEndpoint(baseUrl),
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 0,
    timeout: timeoutMs,
    telemetry: false,
  });
  const listers: Record<StripeListResource, Lister> = {
    customers: (p) => stripe.customers.list(p),
    charges: (p) => stripe.charges.list(p),
    payment_intents: (p) => stripe.paymentIntents.list(p),
    refunds: (p) => stripe.refunds.list(p),
    disputes: (p) => stripe.disputes.list(p),
    // Stripe leaves canceled subscriptions out of lists unless asked for every status.
    subscriptions: (p) => stripe.subscriptions.list({ ...p, status: 'all' }),
    invoices: (p) => stripe.invoices.list(p),
    balance_transactions: (p) => stripe.balanceTransactions.list(p),
    checkout_sessions: (p) => stripe.checkout.sessions.list(p),
  };

  return {
    createWebhookEndpoint: async (url, events) => {
      const endpoint = await stripe.webhookEndpoints.create({
        url,
        enabled_events: [...events] as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
        // Without it Stripe renders the events in the account's default version, whose objects may have another
        // shape (an account older than 2025-03-31 puts the billing period on the subscription, not its items).
        api_version: STRIPE_API_VERSION,
      });
      return { id: endpoint.id, secret: endpoint.secret ?? '' };
    },
    account: async () => {
      const account = await stripe.accounts.retrieveCurrent();
      return {
        account_id: account.id,
        business_name: account.business_profile?.name ?? account.settings?.dashboard?.display_name ?? null,
        country: account.country ?? null,
        default_currency: account.default_currency ?? null,
        charges_enabled: account.charges_enabled ?? false,
        payouts_enabled: account.payouts_enabled ?? false,
      };
    },
    listPage: async <R extends StripeListResource>(resource: R, options: StripePageOptions) => {
      const page = await listers[resource]({
        limit: options.limit,
        ...(options.startingAfter ? { starting_after: options.startingAfter } : {}),
        ...(options.createdGte !== undefined ? { created: { gte: options.createdGte } } : {}),
      });
      const items = page.data as StripeListItem[R][];
      return { items, hasMore: page.has_more, nextCursor: page.has_more ? (items.at(-1)?.id ?? null) : null };
    },
  };
};

export type StripeFailureKind = 'auth' | 'permission' | 'rate_limited' | 'transient' | 'invalid';
export type StripeFailure = { kind: StripeFailureKind; message: string; retryAfterMs?: number };

// Stripe masks keys in its messages already; this keeps a whole key out of ours even if a message carried one.
const KEY = /\b(sk|rk|pk)_(test|live)_[A-Za-z0-9]+/g;
const redactKeys = (text: string) => text.replace(KEY, (key, kind, mode) => `${kind}_${mode}_****${key.slice(-4)}`);

/** What a failed Stripe call means for a sync: which class, a message without the key, and when to retry. */
export const classifyStripeError = (err: unknown): StripeFailure => {
  const message = redactKeys(err instanceof Error ? err.message : String(err));
  if (err instanceof Stripe.errors.StripeAuthenticationError) return { kind: 'auth', message };
  if (err instanceof Stripe.errors.StripePermissionError) return { kind: 'permission', message };
  if (err instanceof Stripe.errors.StripeRateLimitError) {
    return { kind: 'rate_limited', message, retryAfterMs: STRIPE_RATE_LIMIT_BACKOFF_MS };
  }
  if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError) {
    return { kind: 'transient', message };
  }
  if (err instanceof Stripe.errors.StripeError) return { kind: 'invalid', message };
  return { kind: 'transient', message: `Unexpected failure calling Stripe: ${message}` };
};

/** Seconds a webhook's signed timestamp may be off from now (Stripe's own default). */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

/**
 * Verifies a webhook's `Stripe-Signature` over its exact body with the endpoint's signing secret (HMAC-SHA256,
 * within the tolerance) and answers the event; throws when the signature or the timestamp does not hold.
 */
export function verifyStripeWebhook(rawBody: Buffer | string, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret, STRIPE_WEBHOOK_TOLERANCE_S);
}
