import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, sendJson, startFakeServer } from '../../test/fake-http.js';
import { parseRetryAfter, VendorError, type VendorRequest, vendorRequest } from './vendor-http.js';

const TOKEN = 'EAAGquerytoken0123456789secretZZ';
const HEADER_TOKEN = 'ya29.headertoken-abcdefghijklmnop';
let server: FakeServer;
let retryDate = '';

beforeAll(async () => {
  server = await startFakeServer((request, response) => {
    const url = new URL(request.url, 'http://fake');
    const status = /^\/status\/(\d+)$/.exec(url.pathname);
    if (status) return sendJson(response, Number(status[1]), { error: { message: `failed with ${status[1]}` } });
    switch (url.pathname) {
      case '/retry-seconds':
        return sendJson(response, 429, { message: 'slow down' }, { 'retry-after': '7' });
      case '/retry-date':
        return sendJson(response, 503, 'maintenance', { 'retry-after': retryDate });
      case '/hang':
        return; // never answers
      case '/stall-body':
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"partial":');
        return;
      case '/not-json':
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html>captive portal</html>');
      case '/text-error':
        response.writeHead(502, { 'content-type': 'text/plain' });
        return response.end('Bad Gateway from the edge');
      case '/empty':
        response.writeHead(204);
        return response.end();
      case '/long-leak':
        return sendJson(response, 400, { message: `${'x'.repeat(280)} ${request.headers.authorization}` });
      case '/leak':
        // A vendor that repeats what it was sent: the query token, the header token, the whole URL.
        return sendJson(response, 400, {
          error: {
            message: `Invalid token ${url.searchParams.get('access_token')} / ${request.headers.authorization} at ${request.url}`,
          },
        });
      default:
        return sendJson(response, 200, {
          ok: true,
          method: request.method,
          query: Object.fromEntries(url.searchParams),
        });
    }
  });
});
afterAll(() => server.close());

const call = (path: string, extra: Partial<VendorRequest> = {}) =>
  vendorRequest({ vendor: 'test', baseUrl: server.url, path, ...extra });

async function failure(promise: Promise<unknown>): Promise<VendorError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VendorError);
  return error as VendorError;
}

describe('vendorRequest', () => {
  it('returns parsed JSON and headers, sends query, headers and a JSON or form body', async () => {
    const got = await call('/things', { query: { fields: 'id,name', limit: 5, ids: ['a', 'b'], skip: undefined } });
    expect(got.status).toBe(200);
    expect(got.data).toEqual({ ok: true, method: 'GET', query: { fields: 'id,name', limit: '5', ids: 'b' } });
    expect(got.headers.get('content-type')).toBe('application/json');
    expect(server.requests.at(-1)?.url).toBe('/things?fields=id%2Cname&limit=5&ids=a&ids=b');

    await call('/things', { method: 'POST', body: { name: 'x', n: 1 }, headers: { 'x-extra': 'yes', no: undefined } });
    expect(server.requests.at(-1)).toMatchObject({
      method: 'POST',
      body: '{"name":"x","n":1}',
      headers: { 'content-type': 'application/json', 'x-extra': 'yes', accept: 'application/json' },
    });
    await call('/things', { method: 'POST', encoding: 'form', body: { a: 'b c', nested: { x: 1 }, gone: undefined } });
    expect(server.requests.at(-1)).toMatchObject({
      body: 'a=b+c&nested=%7B%22x%22%3A1%7D',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await call('/empty')).data).toBeUndefined();
  });

  it('keeps a base URL path and refuses paging links to another origin', async () => {
    await call('v21.0/me', { baseUrl: `${server.url}/graph/` });
    expect(server.requests.at(-1)?.url).toBe('/graph/v21.0/me');
    await call(`${server.url}/next?after=abc`);
    expect(server.requests.at(-1)?.url).toBe('/next?after=abc');
    const e = await failure(call('https://elsewhere.example/steal'));
    expect(e.kind).toBe('invalid');
    expect(e.message).toMatch(/another origin/);
  });

  it('classifies each status by default', async () => {
    const expected: [number, string][] = [
      [400, 'invalid'],
      [401, 'auth'],
      [403, 'permission'],
      [404, 'not_found'],
      [408, 'transient'],
      [409, 'invalid'],
      [422, 'invalid'],
      [429, 'rate_limited'],
      [500, 'transient'],
      [502, 'transient'],
      [503, 'transient'],
    ];
    for (const [status, kind] of expected) {
      const e = await failure(call(`/status/${status}`));
      expect({ status: e.status, kind: e.kind, retryable: e.retryable }).toEqual({
        status,
        kind,
        retryable: kind === 'rate_limited' || kind === 'transient',
      });
      expect(e.message).toBe(`test GET ${server.url}/status/${status} answered ${status}: failed with ${status}`);
    }
    expect((await failure(call('/text-error'))).message).toMatch(/answered 502: Bad Gateway from the edge$/);
  });

  it('reads Retry-After in seconds and as an HTTP date', async () => {
    expect((await failure(call('/retry-seconds'))).retryAfterMs).toBe(7000);
    retryDate = new Date(Date.now() + 30_000).toUTCString();
    const e = await failure(call('/retry-date'));
    expect(e.kind).toBe('transient');
    expect(e.retryAfterMs).toBeGreaterThan(28_000);
    expect(e.retryAfterMs).toBeLessThanOrEqual(30_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT')).toBe(0);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('lets a vendor classifier override the default, and survives one that throws', async () => {
    const e = await failure(call('/status/400', { classify: () => ({ kind: 'auth', vendorCode: '190' }) }));
    expect(e).toMatchObject({ kind: 'auth', vendorCode: '190', message: expect.stringMatching(/failed with 400$/) });
    const thrown = await failure(
      call('/status/400', {
        classify: () => {
          throw new Error('unexpected body');
        },
      }),
    );
    expect(thrown.kind).toBe('invalid');
  });

  it('fails as transient when the vendor does not answer within timeoutMs, or stops halfway', async () => {
    for (const path of ['/hang', '/stall-body']) {
      const started = Date.now();
      const e = await failure(call(path, { timeoutMs: 150 }));
      expect(Date.now() - started).toBeLessThan(2000);
      expect(e.kind).toBe('transient');
      expect(e.message).toMatch(/had no whole answer within 150 ms$/);
    }
  });

  it('fails as transient when nothing listens, and a 200 that is not JSON is transient too', async () => {
    const gone = await startFakeServer(() => {});
    await gone.close();
    const e = await failure(vendorRequest({ vendor: 'test', baseUrl: gone.url, path: '/x' }));
    expect(e).toMatchObject({
      kind: 'transient',
      status: undefined,
      message: expect.stringMatching(/failed: ECONNREFUSED$/),
    });
    expect((await failure(call('/not-json'))).message).toMatch(/answered 200 with a body that is not JSON/);
  });

  it("throws the caller's own reason when the caller cancels", async () => {
    const controller = new AbortController();
    const pending = call('/hang', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('shutting down')), 50);
    await expect(pending).rejects.toThrow('shutting down');
  });
});

describe('credentials never leave in errors or logs', () => {
  const secrets = [TOKEN, HEADER_TOKEN];
  const leaks = (text: string) => secrets.some((s) => text.includes(s) || text.includes(encodeURIComponent(s)));

  function expectClean(e: VendorError) {
    for (const text of [String(e), JSON.stringify(e), e.stack ?? '', e.message]) expect(leaks(text)).toBe(false);
  }

  it('redacts tokens from the query and headers, even when the vendor repeats them', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
    const request = {
      query: { access_token: TOKEN, fields: 'id' },
      headers: { authorization: `Bearer ${HEADER_TOKEN}` },
      secretValues: secrets,
      log,
    };
    const e = await failure(call('/leak', request));
    expect(server.requests.at(-1)?.url).toContain(TOKEN); // it was sent
    expectClean(e);
    expect(e.message).toBe(
      `test GET ${server.url}/leak?access_token=[redacted]&fields=id answered 400: Invalid token [redacted] / ` +
        'Bearer [redacted] at /leak?access_token=[redacted]&fields=id',
    );
    await call('/ok', request);
    expect(lines).toHaveLength(2);
    expect(lines.some(leaks)).toBe(false);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      vendor: 'test',
      status: 400,
      kind: 'invalid',
      msg: 'vendor call failed',
    });
    expect(JSON.parse(lines[1]!)).toMatchObject({ url: `${server.url}/ok?access_token=[redacted]&fields=id` });
  });

  it('redacts a secret the vendor repeats where its long message is cut', async () => {
    const headers = { authorization: `Bearer ${HEADER_TOKEN}` };
    const e = await failure(call('/long-leak', { headers, secretValues: [HEADER_TOKEN] }));
    expect(e.message).not.toContain(HEADER_TOKEN.slice(0, 8));
    expect(e.message).toMatch(/x Bearer \[redacted\]$/);
  });

  it('redacts secret-looking query parameters even when not listed, in timeouts and network failures', async () => {
    const query = {
      key: 'AIzaKey123',
      api_key: 'k-456',
      client_secret: 'cs-789',
      code: 'oauth-code',
      refresh_token: 'r1',
    };
    const timedOut = await failure(call('/hang', { query, timeoutMs: 100 }));
    const gone = await startFakeServer(() => {});
    await gone.close();
    const refused = await failure(vendorRequest({ vendor: 'test', baseUrl: gone.url, path: '/x', query }));
    for (const e of [timedOut, refused]) {
      for (const value of Object.values(query))
        expect(`${String(e)} ${JSON.stringify(e)} ${e.stack}`).not.toContain(value);
      expect(e.message).toContain('key=[redacted]&api_key=[redacted]&client_secret=[redacted]&code=[redacted]');
    }
  });

  it('does not repeat a URL the parser refuses, which may hold a token', async () => {
    const e = await failure(vendorRequest({ vendor: 'test', baseUrl: `http://[bad${TOKEN}`, path: '/x' }));
    expectClean(e);
    expect(e.message).toBe('test: the request URL is not valid');
  });
});
