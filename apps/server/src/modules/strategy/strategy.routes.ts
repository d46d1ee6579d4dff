import { API, STRATEGY_DEFAULT_DAYS } from '@ri/contracts';
import { type Route, route } from '../../http/routes.js';
import { listActions, setActionStatus } from './actions.service.js';
import {
  addCompetitorPrice,
  createActionPlan,
  deleteCompetitorPrice,
  getMarketInsights,
  listCompetitorPrices,
} from './market.service.js';
import {
  generateRecommendations,
  implementRecommendation,
  listRecommendations,
  type StrategyContext,
} from './recommendations.service.js';
import { getSimulations, runSimulation } from './simulations.service.js';

/** The Revenue Strategist (spec 3 sections 2.1, 3, 4, 7; spec 1 sections 7.2, 7.4). */
export const strategyRoutes = (ctx: StrategyContext): Route[] => {
  const q = ctx.database.executeSql;
  return [
    route(API.getStrategicRecommendations, ({ access, query }) => listRecommendations(ctx, access.business.id, query)),
    route(
      API.generateStrategicInsights,
      ({ access }) => generateRecommendations(ctx, access.business.id, STRATEGY_DEFAULT_DAYS),
      {
        expensive: true,
      },
    ),
    route(
      API.generateRecommendations,
      ({ access, body }) => generateRecommendations(ctx, access.business.id, body.days),
      {
        expensive: true,
      },
    ),
    route(API.implementRecommendation, ({ access, auth, params }) =>
      implementRecommendation(ctx, access.business.id, auth.userId, params.id),
    ),
    route(API.getSmallCompoundingActions, async ({ access }) => ({
      actions: await listActions(ctx, access.business.id),
    })),
    route(API.setActionStatus, ({ access, auth, params, body }) =>
      setActionStatus(ctx, access.business.id, auth.userId, params.id, body.status),
    ),
    route(API.getRevenueSimulations, ({ access }) => getSimulations(ctx, access.business.id)),
    route(API.runRevenueSimulation, ({ access, body }) => runSimulation(ctx, access.business.id, body), {
      expensive: true,
    }),
    route(API.getMarketInsights, ({ access }) => getMarketInsights(ctx, access.business.id)),
    route(API.createActionPlan, ({ access, params }) => createActionPlan(ctx, access.business.id, params.id)),
    route(API.getCompetitorPrices, ({ access }) => listCompetitorPrices(q, access.business.id)),
    route(API.addCompetitorPrice, ({ access, auth, body }) =>
      addCompetitorPrice(q, access.business.id, auth.userId, body),
    ),
    route(API.deleteCompetitorPrice, ({ access, params }) => deleteCompetitorPrice(q, access.business.id, params.id)),
  ];
};
