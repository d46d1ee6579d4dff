import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import { createBusinessModels } from './business-models.js';
import { readinessModelRoutes } from './readiness-model.routes.js';

export {
  type BusinessModels,
  type BusinessScoring,
  businessModelInfo,
  createBusinessModels,
  MIN_HISTORY_SESSIONS,
} from './business-models.js';

/**
 * Readiness models: each business's page statistics and, with enough history, a model of its own, refitted
 * nightly (or on demand) in a child process and kept only when it ranks the business's sessions better.
 */
export function createReadinessModelModule(config: Config, database: Database, log: FastifyBaseLogger) {
  const models = createBusinessModels(database, log, config.refitThresholds);
  const module: ServerModule = {
    name: 'readiness-model',
    routes: readinessModelRoutes(models, config.refitThresholds),
    jobs: [{ name: 'readiness.refit-all', cron: '17 3 * * *', run: () => models.refitAll() }],
  };
  return { module, models };
}
