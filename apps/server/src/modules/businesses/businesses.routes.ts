import {
  businessListSchema,
  businessParamsSchema,
  businessSchema,
  errorBodySchema,
  memberListSchema,
  updateBusinessBodySchema,
} from '@ri/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import * as repo from './businesses.repo.js';
import { listBusinesses, resolveBusinessAccess, toBusiness } from './businesses.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Businesses the signed-in user may open; changes need owner or admin, and never touch the demo. */
export const businessRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/businesses',
    {
      schema: {
        tags: ['businesses'],
        summary: 'Businesses you may open',
        response: { 200: businessListSchema, ...errors },
      },
    },
    async (request) => ({ businesses: await listBusinesses(db, request.auth.userId) }),
  );

  app.get(
    '/businesses/:businessId',
    { schema: { tags: ['businesses'], params: businessParamsSchema, response: { 200: businessSchema, ...errors } } },
    async (request) => toBusiness(await resolveBusinessAccess(db, request.auth.userId, request.params.businessId)),
  );

  app.patch(
    '/businesses/:businessId',
    {
      schema: {
        tags: ['businesses'],
        summary: 'Rename or describe a business (owner or admin)',
        params: businessParamsSchema,
        body: updateBusinessBodySchema,
        response: { 200: businessSchema, ...errors },
      },
    },
    async (request) => {
      const access = await resolveBusinessAccess(db, request.auth.userId, request.params.businessId, {
        write: true,
        roles: ['owner', 'admin'],
      });
      const business = await repo.updateBusiness(db, access.business.id, request.body);
      return toBusiness({ ...access, business });
    },
  );

  app.get(
    '/businesses/:businessId/members',
    {
      schema: {
        tags: ['businesses'],
        summary: 'People with access to a business',
        params: businessParamsSchema,
        response: { 200: memberListSchema, ...errors },
      },
    },
    async (request) => {
      const access = await resolveBusinessAccess(db, request.auth.userId, request.params.businessId);
      // The demo business is shared by everyone: its member list would expose other customers.
      const rows = access.business.isDemo ? [] : await repo.listMembers(db, access.business.id);
      return {
        members: rows.map((m) => ({
          user_id: m.userId,
          email: m.email,
          full_name: [m.firstName, m.lastName].filter(Boolean).join(' '),
          role: m.role,
          joined_at: m.joinedAt.toISOString(),
        })),
      };
    },
  );
};
