import {
  type Access,
  BUSINESS_HEADER,
  type Endpoint,
  errorBodySchema,
  errorStatus,
  isBusinessAccess,
  type Parsed,
} from '@ri/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions as FastifyRouteOptions } from 'fastify';
import type { z } from 'zod';
import { createTokenBuckets } from '../lib/token-buckets.js';
import type { BusinessAccess } from '../modules/businesses/index.js';

/** The signed-in person behind a call. */
export type Caller = { userId: string; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Caller;
    /** The business the call is about, looked up while its session was checked (awaited by the handler). */
    businessAccess?: Promise<BusinessAccess>;
  }
}

/** What the access rule adds to a handler's input: the caller once signed in, their access to the business once resolved. */
type AccessInput<A extends Access> = A extends { kind: 'read' | 'write' }
  ? { auth: Caller; access: BusinessAccess }
  : A extends { kind: 'session' }
    ? { auth: Caller }
    : { auth?: undefined; access?: undefined };

/** A handler's input: the parsed params, query and body of its declaration, and who is calling about what. */
export type RouteInput<E extends Endpoint> = {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
} & AccessInput<E['access']>;

/**
 * A handler answers its declaration's success body (sent with the declared status), or answers itself
 * through `reply` (another status such as health's 503: return what `reply.send` returns; a stream: hijack
 * it and return nothing).
 */
export type Handler<E extends Endpoint> = (
  input: RouteInput<E>,
) => Promise<z.input<E['response']> | FastifyReply | undefined> | z.input<E['response']> | FastifyReply | undefined;

/** Per-route settings that are not part of the API contract. */
export type RouteSettings = {
  /** Calls per IP and window before 429 (auth forms). */
  rateLimit?: { max: number; timeWindow: string };
  /** Quieter logs for hot paths (ingestion). */
  logLevel?: 'warn';
  /** No page-guarding headers (JSON acknowledgements to beacons). */
  helmet?: false;
  /** Recomputes many sessions or starts background work: also counted against the stricter per-user limit. */
  expensive?: true;
};

/** An endpoint's declaration joined to its handler: what a module contributes to the API. */
export type Route = { endpoint: Endpoint; handler: Handler<Endpoint>; settings?: RouteSettings };

/** Joins a declaration and its handler, typing the handler's input from the declaration. */
export const route = <E extends Endpoint>(endpoint: E, handler: Handler<E>, settings?: RouteSettings): Route => ({
  endpoint,
  handler: handler as unknown as Handler<Endpoint>,
  settings,
});

/**
 * How the server learns who calls (auth module), checks their access to a business (businesses module), and
 * how often a signed-in person may call (every call, and the expensive ones); a limit throws 429.
 */
export type AccessGate = {
  /** `alongside` is told the token's caller before the session is confirmed (see the auth module). */
  authenticate(request: FastifyRequest, alongside?: (caller: Caller) => void): Promise<Caller>;
  resolveBusiness(caller: Caller, businessId: string | undefined, access: Access): Promise<BusinessAccess>;
  limit(caller: Caller, expensive: boolean): void;
};

/** Per-user limits of signed-in calls: `perSecond` sustained (bursts of twice that), expensive ones per minute. */
export function createUserLimits(options: { perSecond: number; expensivePerMinute: number }) {
  const any = createTokenBuckets({
    ratePerSecond: options.perSecond,
    message: (wait) => `Too many requests from your account; retry after ${wait} s.`,
  });
  const expensive = createTokenBuckets({
    ratePerSecond: options.expensivePerMinute / 60,
    burst: options.expensivePerMinute,
    message: (wait) => `Too many recalculations from your account; retry after ${wait} s.`,
  });
  return (caller: Caller, isExpensive: boolean): void => {
    any(caller.userId);
    if (isExpensive) expensive(caller.userId);
  };
}

/** Every error status the API answers, each with the one error body. */
const ERROR_RESPONSES: Record<number, z.ZodType> = Object.fromEntries(
  [...new Set(Object.values(errorStatus))].map((status) => [status, errorBodySchema]),
);

/** The business a product call is about: the path's `:businessId`, else the `X-Business-Id` header. */
function businessIdOf(request: FastifyRequest): string | undefined {
  const fromPath = (request.params as { businessId?: unknown } | undefined)?.businessId;
  if (typeof fromPath === 'string') return fromPath;
  const value = request.headers[BUSINESS_HEADER];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * Registers each route from its declaration: the schemas validate and serialise (and describe OpenAPI), every
 * error status shares the one error body, a call that needs a session is authenticated (and counted against
 * its user's limits) before its body is read, and a call about a business reaches its handler only once the business is resolved and the caller's
 * standing in it allows the declared access (the one pre-handler of tenancy).
 */
export function registerRoutes(app: FastifyInstance, routes: readonly Route[], gate: AccessGate): void {
  for (const { endpoint: e, handler, settings } of routes) {
    const needsSession = e.access.kind === 'session' || isBusinessAccess(e.access);
    const status = e.status ?? 200;
    const options: FastifyRouteOptions = {
      method: e.method,
      url: e.path,
      schema: {
        tags: [e.tag],
        summary: e.summary,
        ...(e.params ? { params: e.params } : {}),
        ...(e.query ? { querystring: e.query } : {}),
        ...(e.body ? { body: e.body } : {}),
        response: {
          ...(e.stream || e.produces ? {} : { [status]: e.response }),
          ...ERROR_RESPONSES,
          ...e.otherResponses,
        },
      },
      ...(settings?.rateLimit ? { config: { rateLimit: settings.rateLimit } } : {}),
      ...(settings?.logLevel ? { logLevel: settings.logLevel } : {}),
      ...(settings?.helmet === false ? { helmet: false } : {}),
      ...(needsSession
        ? {
            onRequest: async (request: FastifyRequest) => {
              request.auth = await gate.authenticate(request, (caller) => {
                // Counted before any lookup, so a caller over their limit costs the database nothing more.
                gate.limit(caller, settings?.expensive === true);
                if (!isBusinessAccess(e.access)) return;
                // Two lookups at once instead of one after the other. Its refusal (404, 403) is the handler's to
                // answer, after validation, as before; a session that fails answers 401 before either.
                const access = gate.resolveBusiness(caller, businessIdOf(request), e.access);
                access.catch(() => {});
                request.businessAccess = access;
              });
            },
          }
        : {}),
      handler: async (request, reply) => {
        const access = isBusinessAccess(e.access)
          ? await (request.businessAccess ?? gate.resolveBusiness(request.auth, businessIdOf(request), e.access))
          : undefined;
        const { params, query, body } = request as unknown as RouteInput<Endpoint>;
        const answer = await handler({ params, query, body, request, reply, auth: request.auth, access } as never);
        // A handler that answered itself (another status, a hijacked stream) has sent its reply by now.
        if (reply.sent) return reply;
        return reply.status(status).send(answer);
      },
    };
    app.route(options);
  }
}
