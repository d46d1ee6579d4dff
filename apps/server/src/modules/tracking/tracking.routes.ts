import {
  errorBodySchema,
  generateScriptBodySchema,
  testScriptBodySchema,
  testScriptResponseSchema,
  trackingConfigSchema,
  validateSetupResponseSchema,
} from '@ri/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { businessIdOf } from '../../plugins/business-header.js';
import { resolveBusinessAccess } from '../businesses/businesses.service.js';
import type { SiteCache } from './site-cache.js';
import * as repo from './sites.repo.js';
import { generateScript, getScript, testScript } from './sites.service.js';

type Options = { db: Db; sites: SiteCache; appUrl: string };
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The tracking-script settings of the current business (signed-in). */
export const trackingScriptRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, sites, appUrl }) => {
  app.get(
    '/script',
    {
      schema: {
        tags: ['tracking'],
        summary: "The business's tracking script",
        response: { 200: trackingConfigSchema, ...errors },
      },
    },
    async (request) => {
      const access = await resolveBusinessAccess(db, request.auth.userId, businessIdOf(request));
      return getScript(db, access.business.id, appUrl);
    },
  );

  app.post(
    '/generate-script',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Create or update the tracking script (owner or admin)',
        body: generateScriptBodySchema,
        response: { 200: trackingConfigSchema, ...errors },
      },
    },
    async (request) => {
      const access = await resolveBusinessAccess(db, request.auth.userId, businessIdOf(request), {
        write: true,
        roles: ['owner', 'admin'],
      });
      const config = await generateScript(db, access, request.body, appUrl);
      sites.forget(config.trackingId);
      return config;
    },
  );

  app.post(
    '/test-script',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Check that events from a website have really arrived',
        body: testScriptBodySchema,
        response: { 200: testScriptResponseSchema, ...errors },
      },
    },
    async (request) => {
      const access = await resolveBusinessAccess(db, request.auth.userId, businessIdOf(request));
      return testScript(db, access.business.id, request.body);
    },
  );

  app.get(
    '/events/validate-setup',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Is tracking set up and receiving?',
        response: { 200: validateSetupResponseSchema, ...errors },
      },
    },
    async (request) => {
      const access = await resolveBusinessAccess(db, request.auth.userId, businessIdOf(request));
      const site = await repo.findSiteByBusiness(db, access.business.id);
      const totals = await repo.recentTotals(db, access.business.id);
      return {
        tracking_id: site?.trackingId ?? null,
        configured: Boolean(site),
        allowed_origins: site?.allowedOrigins ?? [],
        events_last_24h: totals.events,
        bot_requests_last_24h: totals.bots,
        last_event_at: totals.last?.toISOString() ?? null,
      };
    },
  );
};
