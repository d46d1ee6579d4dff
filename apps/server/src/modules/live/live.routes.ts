import { API } from '@ri/contracts';
import type { Db } from '../../db/client.js';
import type { ScopedRoutes } from '../../http/module.js';
import { type Route, route } from '../../http/routes.js';
import { AppError } from '../../lib/errors.js';
import type { LiveHub } from '../scoring/index.js';
import { listLiveSessions, listReadinessScores } from './live.service.js';

/** A comment line keeps proxies from closing an idle stream. */
const PING_MS = 15_000;
/** Open live streams one person may hold (a screen each: tabs and devices); more answer 429. */
export const MAX_STREAMS_PER_USER = 5;

/** Business-wide reads of scored sessions: the Conversion Spy Engine's list and the scores of a range. */
export const liveRoutes = (db: Db): Route[] => [
  route(API.listReadinessScores, ({ access, query }) =>
    listReadinessScores(db, access.business.id, query.time_range, query.limit),
  ),
  route(API.listLiveSessions, ({ access, query }) =>
    listLiveSessions(db, access.business.id, query.time_filter, query.limit),
  ),
];

/**
 * `GET /analytics/live-sessions/stream`: Server-Sent Events of the business's scored session changes
 * (`event: session`, data a LiveSessionEvent), pushed as soon as the scorer stores them. The business is
 * checked before the stream opens, like every other read.
 */
export function liveStreamRoutes(hub: LiveHub): ScopedRoutes {
  // Open streams end when the server closes, so shutdown never waits on a browser tab.
  const open = new Set<() => void>();
  const perUser = new Map<string, number>();
  return {
    setup: (app) => {
      app.addHook('preClose', async () => {
        for (const end of open) end();
      });
    },
    routes: [
      route(API.streamLiveSessions, ({ access, auth, request, reply }) => {
        const held = perUser.get(auth.userId) ?? 0;
        if (held >= MAX_STREAMS_PER_USER) {
          throw new AppError(
            'rate_limited',
            `You already have ${MAX_STREAMS_PER_USER} live streams open; close a Conversion Spy Engine tab and try again.`,
            { headers: { 'retry-after': '30' } },
          );
        }
        perUser.set(auth.userId, held + 1);
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        raw.write(': connected\nretry: 3000\n\n');
        const unsubscribe = hub.subscribe(access.business.id, (event) => {
          raw.write(`event: session\ndata: ${JSON.stringify(event)}\n\n`);
        });
        const ping = setInterval(() => raw.write(': ping\n\n'), PING_MS);
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          const left = (perUser.get(auth.userId) ?? 1) - 1;
          if (left > 0) perUser.set(auth.userId, left);
          else perUser.delete(auth.userId);
          clearInterval(ping);
          unsubscribe();
          open.delete(end);
          raw.end();
        };
        open.add(end);
        request.raw.on('close', end);
        return undefined;
      }),
    ],
  };
}
