import { errorBodySchema } from '@ri/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { businessIdOf } from '../../plugins/business-header.js';
import { resolveBusinessAccess } from '../businesses/businesses.service.js';
import type { LiveHub } from './live-hub.js';

/** A comment line keeps proxies from closing an idle stream. */
const PING_MS = 15_000;

/**
 * `GET /analytics/live-sessions/stream`: Server-Sent Events of the business's scored session changes
 * (`event: session`, data a LiveSessionEvent), pushed as soon as the scorer stores them. The business is
 * checked before the stream opens, like every other read.
 */
export const liveStreamRoutes: FastifyPluginAsyncZod<{ db: Db; hub: LiveHub }> = async (app, { db, hub }) => {
  // Open streams end when the server closes, so shutdown never waits on a browser tab.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });
  app.get(
    '/live-sessions/stream',
    {
      schema: {
        tags: ['intelligence'],
        summary: 'Server-Sent Events: each scored change of a session of the business',
        response: { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const business = (await resolveBusinessAccess(db, request.auth.userId, businessIdOf(request))).business.id;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(': connected\nretry: 3000\n\n');
      const unsubscribe = hub.subscribe(business, (event) => {
        raw.write(`event: session\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const ping = setInterval(() => raw.write(': ping\n\n'), PING_MS);
      const end = () => {
        clearInterval(ping);
        unsubscribe();
        open.delete(end);
        raw.end();
      };
      open.add(end);
      request.raw.on('close', end);
    },
  );
};
