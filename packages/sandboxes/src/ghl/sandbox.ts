import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GhlEnrollment, GhlTask } from './crm-records.js';
import {
  type GhlFailure,
  type GhlRateLimit,
  type GhlRequestRecord,
  type GhlSandboxContext,
  handleGhlRequest,
} from './handler.js';
import { type GhlContact, GhlLocationData } from './location-data.js';
import { ALL_SCOPES, type GhlSandboxLocationOptions, READ_SCOPES, resolveLocation } from './spec.js';

export type GhlSandboxOptions = {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Seed of every generated id, token and figure (default 1); the Stripe sandbox's seed for the same buyers. */
  seed?: number;
  /** The sub-accounts (locations), default one. */
  locations?: GhlSandboxLocationOptions[];
  /** Unix seconds the data ends at (default: the start of the current UTC day, as the Stripe sandbox's). */
  now?: number;
  /** Burst and daily allowance per token (default GoHighLevel's: 100 per 10 s, 200,000 a day). */
  rateLimit?: Partial<GhlRateLimit>;
};

export type GhlSandboxState = {
  locations: readonly GhlLocationData[];
  /** A location by id, or the first one. */
  location(id?: string): GhlLocationData;
  /** Requests seen with `token` (any token when absent). */
  requestCount(token?: string): number;
  /** Requests refused because a token went over its allowance (not injected failures). */
  readonly rateLimitViolations: number;
  /** The last 10,000 requests, oldest first. */
  readonly requests: readonly GhlRequestRecord[];
  setRateLimit(limit: Partial<GhlRateLimit>): void;
};

export type GhlSandbox = {
  url: string;
  host: string;
  port: number;
  /** The first location's id and its Private Integration token with every scope the sync needs. */
  locationId: string;
  apiKey: string;
  /**
   * The first location's tokens: `full` (reads and writes), `contactsOnly` (no opportunities or workflows scope, no
   * writes), `readOnly` (every read scope, no `contacts.write`), `expired` (always 401).
   */
  apiKeys: { full: string; contactsOnly: string; readOnly: string; expired: string };
  state: GhlSandboxState;
  /** A contact of any location as it is now (its tags after writes), or undefined. */
  contact(id: string): GhlContact | undefined;
  /** The tasks written to a contact, oldest first. */
  contactTasks(contactId: string): readonly GhlTask[];
  /** The workflows a contact was added to, oldest first. */
  workflowEnrollments(contactId: string): readonly GhlEnrollment[];
  /** Fails the next matching requests; returns a function that cancels what is left. */
  inject(failure: GhlFailure): () => void;
  close(): Promise<void>;
};

const startOfDay = (ms: number) => Math.floor(ms / 86_400_000) * 86_400;

/**
 * Starts a seeded GoHighLevel API v2 on 127.0.0.1: locations, contacts, pipelines and opportunities to read, workflows,
 * and the writes an engagement makes (tags, tasks, workflow enrolments).
 */
export const startGhlSandbox = async (options: GhlSandboxOptions = {}): Promise<GhlSandbox> => {
  const seed = options.seed ?? 1;
  const now = options.now ?? startOfDay(Date.now());
  const locations = (options.locations ?? [{}]).map((l, i) => new GhlLocationData(resolveLocation(l, i, seed, now)));
  const ctx: GhlSandboxContext = {
    locations,
    tokens: new Map(),
    failures: [],
    limit: { max: 100, intervalMs: 10_000, daily: 200_000, ...options.rateLimit },
    windows: new Map(),
    violations: 0,
    requests: [],
    requestsByToken: new Map(),
    now: () => Date.now(),
  };
  for (const location of locations) {
    const { full, contactsOnly, readOnly, expired } = location.spec.tokens;
    ctx.tokens.set(full, { location, scopes: ALL_SCOPES, expired: false });
    ctx.tokens.set(readOnly, { location, scopes: READ_SCOPES, expired: false });
    ctx.tokens.set(contactsOnly, {
      location,
      scopes: ['locations.readonly', 'locations/customFields.readonly', 'contacts.readonly'],
      expired: false,
    });
    ctx.tokens.set(expired, { location, scopes: ALL_SCOPES, expired: true });
  }

  const server = createServer((req, res) => {
    handleGhlRequest(ctx, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 500, message: 'Internal server error' }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = '127.0.0.1';
  const first = locations[0]!;
  const holding = (contactId: string) => locations.find((l) => l.contact(contactId));

  const state: GhlSandboxState = {
    locations,
    location: (id) => locations.find((l) => l.spec.id === id) ?? first,
    requestCount: (token) => (token === undefined ? ctx.requests.length : (ctx.requestsByToken.get(token) ?? 0)),
    get rateLimitViolations() {
      return ctx.violations;
    },
    requests: ctx.requests,
    setRateLimit: (limit) => {
      Object.assign(ctx.limit, limit);
      ctx.windows.clear();
    },
  };

  return {
    url: `http://${host}:${port}`,
    host,
    port,
    locationId: first.spec.id,
    apiKey: first.spec.tokens.full,
    apiKeys: first.spec.tokens,
    state,
    contact: (id) => holding(id)?.contact(id),
    contactTasks: (id) => holding(id)?.records.tasksOf(id) ?? [],
    workflowEnrollments: (id) => holding(id)?.records.enrollmentsOf(id) ?? [],
    inject: (failure) => {
      const entry = { failure, remaining: failure.times ?? 1 };
      ctx.failures.push(entry);
      return () => {
        const at = ctx.failures.indexOf(entry);
        if (at >= 0) ctx.failures.splice(at, 1);
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
};
