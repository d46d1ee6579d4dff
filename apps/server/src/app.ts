import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { toSignalEvent } from '@ri/engine';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { AppError } from './lib/errors.js';
import { createAccountLimiter } from './modules/auth/account-limiter.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import type { AuthDeps } from './modules/auth/auth.service.js';
import { createTokenSigner } from './modules/auth/tokens.js';
import { ensureDemoBusiness } from './modules/businesses/businesses.repo.js';
import { businessRoutes } from './modules/businesses/businesses.routes.js';
import { type BusinessModels, createBusinessModels } from './modules/intelligence/business-models.js';
import { engagementRoutes } from './modules/intelligence/engagement.routes.js';
import { analyticsIntelligenceRoutes, sessionIntelligenceRoutes } from './modules/intelligence/intelligence.routes.js';
import { createLiveHub, type LiveHub } from './modules/intelligence/live-hub.js';
import { liveStreamRoutes } from './modules/intelligence/live-stream.routes.js';
import { createPageTypeRules, type PageTypeRules } from './modules/intelligence/page-type-rules.js';
import { pageTypeRoutes } from './modules/intelligence/page-types.routes.js';
import { readinessModelRoutes } from './modules/intelligence/readiness-model.routes.js';
import { createThreadedScorer } from './modules/intelligence/scorer-thread.js';
import { rescoreRecentSessions, startScoringSweep } from './modules/intelligence/scoring-sweep.js';
import { createSessionScorer, type ScorerTuning, type SessionScorer } from './modules/intelligence/session-scorer.js';
import { profileInsightsRoutes, signalGraphRoutes } from './modules/intelligence/signal-graph.routes.js';
import { type JobQueue, registerJob, startJobQueue } from './modules/jobs/queue.js';
import { createMailer, type Mailer } from './modules/mail/mailer.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { trackingAdminRoutes } from './modules/tracking/admin.routes.js';
import { createIngestWriter, type IngestWriter } from './modules/tracking/ingest/ingest-writer.js';
import { ingestRoutes } from './modules/tracking/ingest.routes.js';
import { sdkRoutes } from './modules/tracking/sdk.routes.js';
import { createSiteCache } from './modules/tracking/site-cache.js';
import { trackingScriptRoutes } from './modules/tracking/tracking.routes.js';
import { requireAuth } from './plugins/authenticate.js';
import { apiNotFound, registerErrorHandling } from './plugins/error-handler.js';

export type RouteInfo = { method: string; url: string };

export type BuiltApp = {
  app: FastifyInstance;
  /** Every route the server declares; the tenancy test walks all of them. */
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
};

export type BuildOptions = {
  /** An already opened database (tests share one per file); otherwise one is opened from config. */
  database?: Database;
  /** When the scorer holds states in memory rather than storing them (tests; defaults otherwise). */
  scorer?: ScorerTuning;
};

/** Composes the whole server: database and migrations, jobs, mail, API modules and the web app. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const database =
    options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') }));
  const ownsDatabase = !options.database;
  await database.migrate();
  await ensureDemoBusiness(database.db);

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
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

  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const deps: AuthDeps = {
    db: database.db,
    mailer,
    signer: createTokenSigner(config.authSecret),
    limiter: createAccountLimiter(config.authAccountLimitPer15Min, 15 * 60 * 1000),
    appUrl: config.appUrl,
    requireEmailConfirmation: config.requireEmailConfirmation,
  };

  const hub = createLiveHub();
  const pageTypes = createPageTypeRules(database.db, app.log);
  const businessModels = createBusinessModels(database, app.log, config.refitThresholds);
  // On PostgreSQL the scorer runs in a worker thread with its own connections, off the event loop that answers
  // ingestion; the embedded database lives in this thread, and so does its scorer (decision 0008).
  const threaded =
    database.driver === 'postgres' && config.databaseUrl
      ? createThreadedScorer(
          { databaseUrl: config.databaseUrl, tuning: options.scorer ?? {}, thresholds: config.refitThresholds },
          hub,
          app.log,
        )
      : null;
  const scorer: SessionScorer =
    threaded ??
    createSessionScorer(
      database,
      hub,
      app.log,
      {
        rulesFor: (businessId) => pageTypes.rulesFor(businessId),
        scoringFor: (businessId) => businessModels.scoringFor(businessId),
      },
      options.scorer,
    );
  if (threaded) {
    // The worker keeps its own copies of rules and models: it drops them when this process changes them
    // (before the re-typing below asks it to refold).
    pageTypes.onChange((businessId) => threaded.rulesChanged(businessId));
    businessModels.onChange((businessId) => threaded.modelsChanged(businessId));
  }
  // New page-type rules re-type the business's recent sessions: they are refolded with the rules.
  pageTypes.onChange((businessId) => {
    void rescoreRecentSessions(database, scorer, businessId).catch((error) =>
      app.log.error({ err: error, businessId }, 'rescoring after a page-type change failed'),
    );
  });
  const ingest = createIngestWriter(database, app.log, {
    // Each request's newly stored events go to the scorer: all of them new, fold them; only some, refold.
    onStored: (item, accepted) => {
      // Every stored share has its session by now (the writer assigns those the SDK did not send).
      const { businessId, batch } = item;
      if (!batch.session_id) return;
      if (accepted === batch.events.length)
        scorer.stored(businessId, batch.session_id, batch.events.map(toSignalEvent));
      else scorer.rebuild(businessId, batch.session_id);
    },
  });
  const sweep = startScoringSweep(database, scorer, app.log);
  const sites = createSiteCache(database.db);

  let jobs: JobQueue | undefined;
  if (config.jobsEnabled) {
    try {
      jobs = await startJobQueue(database, config.databaseUrl);
      await registerJob(jobs, 'mail.deliver-pending', async () => void (await mailer.deliverPending()), {
        cron: '* * * * *',
      });
      await registerJob(jobs, 'readiness.refit-all', () => businessModels.refitAll(), { cron: '17 3 * * *' });
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
      await api.register(authRoutes, {
        prefix: '/auth',
        deps,
        secureCookies: config.appUrl.startsWith('https://'),
        perIpPerMinute: config.authRateLimitPerMinute,
      });
      await api.register(systemRoutes, {
        database,
        jobs: () => jobs,
        jobsEnabled: config.jobsEnabled,
        mailer,
        authDeps: deps,
      });
      await api.register(ingestRoutes, {
        prefix: '/tracking',
        db: database.db,
        writer: ingest,
        sites,
        perIpPerSecond: config.trackingPerIpPerSecond,
        perTrackingIdPerSecond: config.trackingPerTrackingIdPerSecond,
      });
      await api.register(async (authed) => {
        authed.addHook('onRequest', requireAuth(deps));
        await authed.register(businessRoutes, { db: database.db });
        await authed.register(trackingScriptRoutes, {
          prefix: '/tracking',
          db: database.db,
          sites,
          appUrl: config.appUrl,
        });
        await authed.register(trackingAdminRoutes, { prefix: '/tracking', db: database.db });
        await authed.register(sessionIntelligenceRoutes, {
          prefix: '/tracking',
          db: database.db,
          scorer,
          pageTypes,
        });
        await authed.register(analyticsIntelligenceRoutes, { prefix: '/analytics', db: database.db });
        await authed.register(readinessModelRoutes, {
          prefix: '/analytics',
          db: database.db,
          businessModels,
          thresholds: config.refitThresholds,
        });
        await authed.register(signalGraphRoutes, { prefix: '/analytics', db: database.db });
        await authed.register(profileInsightsRoutes, { prefix: '/tracking', db: database.db });
        await authed.register(liveStreamRoutes, { prefix: '/analytics', db: database.db, hub });
        await authed.register(engagementRoutes, { prefix: '/engagement', db: database.db });
        await authed.register(pageTypeRoutes, { prefix: '/tracking', db: database.db, pageTypes });
      });
    },
    { prefix: '/api/v1' },
  );
  await app.register(sdkRoutes, { prefix: '/sdk/v1' });

  registerWebApp(app, config.webDistDir);

  app.addHook('onClose', async () => {
    await ingest.drain();
    clearInterval(sweep);
    await scorer.drain();
    await scorer.stop();
    await jobs?.stop().catch(() => {});
    mailer.close();
    if (ownsDatabase) await database.close();
  });

  return { app, routes, database, mailer, ingest, scorer, hub, pageTypes, businessModels, jobs: () => jobs };
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
