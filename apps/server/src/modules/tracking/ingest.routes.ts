import { API, INGEST_LIMITS, type WireEvent } from '@ri/contracts';
import { classifyTrafficSource, storableText } from '@ri/engine';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { ScopedRoutes } from '../../http/module.js';
import { route } from '../../http/routes.js';
import { AppError } from '../../lib/errors.js';
import type { IngestWriter } from './ingest/ingest-writer.js';
import { parseBatch } from './ingest/parse-batch.js';
import { createTokenBuckets } from './ingest/rate-limiter.js';
import { isBotAgent, readClientContext, requestOrigin } from './ingest/request-context.js';
import type { SiteCache } from './site-cache.js';
import { countBotRequest } from './sites.repo.js';

type Options = {
  db: Db;
  writer: IngestWriter;
  sites: SiteCache;
  perIpPerSecond: number;
  perTrackingIdPerSecond: number;
};

/**
 * A JSON escape for NUL or for half of a surrogate pair. PostgreSQL stores neither in text or jsonb, and a
 * browser produces the second whenever it cuts a text through an emoji (as the SDK's 60-character link
 * texts may). Only bodies that contain one pay for mending.
 */
const BROKEN_TEXT = /\\u(0000|[dD][89a-fA-F])/;

/** JSON.parse reviver: every string and key with a NUL or a lone surrogate gets U+FFFD in its place. */
function mendText(_key: string, value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), v]));
  return value;
}

/** Parses batches as text/plain or JSON (mending unstorable text), and lets customers' sites read the answers. */
function setUpIngestScope(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['text/plain', 'application/json'],
    { parseAs: 'string', bodyLimit: INGEST_LIMITS.maxBodyBytes },
    (_req, body, done) => {
      try {
        const text = body as string;
        done(null, BROKEN_TEXT.test(text) ? JSON.parse(text, mendText) : JSON.parse(text));
      } catch {
        done(new AppError('validation_failed', 'Body is not valid JSON'), undefined);
      }
    },
  );
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: INGEST_LIMITS.maxBodyBytes }, (_req, _body, done) => {
    done(new AppError('validation_failed', 'Send the batch as text/plain or application/json'), undefined);
  });

  // Simple CORS: the browser may read our answer (the SDK retries on 429/503); origins are checked per tracking id.
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin) {
      reply
        .header('access-control-allow-origin', origin)
        .header('access-control-expose-headers', 'Retry-After')
        .header('vary', 'Origin');
    }
  });
  app.options('/tracking/*', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '86400')
      .status(204)
      .send(),
  );
}

/**
 * The public tracking endpoints the SDK posts to. Bodies arrive as text/plain JSON (no CORS preflight);
 * a tracking id names the business, whatever the body claims; only the business's allowed origins may
 * send; bots are answered and counted but not stored; every 2xx means committed.
 */
export function ingestRoutes(options: Options): ScopedRoutes {
  const { db, writer, sites } = options;
  const limitIp = createTokenBuckets(options.perIpPerSecond, 'client address');
  const limitTracking = createTokenBuckets(options.perTrackingIdPerSecond, 'tracking id');
  const handle =
    (forcedType?: WireEvent['type']) =>
    async ({ request, reply }: { request: FastifyRequest; reply: FastifyReply }) => {
      const receivedAt = Date.now();
      limitIp(request.ip);
      const body = request.body as { tracking_id?: unknown } | undefined;
      const trackingId = typeof body?.tracking_id === 'string' ? body.tracking_id : undefined;
      if (!trackingId) throw new AppError('validation_failed', 'tracking_id: required', { field: 'tracking_id' });
      const site = await sites.get(trackingId);
      if (!site) throw new AppError('not_found', 'Unknown tracking_id', { field: 'tracking_id' });
      limitTracking(trackingId);
      const origin = requestOrigin(request.headers);
      if (!origin || !site.allowedOrigins.includes(origin)) {
        throw new AppError(
          'forbidden',
          `Origin ${origin ?? '(none)'} is not allowed for this tracking id; add it under Tracking Script → allowed origins`,
        );
      }
      if (isBotAgent(request.headers['user-agent'] ?? '')) {
        await countBotRequest(db, site.businessId);
        return reply.status(202).send({ accepted: 0, duplicates: 0, bot: true });
      }
      const batch = parseBatch(body, receivedAt, forcedType);
      const context = batch.context ?? {};
      const result = await writer.submit({
        businessId: site.businessId,
        trackingId,
        timeoutMs: site.sessionTimeout,
        features: site.features,
        mode: site.mode,
        origin,
        trafficSource: classifyTrafficSource({
          referrer: context.referrer,
          siteOrigin: origin,
          utmSource: context.utm_source,
          utmMedium: context.utm_medium,
          gclid: context.gclid,
          fbclid: context.fbclid,
        }),
        client: readClientContext(request.headers),
        batch,
        receivedAt: new Date(receivedAt),
      });
      return result;
    };

  // Per-request info logs would cost more than the ingestion itself at thousands of requests a second.
  // No helmet on these: its headers guard pages, not a JSON acknowledgement to a beacon, and @fastify/helmet
  // rebuilds its middleware (CSP parsing included) on every request, a cost paid per batch.
  const quiet = { logLevel: 'warn', helmet: false } as const;
  return {
    setup: setUpIngestScope,
    routes: [
      route(API.ingestBatch, handle(), quiet),
      route(API.ingestEvents, handle(), quiet),
      route(API.ingestSession, handle(), quiet),
      route(API.ingestConversions, handle('conversion'), quiet),
      route(API.ingestPageViews, handle('page_view'), quiet),
    ],
  };
}
