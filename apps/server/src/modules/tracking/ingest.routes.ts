import { INGEST_LIMITS, ingestResponseSchema, type WireEvent } from '@ri/contracts';
import { classifyTrafficSource, storableText } from '@ri/engine';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { IngestWriter } from './ingest/ingest-writer.js';
import { parseBatch } from './ingest/parse-batch.js';
import { createTokenBuckets } from './ingest/rate-limiter.js';
import { isBotAgent, readClientContext, requestOrigin } from './ingest/request-context.js';
import type { SiteCache } from './site-cache.js';
import { countBotRequest } from './sites.repo.js';

/** The public paths under /api/v1/tracking that the SDK and servers post events to. */
export const INGEST_PATHS = [
  '/batch-events',
  '/events',
  '/sessions',
  '/events/post-conversion',
  '/events/post-pageview',
];

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

/**
 * The public tracking endpoints the SDK posts to. Bodies arrive as text/plain JSON (no CORS preflight);
 * a tracking id names the business, whatever the body claims; only the business's allowed origins may
 * send; bots are answered and counted but not stored; every 2xx means committed.
 */
export const ingestRoutes: FastifyPluginAsync<Options> = async (app, options) => {
  const { db, writer, sites } = options;
  const limitIp = createTokenBuckets(options.perIpPerSecond, 'client address');
  const limitTracking = createTokenBuckets(options.perTrackingIdPerSecond, 'tracking id');

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
  app.options('/*', async (_request, reply) =>
    reply
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '86400')
      .status(204)
      .send(),
  );

  const schema = { tags: ['tracking'], response: { 200: ingestResponseSchema } };
  const handle = (forcedType?: WireEvent['type']) => async (request: FastifyRequest, reply: FastifyReply) => {
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
    return reply.status(200).send(result);
  };

  // Per-request info logs would cost more than the ingestion itself at thousands of requests a second.
  // No helmet on these: its headers guard pages, not a JSON acknowledgement to a beacon, and @fastify/helmet
  // rebuilds its middleware (CSP parsing included) on every request, a cost paid per batch.
  const summary = (s: string) => ({
    logLevel: 'warn' as const,
    helmet: false as const,
    schema: { ...schema, summary: s },
  });
  app.post('/batch-events', summary('Store a batch of events from the SDK'), handle());
  app.post('/events', summary('Store events (same body as batch-events)'), handle());
  app.post('/sessions', summary('Open or touch a session with its context (events may be empty)'), handle());
  app.post('/events/post-conversion', summary('Record conversion events'), handle('conversion'));
  app.post('/events/post-pageview', summary('Record page views'), handle('page_view'));
};
