import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GoogleAccountData } from './account-data.js';
import { googleErrors } from './errors.js';
import {
  type GoogleFailure,
  GoogleFailureQueue,
  type GoogleRequestRecord,
  type GoogleSandboxContext,
  type GoogleTokenGrant,
  handleGoogleRequest,
} from './handler.js';
import type { GoogleManager } from './search.js';
import {
  customerIdFor,
  type GoogleSandboxAccountOptions,
  googleDeveloperToken,
  googleToken,
  resolveGoogleAccount,
  todayIn,
} from './spec.js';

export type GoogleSandboxOptions = {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Seed of every generated id, token and figure (default 1). */
  seed?: number;
  /** The client accounts under the manager (default: one, 5 campaigns, 10 ad groups, 20 ads, 90 days). */
  accounts?: GoogleSandboxAccountOptions[];
  /** Milliseconds since the epoch that "today" is taken from (default: now, each account in its time zone). */
  now?: number;
  /** Rows per search page (Google's is fixed at 10,000; smaller exercises paging on small accounts). */
  pageSize?: number;
  /**
   * Read-only grants: every token's user has Read only access to the accounts (customer_user_access.access_role
   * READ_ONLY), so every mutate answers AuthorizationError ACTION_NOT_PERMITTED. Default false: Standard access.
   */
  readOnly?: boolean;
};

export type GoogleSandboxState = {
  accounts: readonly GoogleAccountData[];
  manager: GoogleManager;
  /** A client account by customer id, or the first one. */
  account(customerId?: string): GoogleAccountData;
  /** The last 10,000 requests, oldest first. */
  readonly requests: readonly GoogleRequestRecord[];
  setPageSize(rows: number): void;
};

export type GoogleSandbox = {
  url: string;
  host: string;
  port: number;
  /** A token that reads every account directly, and GA4. */
  accessToken: string;
  /**
   * Every token: `full`; `managerOnly` reaches only the manager account (clients need login-customer-id);
   * `noAnalytics` reads Google Ads but not GA4; `readOnly` reads every client account as a Read only user (mutates
   * answer ACTION_NOT_PERMITTED); `expired` is refused with 401 UNAUTHENTICATED.
   */
  accessTokens: { full: string; managerOnly: string; noAnalytics: string; readOnly: string; expired: string };
  /**
   * A well-formed developer token, for a test that sets GOOGLE_ADS_DEVELOPER_TOKEN and checks it is sent (requests
   * record its last four characters) and never shown. Like Google since 2026-09-09, the sandbox ignores the header.
   */
  developerToken: string;
  /** The first account's customer id and GA4 property id. */
  customerId: string;
  propertyId: string;
  state: GoogleSandboxState;
  /** Fails the next matching requests; returns a function that cancels what is left. */
  inject(failure: GoogleFailure): () => void;
  close(): Promise<void>;
};

/** Starts a seeded Google Ads API (REST, GAQL search) and GA4 Data API on 127.0.0.1, on one port. */
export const startGoogleSandbox = async (options: GoogleSandboxOptions = {}): Promise<GoogleSandbox> => {
  const seed = options.seed ?? 1;
  const nowMs = options.now;
  const accounts = (options.accounts ?? [{}]).map((a, i) => {
    const draft = resolveGoogleAccount(a, i, seed, 0);
    const today = todayIn(draft.timeZone, nowMs ?? Date.now());
    return new GoogleAccountData(resolveGoogleAccount(a, i, seed, today), seed);
  });
  const first = accounts[0]!.spec;
  const manager: GoogleManager = {
    id: customerIdFor(seed, 'manager'),
    name: 'Sandbox Agency (manager)',
    currency: first.currency,
    timeZone: first.timeZone,
  };
  const clients = accounts.map((a) => a.spec.customerId);
  const accessTokens = {
    full: googleToken(seed, 'full'),
    managerOnly: googleToken(seed, 'manager-only'),
    noAnalytics: googleToken(seed, 'no-analytics'),
    readOnly: googleToken(seed, 'read-only'),
    expired: googleToken(seed, 'expired'),
  };
  const readOnly = options.readOnly === true;
  const tokens = new Map<string, GoogleTokenGrant>([
    [accessTokens.full, { customers: [manager.id, ...clients], analytics: true, readOnly }],
    [accessTokens.managerOnly, { customers: [manager.id], analytics: true, readOnly }],
    [accessTokens.noAnalytics, { customers: clients, analytics: false, readOnly }],
    [accessTokens.readOnly, { customers: clients, analytics: true, readOnly: true }],
    [accessTokens.expired, { customers: clients, analytics: true, expired: true }],
  ]);
  const developerToken = googleDeveloperToken(seed);
  const ctx: GoogleSandboxContext = {
    accounts,
    manager,
    tokens,
    failures: new GoogleFailureQueue(),
    pageSize: options.pageSize ?? 10_000,
    requests: [],
    now: () => nowMs ?? Date.now(),
  };

  const server = createServer((req, res) => {
    handleGoogleRequest(ctx, req, res).catch(() => {
      const reply = googleErrors.ga4Internal();
      if (!res.headersSent) res.writeHead(reply.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = '127.0.0.1';

  const state: GoogleSandboxState = {
    accounts,
    manager,
    account: (id) => accounts.find((a) => id === undefined || a.spec.customerId === id) ?? accounts[0]!,
    requests: ctx.requests,
    setPageSize: (rows) => {
      ctx.pageSize = rows;
    },
  };

  return {
    url: `http://${host}:${port}`,
    host,
    port,
    accessToken: accessTokens.full,
    accessTokens,
    developerToken,
    customerId: first.customerId,
    propertyId: first.propertyId,
    state,
    inject: (failure) => ctx.failures.add(failure),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
};
