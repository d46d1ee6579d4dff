import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import type { PageTypeRules } from '../page-types/index.js';
import type { BusinessModels } from '../readiness-model/index.js';
import { createLiveHub } from './live-hub.js';
import { createThreadedScorer } from './scorer-thread.js';
import { scoringRoutes } from './scoring.routes.js';
import { rescoreRecentSessions, startScoringSweep } from './scoring-sweep.js';
import { models } from './session-analysis.js';
import { createSessionScorer, type ScorerTuning, type SessionScorer } from './session-scorer.js';

export type { LiveHub } from './live-hub.js';
export type { SessionWithIntelligence } from './scoring.repo.js';
export type { ScorerTuning, SessionScorer } from './session-scorer.js';
export { contributionsOf, iso, keySignals } from './session-views.js';

/** The version of the Neuromind model this process classifies with (null when none is fitted). */
export const neuromindModelInUse = (): string | null => models().neuromindVersion;

type Sources = { pageTypes: PageTypeRules; models: BusinessModels };

/**
 * Scoring: folds each session's new events into the engine's states right after ingestion commits them,
 * recomputes its readiness score and Neuromind profile, stores them and pushes the change to the business's
 * live streams (through the hub); a sweep refolds whatever a fold could have missed.
 */
export function createScoringModule(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  { pageTypes, models }: Sources,
  tuning?: ScorerTuning,
) {
  const hub = createLiveHub();
  // On PostgreSQL the scorer runs in a worker thread with its own connections, off the event loop that answers
  // ingestion; the embedded database lives in this thread, and so does its scorer (decision 0008).
  const threaded =
    database.driver === 'postgres' && config.databaseUrl
      ? createThreadedScorer(
          { databaseUrl: config.databaseUrl, tuning: tuning ?? {}, thresholds: config.refitThresholds },
          hub,
          log,
        )
      : null;
  const scorer: SessionScorer =
    threaded ??
    createSessionScorer(
      database,
      hub,
      log,
      {
        rulesFor: (businessId) => pageTypes.rulesFor(businessId),
        scoringFor: (businessId) => models.scoringFor(businessId),
      },
      tuning,
    );
  if (threaded) {
    // The worker keeps its own copies of rules and models: it drops them when this process changes them
    // (before the re-typing below asks it to refold).
    pageTypes.onChange((businessId) => threaded.rulesChanged(businessId));
    models.onChange((businessId) => threaded.modelsChanged(businessId));
  }
  // New page-type rules re-type the business's recent sessions: they are refolded with the rules.
  pageTypes.onChange((businessId) => {
    void rescoreRecentSessions(database, scorer, businessId).catch((error) =>
      log.error({ err: error, businessId }, 'rescoring after a page-type change failed'),
    );
  });

  let sweep: ReturnType<typeof startScoringSweep> | undefined;
  const module: ServerModule = {
    name: 'scoring',
    routes: scoringRoutes({ db: database.db, scorer, pageTypes }),
    start: () => {
      sweep = startScoringSweep(database, scorer, log);
    },
    stop: async () => {
      clearInterval(sweep);
      await scorer.drain();
      await scorer.stop();
    },
  };
  return { module, scorer, hub };
}
