import {
  createEngagementActionSchema,
  type EngagementAction,
  engagementActionSchema,
  engagementActionsQuerySchema,
  engagementActionsResponseSchema,
  errorBodySchema,
  ON_SITE_DELIVERY_NOT_SET_UP,
} from '@ri/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { engagementActions } from '../../db/schema.js';
import { businessIdOf } from '../../plugins/business-header.js';
import { resolveBusinessAccess } from '../businesses/businesses.service.js';
import * as repo from './intelligence.repo.js';
import { notFound } from './intelligence.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

type Row = typeof engagementActions.$inferSelect;

const toAction = (r: Row): EngagementAction => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  session_id: r.sessionId,
  insight_id: r.insightId,
  title: r.title,
  action_items: r.actionItems as string[],
  note: r.note,
  status_detail: r.statusDetail,
  created_by: r.createdBy,
  created_at: r.createdAt.toISOString(),
  history: r.history as EngagementAction['history'],
});

/**
 * Engage (a live visitor) and Take Action (on an insight): persisted with a status and its history.
 * Nothing delivers to the visitor's browser yet, so an action is recorded and says so.
 */
export const engagementRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/actions',
    {
      schema: {
        tags: ['engagement'],
        summary: 'Records an Engage or Take Action decision',
        body: createEngagementActionSchema,
        response: { 201: engagementActionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const access = await resolveBusinessAccess(db, request.auth.userId, businessIdOf(request), { write: true });
      const body = request.body;
      if (body.session_id && !(await repo.findSession(db, access.business.id, body.session_id))) throw notFound();
      const at = new Date();
      const [row] = await db
        .insert(engagementActions)
        .values({
          businessId: access.business.id,
          kind: body.kind,
          status: 'recorded',
          sessionId: body.session_id ?? null,
          insightId: body.insight_id ?? null,
          title: body.title,
          actionItems: body.action_items,
          note: body.note ?? null,
          statusDetail: ON_SITE_DELIVERY_NOT_SET_UP,
          createdBy: request.auth.userId,
          createdAt: at,
          history: [{ status: 'recorded', at: at.toISOString(), detail: ON_SITE_DELIVERY_NOT_SET_UP }],
        })
        .returning();
      return reply.status(201).send(toAction(row!));
    },
  );

  app.get(
    '/actions',
    {
      schema: {
        tags: ['engagement'],
        summary: "The business's recorded actions, newest first",
        querystring: engagementActionsQuerySchema,
        response: { 200: engagementActionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const access = await resolveBusinessAccess(db, request.auth.userId, businessIdOf(request));
      const q = request.query;
      const conditions: SQL[] = [eq(engagementActions.businessId, access.business.id)];
      if (q.session_id) conditions.push(eq(engagementActions.sessionId, q.session_id));
      if (q.insight_id) conditions.push(eq(engagementActions.insightId, q.insight_id));
      const rows = await db
        .select()
        .from(engagementActions)
        .where(and(...conditions))
        .orderBy(desc(engagementActions.createdAt))
        .limit(q.limit);
      return { actions: rows.map(toAction) };
    },
  );
};
