import { errorBodySchema, healthSchema, outboxListSchema, syncStatusSchema } from '@ri/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { businessIdOf } from '../../plugins/business-header.js';
import type { AuthDeps } from '../auth/auth.service.js';
import { getUserView } from '../auth/auth.service.js';
import { resolveBusinessAccess } from '../businesses/businesses.service.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import { getHealth } from './health.js';

type Options = {
  database: Database;
  jobs: () => JobQueue | undefined;
  jobsEnabled: boolean;
  mailer: Mailer;
  authDeps: AuthDeps;
};

const errors = { 401: errorBodySchema, 404: errorBodySchema };

/** Health, sync status of the header, and the local mail outbox. */
export const systemRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { database, mailer, authDeps } = options;

  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Database and job-queue status (503 when the database is down)',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const health = await getHealth(database, options.jobs(), options.jobsEnabled);
      return reply.status(health.database.status === 'up' ? 200 : 503).send(health);
    },
  );

  app.register(async (scope) => {
    const authed = scope.withTypeProvider<ZodTypeProvider>();
    authed.addHook('onRequest', requireAuth(authDeps));

    authed.get(
      '/analytics/sync-status',
      {
        schema: {
          tags: ['sync'],
          summary: 'Whether the header Sync can run for the current business',
          response: { 200: syncStatusSchema, ...errors },
        },
      },
      async (request) => {
        await resolveBusinessAccess(database.db, request.auth.userId, businessIdOf(request));
        // Data sources arrive with the integrations work; until one is connected there is nothing to sync.
        return {
          sync_available: false,
          cooldown_remaining_seconds: 0,
          cooldown_remaining_minutes: 0,
          next_sync_available_at: null,
          connected_sources: 0,
          reason: 'no_data_source' as const,
          message: 'No data source is connected yet. Connect one under Integrations to sync.',
        };
      },
    );

    authed.get(
      '/dev/outbox',
      {
        schema: {
          tags: ['system'],
          summary: 'Mail the server kept or sent for the signed-in user',
          response: { 200: outboxListSchema, ...errors },
        },
      },
      async (request) => {
        const user = await getUserView(database.db, request.auth.userId);
        const rows = await mailer.listFor(user.email);
        return {
          mode: mailer.mode,
          messages: rows.map((m) => ({
            id: m.id,
            to: m.to,
            subject: m.subject,
            text: m.text,
            created_at: m.createdAt.toISOString(),
          })),
        };
      },
    );
  });
};
