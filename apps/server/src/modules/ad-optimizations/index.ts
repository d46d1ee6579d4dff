import type { Db } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import { adOptimizationRoutes } from './ad-optimizations.routes.js';
import type { AdOptimizationDeps, FindRecommendation } from './ad-optimizations.service.js';

export type {
  FindRecommendation,
  FoundRecommendation,
  RecommendationCampaign,
} from './ad-optimizations.service.js';

export type AdOptimizationsOptions = {
  /** The recommendation as the ads module computes it now (its public entry), or null: not the business's, or gone. */
  findRecommendation: FindRecommendation;
  /** The integrations' writer for a business's ad account (`IntegrationsHandle.adWriter`). */
  adWriter: AdOptimizationDeps['adWriter'];
};

/**
 * Ad optimisations: Implement Optimization applies a recommendation on Meta Ads or Google Ads through their APIs where
 * the credentials allow it (else records a task), keeps before and after with who did it, and undoes it.
 */
export const createAdOptimizationsModule = (db: Db, options: AdOptimizationsOptions): ServerModule => ({
  name: 'ad-optimizations',
  routes: adOptimizationRoutes({ db, ...options }),
});
