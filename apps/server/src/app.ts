import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { apiNotFound, registerErrorHandling } from './http/error-handler.js';
import { serializeRequest } from './http/log.js';
import type { ServerModule } from './http/module.js';
import { type AccessGate, createUserLimits, registerRoutes } from './http/routes.js';
import { type JobQueue, registerJob, startJobQueue } from './jobs/queue.js';
import { AppError } from './lib/errors.js';
import { createAdOptimizationsModule, type FindRecommendation } from './modules/ad-optimizations/index.js';
import { createAdsModule } from './modules/ads/index.js';
import { createAuthModule } from './modules/auth/index.js';
import { createBehaviorModule } from './modules/behavior/index.js';
import { createBusinessesModule, resolveBusinessAccess } from './modules/businesses/index.js';
import { createCustomersModule, PROFILE_TASK } from './modules/customers/index.js';
import { createDashboardModule } from './modules/dashboard/index.js';
import { createEngagementModule } from './modules/engagement/index.js';
import {
  type ConversionsApi,
  createIntegrationsModule,
  type IntegrationsHandle,
  type IntegrationsOptions,
  type SyncRunner,
} from './modules/integrations/index.js';
import { createLiveModule } from './modules/live/index.js';
import { createMailModule, type Mailer } from './modules/mail/index.js';
import { createOAuthModule } from './modules/oauth/index.js';
import { createPageTypesModule, type PageTypeRules } from './modules/page-types/index.js';
import { type BusinessModels, createReadinessModelModule } from './modules/readiness-model/index.js';
import { createScoringModule, type LiveHub, type ScorerTuning, type SessionScorer } from './modules/scoring/index.js';
import { createStrategyModule } from './modules/strategy/index.js';
import { createSyncModule, syncStatusOf } from './modules/sync/index.js';
import { createSystemModule } from './modules/system/index.js';
import { createTasksModule, type TaskRunnerOptions } from './modules/tasks/index.js';
import { createTrackingModule, type IngestWriter, sdkRoutes } from './modules/tracking/index.js';

export type RouteInfo = { method: string; url: string };

export type BuiltApp = {
  app: FastifyInstance;
  /** Every route the server registered; the tenancy test checks each is declared in the contracts. */
  routes: RouteInfo[];
  database: Database;
  mailer: Mailer;
  ingest: IngestWriter;
  scorer: SessionScorer;
  hub: LiveHub;
  /** Each business's page-type rules, kept in this process; its listeners hear of every change. */
  pageTypes: PageTypeRules;
  /** Per-business page statistics and readiness models (refits). */
  businessModels: BusinessModels;
  jobs: () => JobQueue | undefined;
  /** Integration syncs run by this process. */
  syncRunner: SyncRunner;
  /** Connecting to vendor stand-ins (the demo business's sandboxes). */
  integrations: Pick<IntegrationsHandle, 'connectSandbox' | 'sync' | 'crmWriter'>;
  /** The Conversions API's capture and periodic send (tests send without the job queue). */
  conversionsApi: ConversionsApi;
};

export type BuildOptions = {
  /** An already opened database (tests share one per file); otherwise one is opened from config. */
  database?: Database;
  /** When the scorer holds states in memory rather than storing them (tests; defaults otherwise). */
  scorer?: ScorerTuning;
  /** Where log lines go (tests read them); standard output otherwise. */
  logStream?: { write(line: string): void };
  /** The connect steps after a vendor sign-in (tests register their own). */
  oauthConnectors?: IntegrationsOptions['oauthConnectors'];
  /** Where Implement Optimization finds a recommendation (tests give fixed ones); the ads module's otherwise. */
  findRecommendation?: FindRecommendation;
  /** Heartbeat and stale times of long tasks (tests take a crashed task up sooner). */
  tasks?: TaskRunnerOptions;
};

/**
 * Composes the whole server: the database and its migrations, the modules (each one bounded context with its
 * routes, jobs and workers), the job queue, the shared HTTP layer, and the web app.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const database =
    options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') }));
  const ownsDatabase = !options.database;
  await database.migrate();

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: trustProxyOf(config.trustProxy),
    bodyLimit: 512 * 1024,
  });
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const { db } = database;
  let jobs: JobQueue | undefined;
  const mail = createMailModule(config, db, app.log);
  const auth = createAuthModule(config, db, mail.mailer, app.log);
  const pageTypes = createPageTypesModule(db, app.log);
  const readiness = createReadinessModelModule(config, database, app.log);
  const scoring = createScoringModule(
    config,
    database,
    app.log,
    { pageTypes: pageTypes.rules, models: readiness.models },
    options.scorer,
  );
  // Ad Intelligence keeps its rollups as data arrives: syncs, stored events and scores tell it what changed.
  // Implement Optimization changes the platform only where the credentials allow writes (asked of integrations
  // when a recommendation is shown; integrations is composed next and hears of syncs for ads).
  // Long tasks (profile builds, the header's sync): two at a time, so a sync waiting on a profile build never blocks it.
  const tasks = createTasksModule(database, app.log, {
    heartbeatMs: config.taskHeartbeatMs,
    concurrency: 2,
    ...options.tasks,
  });
  const ads = createAdsModule(database, app.log, {
    canWrite: async (businessId, platform) => {
      const writer = await integrations.adWriter(businessId, platform);
      return writer ? (await writer.canWrite()).ok : false;
    },
  });
  const integrations = createIntegrationsModule(config, db, app.log, {
    oauthConnectors: options.oauthConnectors,
    onSynced: (event) => {
      ads.adsSynced(event.businessId, event.provider);
      dashboard.synced(event.businessId, event.provider);
      void customers
        .synced(event.businessId, event.provider)
        .catch((error) => app.log.error({ err: error }, 'starting the profile build after a sync failed'));
    },
  });
  // The Conversions API hears of stored conversions and of scores through callbacks: neither tracking nor scoring
  // knows of it.
  const tracking = createTrackingModule(config, database, app.log, scoring.scorer, [
    integrations.conversionsApi.stored,
    (batch) => ads.sessionsStored(batch.businessId, batch.events),
    (batch) => dashboard.sessionsStored(batch.businessId, batch.events),
  ]);
  scoring.hub.subscribeAll(integrations.conversionsApi.scored);
  scoring.hub.subscribeAll((businessId) => ads.sessionScored(businessId));
  scoring.hub.subscribeAll((businessId) => dashboard.sessionScored(businessId));
  // Customer profiles are rebuilt by a task: on demand, nightly, and (with jobs on) after a payments or CRM sync.
  const customers = createCustomersModule(database, tasks.runner, (businessId) => integrations.crmWriter(businessId), {
    chunk: config.profileBuildChunk,
    ltvFitBudgetMs: config.ltvFitBudgetMs,
    buildAfterSync: config.jobsEnabled,
  });
  // The strategist reads the dashboard's rollups and the ads' figures; the dashboard reads its market figures, and
  // its Sync regenerates the recommendations. `dashboard` is assigned below: the functions run only on requests.
  const strategy = createStrategyModule(
    {
      database,
      moneyHistory: (businessId) => dashboard.moneyHistory(businessId),
      sessionHistory: (businessId, from, to) => dashboard.sessionHistory(businessId, from, to),
      adFigures: ads.strategyFigures,
      costDays: ads.costDays,
    },
    app.log,
    config.llm,
  );
  // The main dashboard reads the other modules' figures through these, and its Sync drives them.
  const dashboard = createDashboardModule(database, app.log, tasks.runner, {
    sources: {
      adSummary: ads.summary,
      adCostDays: ads.costDays,
      customers: customers.dashboardFigures,
      market: strategy.market,
    },
    sync: {
      sources: integrations.sources,
      triggerSync: (businessId, integrationId) => integrations.sync.trigger(businessId, integrationId, 'manual'),
      refreshAds: ads.refresh,
      buildProfiles: async (businessId) =>
        (await tasks.runner.start(businessId, PROFILE_TASK, { force: false }, null)).id,
      regenerateStrategy: strategy.regenerate,
    },
    syncStatus: async (businessId) => syncStatusOf(await integrations.sources(businessId)),
  });
  // Stopped in reverse: ingestion drains into the scorer before the scorer drains and stops.
  const modules: ServerModule[] = [
    createSystemModule({ database, jobs: () => jobs, jobsEnabled: config.jobsEnabled, mailer: mail.mailer }),
    mail.module,
    auth.module,
    createBusinessesModule(db),
    createSyncModule(integrations.sources),
    pageTypes.module,
    readiness.module,
    scoring.module,
    createLiveModule(db, scoring.hub),
    createBehaviorModule(db),
    createEngagementModule(db),
    integrations.module,
    ads.module,
    createAdOptimizationsModule(db, {
      findRecommendation:
        options.findRecommendation ??
        ((_db, businessId, campaignId, recommendationId, days) =>
          ads.findRecommendation(businessId, campaignId, recommendationId, days)),
      adWriter: integrations.adWriter,
    }),
    createOAuthModule(config, db, app.log, integrations.oauth),
    tasks.module,
    customers.module,
    dashboard.module,
    strategy.module,
    tracking.module,
  ];
  const gate: AccessGate = {
    authenticate: auth.authenticate,
    resolveBusiness: (caller, businessId, access) => resolveBusinessAccess(db, caller.userId, businessId, access),
    limit: createUserLimits(config.apiLimits),
  };

  if (config.jobsEnabled) {
    try {
      jobs = await startJobQueue(database, config.databaseUrl);
      for (const job of modules.flatMap((m) => m.jobs ?? [])) {
        await registerJob(jobs, job.name, async () => void (await job.run()), { cron: job.cron });
      }
    } catch (error) {
      app.log.error({ err: error }, 'job queue failed to start; health reports it');
    }
  }

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`, {
        headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Revenue Intelligence API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      for (const module of modules) {
        registerRoutes(api, module.routes ?? [], gate);
        for (const scoped of module.scoped ?? []) {
          await api.register(async (scope) => {
            await scoped.setup(scope);
            registerRoutes(scope, scoped.routes, gate);
          });
        }
      }
    },
    { prefix: '/api/v1' },
  );
  await app.register(sdkRoutes, { prefix: '/sdk/v1' });

  registerWebApp(app, config.webDistDir);

  app.addHook('onClose', async () => {
    await jobs?.stop().catch(() => {});
    for (const module of [...modules].reverse()) await module.stop?.();
    if (ownsDatabase) await database.close();
  });
  for (const module of modules) await module.start?.();

  return {
    app,
    routes,
    database,
    mailer: mail.mailer,
    ingest: tracking.ingest,
    scorer: scoring.scorer,
    hub: scoring.hub,
    pageTypes: pageTypes.rules,
    businessModels: readiness.models,
    jobs: () => jobs,
    syncRunner: integrations.sync,
    integrations,
    conversionsApi: integrations.conversionsApi,
  };
}

/**
 * Fastify's trust rule for a configured TRUST_PROXY. A hop count trusts the last N addresses (the socket's
 * peer first), which only holds when the server cannot be reached except through those proxies; Fastify
 * itself reads a bare number as "trust none", so it is given as a function.
 */
function trustProxyOf(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** Serves the built single-page app; any non-API GET falls back to index.html for client routing. */
function registerWebApp(app: FastifyInstance, distDir: string): void {
  const built = existsSync(path.join(distDir, 'index.html'));
  if (built) {
    app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send(apiNotFound(request.method, request.url));
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
