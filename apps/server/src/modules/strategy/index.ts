import { STRATEGY_DEFAULT_DAYS } from '@ri/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerModule } from '../../http/module.js';
import { dashboardMarket } from './market.service.js';
import { generateRecommendations, type StrategyContext } from './recommendations.service.js';
import { createRewriter } from './rewriter.js';
import type { StrategySources } from './snapshot.service.js';
import { strategyRoutes } from './strategy.routes.js';

export type { MoneyHistory, StrategySources } from './snapshot.service.js';

/**
 * The Revenue Strategist: recommendations from documented rules over the business's own data (saved, with the
 * actions people take on them and their measured outcomes), revenue simulations from its daily history, market
 * insights from ad-auction costs, seasonality and competitor prices (docs/strategy.md, docs/simulation.md).
 */
export function createStrategyModule(
  sources: StrategySources,
  log: FastifyBaseLogger,
  llm: { baseUrl: string; apiKey: string | undefined; model: string } | null,
) {
  const ctx: StrategyContext = { ...sources, rewriter: llm ? createRewriter(llm, log) : null };
  const module: ServerModule = {
    name: 'strategy',
    routes: strategyRoutes(ctx),
    jobs: [
      {
        name: 'strategy.regenerate-all',
        cron: '17 3 * * *',
        run: async () => {
          const { rows } = await sources.database.executeSql('SELECT business_id FROM strategy_generations');
          for (const r of rows) {
            await generateRecommendations(ctx, r.business_id as string, STRATEGY_DEFAULT_DAYS).catch((error) =>
              log.error({ err: error, businessId: r.business_id }, 'regenerating recommendations failed'),
            );
          }
        },
      },
    ],
  };
  return {
    module,
    /** The dashboard's Market figures over `days` (and the window before, for its trend). */
    market: (businessId: string, days: number) => dashboardMarket(ctx, businessId, days),
    /** Regenerates the recommendations and their actions over the default window (the header's Sync). */
    regenerate: (businessId: string) => generateRecommendations(ctx, businessId, STRATEGY_DEFAULT_DAYS),
  };
}
