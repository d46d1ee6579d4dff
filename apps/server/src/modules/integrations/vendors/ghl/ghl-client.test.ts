import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type GhlSandbox, startGhlSandbox } from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendorError } from '../../vendor-http.js';
import { classifyGhlError, createGhlClient, type GhlClient, ghlPace, readGhlRateHeaders } from './ghl-client.js';
import { capitalised } from './ghl-phases.js';

let sandbox: GhlSandbox;
let client: GhlClient;
const logLines: unknown[] = [];
const log = { debug: (...args: unknown[]) => logLines.push(args) };
const errors: unknown[] = [];

beforeAll(async () => {
  sandbox = await startGhlSandbox({
    seed: 11,
    locations: [{ contacts: 230, opportunities: 140, stripe: { customers: 30, charges: 90 } }],
    rateLimit: { max: 10_000, intervalMs: 200 },
  });
  client = createGhlClient({ apiKey: sandbox.apiKey, locationId: sandbox.locationId, baseUrl: sandbox.url, log });
});
afterAll(() => sandbox.close());

/** The error a call fails with (kept, to check no secret is in any of them). */
async function failure(call: () => Promise<unknown>): Promise<VendorError> {
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VendorError);
  errors.push(error);
  return error as VendorError;
}

const fresh = (apiKey = sandbox.apiKey, timeoutMs?: number) =>
  createGhlClient({ apiKey, locationId: sandbox.locationId, baseUrl: sandbox.url, log, timeoutMs });

describe('the GoHighLevel client', () => {
  it('reads the location, pipelines and custom fields with the Version header and a bearer token', async () => {
    const location = await client.location();
    expect(location).toMatchObject({
      id: sandbox.locationId,
      name: 'Northwind Solar Co.',
      timezone: 'America/Chicago',
    });
    const pipelines = await client.pipelines();
    expect(pipelines.map((p) => p.stages?.length)).toEqual([5, 3]);
    expect((await client.contactCustomFields()).map((f) => f.fieldKey)).toContain('contact.visitor_id');
    const seen = sandbox.state.requests.at(-1)!;
    expect(seen).toMatchObject({ version: '2021-07-28', tokenHint: sandbox.apiKey.slice(-4), query: '?model=contact' });
    expect(client.rateLimit()).toMatchObject({ max: 10_000, intervalMs: 200 });
  });

  it('pages contacts with searchAfter to the end, each once, and only changed ones with updatedSince', async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await client.contactsPage({ cursor, pageLimit: 100 });
      ids.push(...page.items.map((c) => c.id));
      cursor = page.hasMore ? page.nextCursor : null;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(ids).toHaveLength(230);
    expect(new Set(ids).size).toBe(230);

    const since = new Date(sandbox.state.location().spec.now - 5 * 86_400_000);
    const recent = await client.contactsPage({ pageLimit: 500, updatedSince: since });
    expect(recent.items.length).toBeGreaterThan(0);
    expect(recent.items.length).toBeLessThan(230);
    expect(recent.items.every((c) => Date.parse(c.dateUpdated!) >= since.getTime())).toBe(true);
    expect(sandbox.state.requests.at(-1)!.body).toMatchObject({
      locationId: sandbox.locationId,
      pageLimit: 500,
      filters: [{ field: 'dateUpdated', operator: 'range', value: { gte: since.toISOString() } }],
    });
  });

  it('pages every opportunity, whatever its status, by startAfter and startAfterId', async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await client.opportunitiesPage({ cursor, limit: 50 });
      ids.push(...page.items.map((o) => o.id));
      cursor = page.hasMore ? page.nextCursor : null;
    } while (cursor);
    expect(new Set(ids).size).toBe(140);
    const last = sandbox.state.requests.at(-1)!;
    expect(last.query).toMatch(/location_id=.*&limit=50&status=all&startAfter=\d+&startAfterId=\w+/);
  });

  it('pages opportunities by meta.nextPage when an answer gives no startAfter cursor (the endpoint documents both)', async () => {
    // A stand-in that fills only the page fields of SearchMetaResponseSchema: 5 opportunities, 2 a page.
    const queries: string[] = [];
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      queries.push(url.search);
      const page = Number(url.searchParams.get('page') ?? '1');
      const all = Array.from({ length: 5 }, (_, i) => ({ id: `opp${i}`, status: 'open', monetaryValue: 10 }));
      const items = all.slice((page - 1) * 2, page * 2);
      const last = page * 2 >= all.length;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          opportunities: items,
          meta: {
            total: all.length,
            nextPageUrl: last ? null : `https://services.leadconnectorhq.com/opportunities/search?page=${page + 1}`,
            startAfter: null,
            startAfterId: null,
            currentPage: page,
            nextPage: last ? null : page + 1,
            prevPage: page > 1 ? page - 1 : null,
          },
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const paged = createGhlClient({ apiKey: sandbox.apiKey, locationId: sandbox.locationId, baseUrl: base, log });
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await paged.opportunitiesPage({ cursor, limit: 2 });
        ids.push(...page.items.map((o) => o.id));
        cursor = page.hasMore ? page.nextCursor : null;
      } while (cursor);
      expect(ids).toEqual(['opp0', 'opp1', 'opp2', 'opp3', 'opp4']);
      expect(queries.map((q) => new URLSearchParams(q).get('page'))).toEqual([null, '2', '3']);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('raises the first letters of a name the contacts search gives only in lower case', () => {
    expect(capitalised("mary-jane o'neil")).toBe("Mary-Jane O'neil");
    expect(capitalised('élodie  durand')).toBe('Élodie  Durand');
    expect(capitalised(null)).toBeNull();
  });

  it('reads each failure as the sync acts on it', async () => {
    expect(await failure(() => fresh(sandbox.apiKeys.expired).location())).toMatchObject({ kind: 'auth', status: 401 });
    expect(await failure(() => fresh('pit-00000000-0000-4000-a000-000000000000').pipelines())).toMatchObject({
      kind: 'auth',
    });
    expect(await failure(() => fresh(sandbox.apiKeys.contactsOnly).opportunitiesPage())).toMatchObject({
      kind: 'permission',
      vendorCode: 'scope',
    });
    const elsewhere = createGhlClient({
      apiKey: sandbox.apiKey,
      locationId: 'AbCdEfGhIjKlMnOpQrSt',
      baseUrl: sandbox.url,
    });
    expect(await failure(() => elsewhere.location())).toMatchObject({ kind: 'permission', vendorCode: 'location' });
    const odd = createGhlClient({ apiKey: sandbox.apiKey, locationId: '../contacts', baseUrl: sandbox.url });
    expect(await failure(() => odd.location())).toMatchObject({ kind: 'invalid', status: undefined });

    sandbox.inject({ kind: 'rate_limit', path: '/contacts' });
    const limited = await failure(() => fresh().contactsPage());
    expect(limited).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 200, vendorCode: 'burst' });
    sandbox.inject({ kind: 'daily_limit', path: '/opportunities' });
    expect(await failure(() => fresh().pipelines())).toMatchObject({ kind: 'rate_limited', vendorCode: 'daily' });
    sandbox.inject({ kind: 'server_error' });
    expect(await failure(() => fresh().location())).toMatchObject({ kind: 'transient', status: 500 });
    sandbox.inject({ kind: 'timeout' });
    expect(await failure(() => fresh(sandbox.apiKey, 150).location())).toMatchObject({ kind: 'transient' });
    // A slow page within the timeout is only slow.
    sandbox.inject({ kind: 'slow', delayMs: 100 });
    expect((await fresh(sandbox.apiKey, 2_000).location()).id).toBe(sandbox.locationId);

    expect(classifyGhlError(limited)).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 200,
      message: 'GoHighLevel answered 429: Too Many Requests',
    });
  });

  it('slows down as the burst window runs low, and does not call again once GoHighLevel says it is spent', async () => {
    sandbox.state.setRateLimit({ max: 3, intervalMs: 300 });
    try {
      const paced = fresh();
      const started = Date.now();
      for (let i = 0; i < 7; i++) await paced.location();
      // Seven calls over three windows of three: spread out, none refused.
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(sandbox.state.rateLimitViolations).toBe(0);
    } finally {
      sandbox.state.setRateLimit({ max: 10_000, intervalMs: 200 });
    }
    const refusedAfter = fresh();
    sandbox.inject({ kind: 'rate_limit' });
    await failure(() => refusedAfter.location());
    const before = sandbox.state.requests.length;
    const refused = await failure(() => refusedAfter.location());
    expect(refused).toMatchObject({ kind: 'rate_limited', status: undefined, vendorCode: 'burst' });
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(200);
    expect(sandbox.state.requests.length).toBe(before);
    const headers = new Headers({
      'x-ratelimit-max': '100',
      'x-ratelimit-remaining': '5',
      'x-ratelimit-interval-milliseconds': '10000',
    });
    expect(ghlPace(readGhlRateHeaders(headers, 0), 0).waitMs).toBe(2000);
    expect(ghlPace(readGhlRateHeaders(headers, 0), 10_000).waitMs).toBe(0);
  });

  it('never lets the key out: not in errors (message, JSON, stack) or log lines', () => {
    expect(errors.length).toBeGreaterThan(8);
    expect(logLines.length).toBeGreaterThan(0);
    const text = JSON.stringify(logLines) + errors.map((e) => `${(e as Error).stack} ${JSON.stringify(e)}`).join('\n');
    for (const key of Object.values(sandbox.apiKeys)) expect(text).not.toContain(key);
  });
});
