import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FailureQueue } from '../stripe/failures.js';
import { MetaAccountData } from './account-data.js';
import { graphErrors } from './errors.js';
import {
  handleGraphRequest,
  type MetaFailure,
  type MetaRequestRecord,
  type MetaSandboxContext,
  type MetaTokenGrant,
} from './handler.js';
import { type ReportRun, ReportRuns } from './jobs.js';
import { PixelStore, type ReceivedPixelEvent, type SandboxPixel, type SandboxPixelOptions } from './pixels.js';
import { type MetaSandboxAccountOptions, metaToken, metaUserId, resolveMetaAccount } from './spec.js';
import { type MetaUsageLimit, type UsagePercent, UsageWindows } from './usage.js';

export type MetaSandboxOptions = {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Seed of every generated id, token and figure (default 1). */
  seed?: number;
  /** The ad accounts the user can see (default: one, 6 campaigns, 12 ad sets, 24 ads, 90 days). */
  accounts?: MetaSandboxAccountOptions[];
  /** Unix seconds the data ends before (default: the start of the current UTC day); the last day is the one before. */
  now?: number;
  /** The allowance behind the usage headers (default 2,000 calls per 5 minutes per account and per token). */
  usageLimit?: MetaUsageLimit;
  /** Status reads an insights job takes to complete (default 3: not started, running, completed). */
  jobPolls?: number;
  /** Milliseconds after which an insights job has completed whether polled or not (default 2,000). */
  jobMs?: number;
  /** Sync insights over more (ad × day) positions than this fail with code 1 (default 50,000). */
  syncInsightsMaxRows?: number;
  /** Conversions API pixels (default: one, named after the first ad account, fired an hour before `now`). */
  pixels?: SandboxPixelOptions[];
  /**
   * Read-only grants: the `full` token (accessToken) has ads_read without ads_management, so every write answers
   * Meta's code 200. Default false: it has both.
   */
  readOnly?: boolean;
};

export type MetaSandboxState = {
  accounts: readonly MetaAccountData[];
  /** An account by `act_<id>`, its number, or the first one. */
  account(id?: string): MetaAccountData;
  /** Requests seen with `token` (any token when absent). */
  requestCount(token?: string): number;
  /** Requests refused because the usage reached 100 % (not injected failures). */
  readonly rateLimitViolations: number;
  /** The last 10,000 requests, oldest first. */
  readonly requests: readonly MetaRequestRecord[];
  readonly reportRuns: readonly ReportRun[];
  /** The usage percentages of an account now. */
  usage(accountId?: string): UsagePercent;
  /** Changes the allowance (and forgets the usage so far when `reset`). */
  setUsageLimit(limit: MetaUsageLimit, reset?: boolean): void;
  setJobPolls(polls: number): void;
  /** The Conversions API pixels. */
  readonly pixels: readonly SandboxPixel[];
  /** Events `POST /{pixel}/events` accepted (one pixel's, or all), oldest first, with their request's test code. */
  pixelEvents(pixelId?: string): ReceivedPixelEvent[];
  /** The accepted events requests, in order: pixel, number of events, test code. */
  readonly pixelRequests: readonly { pixelId: string; events: number; testEventCode: string | null }[];
};

export type MetaSandbox = {
  url: string;
  host: string;
  port: number;
  /** A user token with ads_read and ads_management on every account (ads_read only with `readOnly`). */
  accessToken: string;
  /**
   * Every token: `full` (as accessToken), `readOnly` (ads_read without ads_management: reads everything, writes
   * answer code 200), `noAdsRead` (answers code 200 on ad data), `expired` (190/463).
   */
  accessTokens: { full: string; readOnly: string; noAdsRead: string; expired: string };
  /** The first pixel's id (a Conversions API dataset the `full` token may use). */
  pixelId: string;
  state: MetaSandboxState;
  /** Fails the next matching requests; returns a function that cancels what is left. */
  inject(failure: MetaFailure): () => void;
  close(): Promise<void>;
};

const startOfDay = (ms: number) => Math.floor(ms / 86_400_000) * 86_400;

/** Starts a seeded Graph API (Marketing API subset) on 127.0.0.1. */
export const startMetaSandbox = async (options: MetaSandboxOptions = {}): Promise<MetaSandbox> => {
  const seed = options.seed ?? 1;
  const now = options.now ?? startOfDay(Date.now());
  const accounts = (options.accounts ?? [{}]).map(
    (a, i) => new MetaAccountData(resolveMetaAccount(a, i, seed, now), seed),
  );
  const accessTokens = {
    full: metaToken(seed, 'full'),
    readOnly: metaToken(seed, 'read-only'),
    noAdsRead: metaToken(seed, 'no-ads-read'),
    expired: metaToken(seed, 'expired'),
  };
  const tokens = new Map<string, MetaTokenGrant>([
    [accessTokens.full, { ads: true, manage: !options.readOnly }],
    [accessTokens.readOnly, { ads: true, manage: false }],
    [accessTokens.noAdsRead, { ads: false }],
    [accessTokens.expired, { ads: true, manage: true, expiredAt: now - 86_400 }],
  ]);
  const ctx: MetaSandboxContext = {
    seed,
    user: { id: metaUserId(seed), name: 'Sandbox Advertiser' },
    accounts,
    tokens,
    failures: new FailureQueue<MetaFailure>(),
    usage: new UsageWindows(options.usageLimit ?? { calls: 2000, windowMs: 300_000 }),
    runs: new ReportRuns(options.jobPolls ?? 3, options.jobMs ?? 2_000),
    pixels: new PixelStore(
      seed,
      options.pixels ?? [{}],
      accounts.map((a) => a.spec.name),
      now,
    ),
    requests: [],
    requestsByToken: new Map(),
    syncInsightsMaxRows: options.syncInsightsMaxRows ?? 50_000,
    now: () => Date.now(),
  };

  const server = createServer((req, res) => {
    handleGraphRequest(ctx, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(graphErrors.unknown().body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = '127.0.0.1';
  const find = (id?: string) =>
    accounts.find((a) => id === undefined || a.id === id || a.spec.accountId === id) ?? accounts[0]!;

  const state: MetaSandboxState = {
    accounts,
    account: find,
    requestCount: (token) => (token === undefined ? ctx.requests.length : (ctx.requestsByToken.get(token) ?? 0)),
    get rateLimitViolations() {
      return ctx.usage.violations;
    },
    requests: ctx.requests,
    get reportRuns() {
      return ctx.runs.all;
    },
    usage: (id) => ctx.usage.percent(find(id).id, Date.now()),
    setUsageLimit: (limit, reset = false) => {
      ctx.usage.limit = limit;
      if (reset) ctx.usage.clear();
    },
    setJobPolls: (polls) => {
      ctx.runs.pollsToComplete = polls;
    },
    pixels: ctx.pixels.pixels,
    pixelEvents: (pixelId) => ctx.pixels.eventsOf(pixelId),
    pixelRequests: ctx.pixels.requests,
  };

  return {
    url: `http://${host}:${port}`,
    host,
    port,
    accessToken: accessTokens.full,
    accessTokens,
    pixelId: ctx.pixels.pixels[0]?.id ?? '',
    state,
    inject: (failure) => ctx.failures.add(failure),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
};
