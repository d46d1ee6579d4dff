import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FailureQueue } from '../stripe/failures.js';
import type { MetaAccountData } from './account-data.js';
import { type GraphErrorReply, graphErrors } from './errors.js';
import { parseMetaId } from './ids.js';
import type { ReportRuns } from './jobs.js';
import type { PixelStore } from './pixels.js';
import { type GraphReply, routeGraph } from './routes.js';
import type { UsagePercent, UsageWindows } from './usage.js';

/** A failure the sandbox answers with instead of the real response, for the next `times` matching requests. */
export type MetaFailure = {
  /**
   * rate_limit: 80004 (80000 on insights) on ad-account paths, 17 elsewhere, usage headers at ≥ 100 %;
   * expired_token: 190/463; permission: 10; server_error: code 1 (500); unexpected_error: code 2 (500, transient);
   * timeout: no answer; job_failed: the next report run ends as `Job Failed`.
   */
  kind: 'rate_limit' | 'expired_token' | 'permission' | 'server_error' | 'unexpected_error' | 'timeout' | 'job_failed';
  times?: number;
  /**
   * rate_limit: how long the throttle lasts, in seconds (default 60). The usage headers say it as Meta does:
   * `reset_time_duration` in seconds, `estimated_time_to_regain_access` in whole minutes (0 under a minute).
   */
  regainSeconds?: number;
  /** Only requests whose path (version prefix included) starts with this, or matches it. */
  path?: string | RegExp;
};

/** One request as the sandbox saw it. The query is kept as received, so a token sent in the URL shows in it. */
export type MetaRequestRecord = {
  method: string;
  path: string;
  query: string;
  /** Where the token came: the Authorization header, the `access_token` parameter, or nowhere. */
  tokenVia: 'header' | 'query' | 'none';
  /** The token's last four characters. */
  tokenHint: string;
  /** The answer's status; 0 while a `timeout` failure holds it. */
  status: number;
};

/** What a token may do: read ad data (ads_read), change it (ads_management), and when it expired. */
export type MetaTokenGrant = { ads: boolean; manage?: boolean; expiredAt?: number };

export type MetaSandboxContext = {
  seed: number;
  user: { id: string; name: string };
  accounts: MetaAccountData[];
  tokens: Map<string, MetaTokenGrant>;
  failures: FailureQueue<MetaFailure>;
  usage: UsageWindows;
  runs: ReportRuns;
  /** Conversions API pixels and the events they received. */
  pixels: PixelStore;
  requests: MetaRequestRecord[];
  requestsByToken: Map<string, number>;
  /** Sync insights requests over more (ad × day) positions than this answer code 1 "reduce the amount of data". */
  syncInsightsMaxRows: number;
  now(): number;
};

const MAX_RECORDS = 10_000;

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

const headerValue = (p: UsagePercent) => JSON.stringify(p);

/** Answers one Graph API request: token, injected failures, usage accounting, then the route. */
export const handleGraphRequest = async (
  ctx: MetaSandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> => {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const method = req.method ?? 'GET';
  const body = method === 'POST' ? await readBody(req) : '';
  const params = new URLSearchParams(url.search);
  if (body) {
    const fromBody = (req.headers['content-type'] ?? '').includes('json')
      ? Object.entries(JSON.parse(body) as Record<string, unknown>).map(
          ([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as [string, string],
        )
      : [...new URLSearchParams(body)];
    for (const [k, v] of fromBody) params.set(k, v);
  }
  const bearer = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const token = bearer ?? params.get('access_token') ?? undefined;
  params.delete('access_token');
  const record: MetaRequestRecord = {
    method,
    path: url.pathname,
    query: url.search,
    tokenVia: bearer ? 'header' : token ? 'query' : 'none',
    tokenHint: token ? token.slice(-4) : '',
    status: 0,
  };
  if (ctx.requests.length >= MAX_RECORDS) ctx.requests.shift();
  ctx.requests.push(record);
  ctx.requestsByToken.set(token ?? '', (ctx.requestsByToken.get(token ?? '') ?? 0) + 1);

  const version = /^\/(v\d+\.\d+)(?=\/|$)/.exec(url.pathname)?.[1];
  const segments = url.pathname
    .slice(version ? version.length + 1 : 0)
    .split('/')
    .filter(Boolean)
    .map(decodeURIComponent);
  const now = ctx.now();
  const account = scopeAccount(ctx, segments);
  const insights = segments.at(-1) === 'insights';
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=UTF-8',
    'x-fb-trace-id': Math.random().toString(36).slice(2, 13),
    ...(version ? { 'facebook-api-version': version } : {}),
  };
  const usageHeaders = (floor = 0, regainSeconds = 0) => {
    const regainMinutes = Math.floor(regainSeconds / 60);
    const appScope = `app:${token ?? ''}`;
    const atLeast = (p: UsagePercent): UsagePercent => ({
      call_count: Math.max(p.call_count, floor),
      total_cputime: Math.max(p.total_cputime, floor),
      total_time: Math.max(p.total_time, floor),
    });
    headers['x-app-usage'] = headerValue(atLeast(ctx.usage.percent(appScope, now)));
    const scoped = account ? [account] : ctx.accounts;
    const business: Record<string, unknown[]> = {};
    for (const a of scoped) {
      const p = atLeast(ctx.usage.percent(a.id, now));
      business[a.spec.accountId] = [
        {
          type: insights ? 'ads_insights' : 'ads_management',
          ...p,
          estimated_time_to_regain_access: Math.max(regainMinutes, ctx.usage.minutesToRegain(a.id, now)),
          ads_api_access_tier: 'standard_access',
        },
      ];
    }
    headers['x-business-use-case-usage'] = JSON.stringify(business);
    if (account) {
      const p = atLeast(ctx.usage.percent(account.id, now));
      // reset_time_duration: seconds until the account's score is back to 0, under the limit as well as over it
      // (an injected throttle: its own duration).
      headers['x-ad-account-usage'] = JSON.stringify({
        acc_id_util_pct: Math.max(p.call_count, p.total_cputime, p.total_time),
        reset_time_duration:
          regainSeconds > 0
            ? regainSeconds
            : Math.max(ctx.usage.minutesToRegain(account.id, now) * 60, ctx.usage.secondsToReset(account.id, now)),
        ads_api_access_tier: 'standard_access',
      });
    }
  };
  const answer = (reply: GraphErrorReply | GraphReply, floor = 0, regainSeconds = 0) => {
    usageHeaders(floor, regainSeconds);
    record.status = reply.status;
    res.writeHead(reply.status, headers);
    res.end(JSON.stringify(reply.body));
  };

  const injected = ctx.failures.takeFailure(url.pathname);
  const failure = injected?.kind;
  if (failure === 'timeout') return; // held open until the client gives up or the sandbox closes
  if (!token) return answer(graphErrors.missingToken());
  const grant = ctx.tokens.get(token);
  if (!grant) return answer(graphErrors.invalidToken());
  const nowSeconds = Math.floor(now / 1000);
  if (grant.expiredAt !== undefined) return answer(graphErrors.expiredToken(grant.expiredAt, nowSeconds));
  if (failure === 'expired_token') return answer(graphErrors.expiredToken(nowSeconds - 3600, nowSeconds));
  if (failure === 'rate_limit') {
    const regain = injected?.regainSeconds ?? 60;
    return answer(account ? graphErrors.accountThrottled(insights) : graphErrors.userThrottled(), 100, regain);
  }
  const appScope = `app:${token}`;
  if (account && ctx.usage.throttled(account.id, now)) {
    ctx.usage.violations += 1;
    return answer(graphErrors.accountThrottled(insights));
  }
  if (ctx.usage.throttled(appScope, now)) {
    ctx.usage.violations += 1;
    return answer(graphErrors.userThrottled());
  }
  if (failure === 'permission') return answer(graphErrors.appPermission());
  if (failure === 'server_error') return answer(graphErrors.unknown());
  if (failure === 'unexpected_error') return answer(graphErrors.unexpected());
  if (failure === 'job_failed') ctx.runs.failNext = true;

  const reply = routeGraph(ctx, { method, segments, params, grant, origin: originOf(req), version, token });
  const rows = Array.isArray((reply.body as { data?: unknown }).data)
    ? (reply.body as { data: unknown[] }).data.length
    : 0;
  const cost = 1 + (insights ? rows / 100 : 0);
  ctx.usage.record(appScope, now, cost);
  if (account) ctx.usage.record(account.id, now, cost);
  answer(reply);
};

const originOf = (req: IncomingMessage) => `http://${req.headers.host ?? '127.0.0.1'}`;

/** The ad account a path is about: `act_<id>/…`, or the account of an object or report run id. */
const scopeAccount = (ctx: MetaSandboxContext, segments: string[]): MetaAccountData | undefined => {
  const first = segments[0] ?? '';
  if (first.startsWith('act_')) return ctx.accounts.find((a) => a.id === first);
  const parsed = parseMetaId(first);
  return parsed ? ctx.accounts[parsed.account] : undefined;
};
