import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AccountData } from './account-data.js';
import { FailureQueue, RateLimiter, type StripeFailure } from './failures.js';
import { handleRequest, type RequestRecord, type SandboxContext } from './handler.js';
import type { StripeObject } from './objects.js';
import { drawFor } from './random.js';
import { resolveAccount, type StripeSandboxAccountOptions } from './spec.js';
import { deliver, type WebhookDelivery, type WebhookEndpoint, wantsEvent } from './webhooks.js';

/** The API version the sandbox stamps on events: the one stripe 23.1 pins. */
export const STRIPE_SANDBOX_API_VERSION = '2026-10-28.endive';

export type StripeSandboxOptions = {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Seed of every generated id, name and amount (default 1). */
  seed?: number;
  /** The connected accounts (default: one with 50 customers and 300 charges). */
  accounts?: StripeSandboxAccountOptions[];
  /** Unix seconds the data ends at (default: the start of the current UTC day, so one day's runs agree). */
  now?: number;
  /** Requests per second per account beyond which the sandbox answers 429 and counts a violation (default: none). */
  rateLimitPerSecond?: number | null;
};

export type StripeSandboxState = {
  accounts: readonly AccountData[];
  /** The account a key opens (secret or restricted), or the first one. */
  account(key?: string): AccountData;
  /** Requests seen with `key` (any key when absent). */
  requestCount(key?: string): number;
  /** Requests answered 429 by the rate limit (not by injected failures). */
  readonly rateLimitViolations: number;
  /** The last 10,000 requests, oldest first. */
  readonly requests: readonly RequestRecord[];
  readonly webhookEndpoints: readonly WebhookEndpoint[];
  readonly events: readonly StripeObject[];
  /** Changes the rate limit (null: none). */
  setRateLimit(perSecond: number | null): void;
};

export type StripeSandbox = {
  url: string;
  host: string;
  port: number;
  /** The first account's secret key, and every account's. */
  secretKey: string;
  secretKeys: string[];
  /** The first account's restricted key (`rk_test_…`, permissions `rak_account_read` and `rak_charge_read` by default). */
  restrictedKey: string;
  state: StripeSandboxState;
  /** Fails the next matching requests; returns a function that cancels what is left. */
  inject(failure: StripeFailure): () => void;
  /** Creates a Stripe event and POSTs it, signed, to the account's endpoints that subscribed to `type`. */
  emitEvent(
    type: string,
    object: StripeObject,
    options?: { account?: string },
  ): Promise<{ event: StripeObject; deliveries: WebhookDelivery[] }>;
  close(): Promise<void>;
};

const startOfDay = (ms: number) => Math.floor(ms / 86_400_000) * 86_400;

/** Starts a stateful, seeded Stripe API on 127.0.0.1 that the official `stripe` package can be pointed at. */
export const startStripeSandbox = async (options: StripeSandboxOptions = {}): Promise<StripeSandbox> => {
  const seed = options.seed ?? 1;
  const now = options.now ?? startOfDay(Date.now());
  const accounts = (options.accounts ?? [{}]).map((a, i) => new AccountData(resolveAccount(a, i, seed, now)));
  const limiter = new RateLimiter(options.rateLimitPerSecond ?? null);
  const failures = new FailureQueue();
  const events: StripeObject[] = [];
  const counters = new Map<string, number>();
  const ctx: SandboxContext = {
    accounts,
    failures,
    limiter,
    endpoints: [],
    requests: [],
    requestsByKey: new Map(),
    newId: (prefix) => {
      const n = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, n);
      return `${prefix}_${drawFor(seed, `created:${prefix}`, n).chars(24)}`;
    },
    now: () => Math.floor(Date.now() / 1000),
  };

  const server = createServer((req, res) => {
    handleRequest(ctx, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred.' } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = '127.0.0.1';

  const state: StripeSandboxState = {
    accounts,
    account: (key) => accounts.find((a) => a.spec.secretKey === key || a.spec.restrictedKey === key) ?? accounts[0]!,
    requestCount: (key) => (key === undefined ? ctx.requests.length : (ctx.requestsByKey.get(key) ?? 0)),
    get rateLimitViolations() {
      return limiter.violations;
    },
    requests: ctx.requests,
    webhookEndpoints: ctx.endpoints,
    events,
    setRateLimit: (perSecond) => {
      limiter.perSecond = perSecond;
    },
  };

  return {
    url: `http://${host}:${port}`,
    host,
    port,
    secretKey: accounts[0]!.spec.secretKey,
    secretKeys: accounts.map((a) => a.spec.secretKey),
    restrictedKey: accounts[0]!.spec.restrictedKey,
    state,
    inject: (failure) => failures.add(failure),
    emitEvent: async (type, object, { account } = {}) => {
      const owner = account ? accounts.find((a) => a.spec.id === account || a.spec.secretKey === account) : accounts[0];
      if (!owner) throw new Error(`No sandbox account ${account}`);
      const created = ctx.now();
      const targets = ctx.endpoints.filter((e) => e.account === owner.spec.id && wantsEvent(e, type));
      const event: StripeObject = {
        id: ctx.newId('evt'),
        object: 'event',
        api_version: STRIPE_SANDBOX_API_VERSION,
        created,
        data: { object },
        livemode: false,
        pending_webhooks: targets.length,
        request: { id: null, idempotency_key: null },
        type,
      };
      events.push(event);
      return { event, deliveries: await deliver(targets, event, created) };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
};
