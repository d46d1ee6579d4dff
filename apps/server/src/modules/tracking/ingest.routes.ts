import { ALL_ENDPOINTS, API, INGEST_LIMITS, type WireEvent } from '@ri/contracts';
import { storableText } from '@ri/engine';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ScopedRoutes } from '../../http/module.js';
import { route } from '../../http/routes.js';
import { AppError } from '../../lib/errors.js';
import { BOT_ANSWER, createBatchIntake, type IngestOptions } from './ingest.service.js';

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
  // Preflights answer for the public ingestion paths only, never for signed-in routes under /tracking.
  for (const e of ALL_ENDPOINTS.filter((x) => x.access.kind === 'tracking')) {
    app.options(e.path, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '86400')
        .status(204)
        .send(),
    );
  }
}

/** The public tracking endpoints the SDK posts to: bodies arrive as text/plain JSON (no CORS preflight). */
export function ingestRoutes(options: IngestOptions): ScopedRoutes {
  const acceptBatch = createBatchIntake(options);
  const handle =
    (forcedType?: WireEvent['type']) =>
    async ({ request, reply }: { request: FastifyRequest; reply: FastifyReply }) => {
      const { body, ip, headers } = request;
      const answer = await acceptBatch({ body, ip, headers, receivedAt: Date.now() }, forcedType);
      // A bot is answered 202: received, not stored.
      return answer === BOT_ANSWER ? reply.status(202).send(answer) : answer;
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
