import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, sendJson, startFakeServer } from '../../test/fake-http.js';
import {
  goHighLevelClassify,
  googleClassify,
  metaGraphClassify,
  parseMetaUsage,
  VENDOR_CLASSIFIERS,
} from './vendor-classifiers.js';
import { type Classifier, VendorError, vendorRequest } from './vendor-http.js';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
let server: FakeServer;
let next: Answer = { status: 200, body: {} };

beforeAll(async () => {
  server = await startFakeServer((_request, response) => sendJson(response, next.status, next.body, next.headers));
});
afterAll(() => server.close());

/** The error a vendor client sees when the fake vendor answers `answer`. */
async function failureOf(classify: Classifier, answer: Answer): Promise<VendorError> {
  next = answer;
  const error = await vendorRequest({ vendor: 'v', baseUrl: server.url, path: '/x', classify }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VendorError);
  return error as VendorError;
}

const graphError = (code: number, subcode?: number, extra: object = {}) => ({
  error: {
    message: `Graph error ${code}`,
    type: 'OAuthException',
    code,
    ...(subcode === undefined ? {} : { error_subcode: subcode }),
    fbtrace_id: 'AbCdEf123',
    ...extra,
  },
});

describe('Meta Graph', () => {
  it('reads expired and revoked tokens as auth, whatever the HTTP status', async () => {
    for (const subcode of [463, 467, undefined]) {
      const e = await failureOf(metaGraphClassify, { status: 400, body: graphError(190, subcode) });
      expect(e).toMatchObject({ kind: 'auth', vendorCode: subcode ? `190/${subcode}` : '190', traceId: 'AbCdEf123' });
      expect(e.message).toMatch(/answered 400: Graph error 190$/);
    }
  });

  it('reads permissions, throttling, passing faults and missing objects', async () => {
    const cases: [number, number | undefined, string][] = [
      [10, undefined, 'permission'],
      [200, undefined, 'permission'],
      [294, undefined, 'permission'],
      [4, undefined, 'rate_limited'],
      [17, 2446079, 'rate_limited'],
      [32, undefined, 'rate_limited'],
      [613, 1487742, 'rate_limited'],
      [80000, undefined, 'rate_limited'],
      [80014, undefined, 'rate_limited'],
      [1, 99, 'transient'],
      [2, undefined, 'transient'],
      [100, 33, 'not_found'],
      [100, undefined, 'invalid'],
    ];
    for (const [code, subcode, kind] of cases) {
      expect((await failureOf(metaGraphClassify, { status: 400, body: graphError(code, subcode) })).kind).toBe(kind);
    }
    const flagged = await failureOf(metaGraphClassify, {
      status: 500,
      body: graphError(999, 0, { is_transient: true }),
    });
    expect(flagged.kind).toBe('transient');
  });

  it('waits as long as the business use case header says when throttled', async () => {
    const buc = {
      '1234567890': [
        {
          type: 'ads_management',
          call_count: 100,
          total_cputime: 40,
          total_time: 35,
          estimated_time_to_regain_access: 5,
        },
        { type: 'ads_insights', call_count: 20, total_cputime: 10, total_time: 10, estimated_time_to_regain_access: 0 },
      ],
    };
    const e = await failureOf(metaGraphClassify, {
      status: 400,
      body: graphError(80004),
      headers: { 'x-business-use-case-usage': JSON.stringify(buc) },
    });
    expect(e).toMatchObject({ kind: 'rate_limited', retryAfterMs: 300_000, vendorCode: '80004' });
  });

  it('reads the usage headers of any answer into a percent and a wait', () => {
    const headers = new Headers({
      'x-app-usage': '{"call_count":28,"total_time":25,"total_cputime":91}',
      'x-ad-account-usage':
        '{"acc_id_util_pct":9.67,"reset_time_duration":120,"ads_api_access_tier":"standard_access"}',
    });
    expect(parseMetaUsage(headers)).toEqual({ percent: 91, retryAfterMs: 120_000 });
    expect(parseMetaUsage(new Headers({ 'x-app-usage': '{"call_count":3}' }))).toEqual({ percent: 3 });
    expect(parseMetaUsage(new Headers({ 'x-app-usage': 'not json' }))).toBeUndefined();
    expect(parseMetaUsage(new Headers())).toBeUndefined();
  });

  it('leaves bodies that are not Graph errors to the defaults', async () => {
    expect((await failureOf(metaGraphClassify, { status: 502, body: 'Bad Gateway' })).kind).toBe('transient');
  });
});

const adsFailure = (errorCode: object, extra: object = {}) => ({
  '@type': 'type.googleapis.com/google.ads.googleads.v17.errors.GoogleAdsFailure',
  errors: [{ errorCode, message: `Ads: ${Object.values(errorCode)[0]}`, ...extra }],
  requestId: 'req-42',
});
const googleError = (code: number, status: string, details: object[] = []) => ({
  error: { code, message: `Google: ${status}`, status, details },
});

describe('Google Ads REST and GA4', () => {
  it('reads authentication and authorization failures', async () => {
    const expired = await failureOf(googleClassify, {
      status: 401,
      body: googleError(401, 'UNAUTHENTICATED', [adsFailure({ authenticationError: 'OAUTH_TOKEN_EXPIRED' })]),
    });
    expect(expired).toMatchObject({
      kind: 'auth',
      vendorCode: 'authenticationError.OAUTH_TOKEN_EXPIRED',
      traceId: 'req-42',
    });
    expect(expired.message).toMatch(/answered 401: Ads: OAUTH_TOKEN_EXPIRED$/);
    const denied = await failureOf(googleClassify, {
      status: 403,
      body: googleError(403, 'PERMISSION_DENIED', [adsFailure({ authorizationError: 'USER_PERMISSION_DENIED' })]),
    });
    expect(denied).toMatchObject({ kind: 'permission', vendorCode: 'authorizationError.USER_PERMISSION_DENIED' });
  });

  it('reads quota errors as rate limited, waiting for RetryInfo or the quota details', async () => {
    const retryInfo = { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '30s' };
    const withRetryInfo = await failureOf(googleClassify, {
      status: 429,
      body: googleError(429, 'RESOURCE_EXHAUSTED', [adsFailure({ quotaError: 'RESOURCE_EXHAUSTED' }), retryInfo]),
    });
    expect(withRetryInfo).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 30_000,
      vendorCode: 'quotaError.RESOURCE_EXHAUSTED',
    });
    const quotaDetails = { details: { quotaErrorDetails: { rateScope: 'ACCOUNT', retryDelay: '1.5s' } } };
    const withQuotaDetails = await failureOf(googleClassify, {
      status: 429,
      body: googleError(429, 'RESOURCE_EXHAUSTED', [
        adsFailure({ quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' }, quotaDetails),
      ]),
    });
    expect(withQuotaDetails.retryAfterMs).toBe(1500);
    // GA4's Data API: the same Status, no Google Ads details.
    const ga4 = await failureOf(googleClassify, { status: 429, body: googleError(429, 'RESOURCE_EXHAUSTED') });
    expect(ga4).toMatchObject({ kind: 'rate_limited', vendorCode: 'RESOURCE_EXHAUSTED', retryAfterMs: undefined });
  });

  it('reads outages as transient, searchStream arrays, and OAuth grant errors', async () => {
    for (const status of ['UNAVAILABLE', 'INTERNAL', 'DEADLINE_EXCEEDED']) {
      expect((await failureOf(googleClassify, { status: 503, body: googleError(503, status) })).kind).toBe('transient');
    }
    const stream = await failureOf(googleClassify, {
      status: 400,
      body: [googleError(400, 'INVALID_ARGUMENT', [adsFailure({ queryError: 'PROHIBITED_FIELD_IN_SELECT_CLAUSE' })])],
    });
    expect(stream).toMatchObject({ kind: 'invalid', vendorCode: 'queryError.PROHIBITED_FIELD_IN_SELECT_CLAUSE' });
    const revoked = await failureOf(googleClassify, {
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
    });
    expect(revoked).toMatchObject({ kind: 'auth', vendorCode: 'invalid_grant' });
    expect(revoked.message).toMatch(/Token has been expired or revoked\.$/);
  });
});

describe('GoHighLevel v2', () => {
  it('reads 401 as auth and waits on a 429 for Retry-After or the burst interval', async () => {
    const invalid = await failureOf(goHighLevelClassify, {
      status: 401,
      body: { statusCode: 401, message: 'Invalid JWT' },
    });
    expect(invalid.kind).toBe('auth');
    expect(invalid.message).toMatch(/Invalid JWT$/);
    const limits = {
      'x-ratelimit-max': '100',
      'x-ratelimit-interval-milliseconds': '10000',
      'x-ratelimit-limit-daily': '200000',
      'x-ratelimit-daily-remaining': '150000',
    };
    const body = { statusCode: 429, message: 'Too many requests' };
    const burst = await failureOf(goHighLevelClassify, {
      status: 429,
      body,
      headers: { ...limits, 'x-ratelimit-remaining': '0' },
    });
    expect(burst).toMatchObject({ kind: 'rate_limited', retryAfterMs: 10_000, vendorCode: 'burst' });
    const told = await failureOf(goHighLevelClassify, {
      status: 429,
      body,
      headers: { ...limits, 'x-ratelimit-remaining': '0', 'retry-after': '3' },
    });
    expect(told.retryAfterMs).toBe(3000);
    const daily = await failureOf(goHighLevelClassify, {
      status: 429,
      body,
      headers: { ...limits, 'x-ratelimit-remaining': '40', 'x-ratelimit-daily-remaining': '0' },
    });
    expect(daily).toMatchObject({ kind: 'rate_limited', vendorCode: 'daily', retryAfterMs: undefined });
  });

  it('joins a list of validation messages and keeps the defaults for other statuses', async () => {
    const e = await failureOf(goHighLevelClassify, {
      status: 422,
      body: { statusCode: 422, message: ['email must be an email', 'phone is required'] },
    });
    expect(e.kind).toBe('invalid');
    expect(e.message).toMatch(/answered 422: email must be an email; phone is required$/);
    expect(VENDOR_CLASSIFIERS.gohighlevel).toBe(goHighLevelClassify);
  });

  it('reads a missing scope and another location as permission, not as a dead token', async () => {
    const scope = await failureOf(goHighLevelClassify, {
      status: 401,
      body: { statusCode: 401, message: 'The token is not authorized for this scope.' },
    });
    expect(scope).toMatchObject({ kind: 'permission', vendorCode: 'scope' });
    const location = await failureOf(goHighLevelClassify, {
      status: 403,
      body: { statusCode: 403, message: 'The token does not have access to this location.' },
    });
    expect(location).toMatchObject({ kind: 'permission', vendorCode: 'location' });
  });
});
