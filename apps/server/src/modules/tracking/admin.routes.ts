import {
  adminSessionsQuerySchema,
  adminSessionsResponseSchema,
  adminStatsQuerySchema,
  errorBodySchema,
  sessionDetailSchema,
  sessionStatsSchema,
} from '@ri/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { businessIdOf } from '../../plugins/business-header.js';
import { resolveBusinessAccess } from '../businesses/businesses.service.js';
import * as repo from './admin.repo.js';
import { getSessionDetail, toListItem } from './admin.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Session Tracking Admin: the recorded sessions of the current business. */
export const trackingAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const business = async (request: Parameters<typeof businessIdOf>[0]) =>
    (await resolveBusinessAccess(db, request.auth.userId, businessIdOf(request))).business.id;

  app.get(
    '/admin/sessions',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Recorded sessions, paged (50 a page by default)',
        querystring: adminSessionsQuerySchema,
        response: { 200: adminSessionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await repo.listSessions(db, await business(request), {
        range: q.time_range,
        status: q.status_filter,
        page: q.page,
        limit: q.limit,
      });
      const totalPages = Math.max(1, Math.ceil(total / q.limit));
      return {
        sessions: rows.map(toListItem),
        pagination: {
          page: q.page,
          total_pages: totalPages,
          total_count: total,
          has_prev: q.page > 1,
          has_next: q.page < totalPages,
        },
      };
    },
  );

  app.get(
    '/admin/stats',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Session totals over a time range',
        querystring: adminStatsQuerySchema,
        response: { 200: sessionStatsSchema, ...errors },
      },
    },
    async (request) => {
      const stats = await repo.sessionStats(db, await business(request), request.query.time_range);
      return {
        total_sessions: Number(stats.totals.sessions),
        active_sessions: Number(stats.totals.active),
        total_events: Number(stats.totals.events),
        avg_session_duration: Math.round(Number(stats.totals.avgSeconds) * 10) / 10,
        top_pages: stats.topPages
          .filter((p) => p.url)
          .map((p) => ({ url: p.url!, title: p.title, views: Number(p.views) })),
        device_breakdown: stats.devices.map((d) => ({ device_type: d.device, sessions: Number(d.sessions) })),
        bot_requests: stats.bots,
      };
    },
  );

  app.get(
    '/admin/sessions/:sessionId',
    {
      schema: {
        tags: ['tracking'],
        summary: 'One session with its events, journey and engagement',
        params: z.object({ sessionId: z.string().max(100) }),
        response: { 200: sessionDetailSchema, ...errors },
      },
    },
    async (request) => getSessionDetail(db, await business(request), request.params.sessionId),
  );
};
