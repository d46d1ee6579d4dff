import { z } from 'zod';
import { endpoint, READ, write } from '../endpoint.js';
import {
  actionListSchema,
  actionParamsSchema,
  actionPlanResponseSchema,
  actionStatusBodySchema,
  competitorPriceBodySchema,
  competitorPriceListSchema,
  competitorPriceParamsSchema,
  competitorPriceSchema,
  generateRecommendationsBodySchema,
  marketInsightsSchema,
  recommendationListSchema,
  recommendationsQuerySchema,
  revenueSimulationSchema,
  revenueSimulationsSchema,
  runSimulationBodySchema,
  strategyActionSchema,
} from '../strategy.js';

const TAG = 'revenue-strategist';
/** Acting on advice (actions, plans, competitor prices): any member who may write, not viewers. */
const ACT = write('owner', 'admin', 'member');

/**
 * The Revenue Strategist (spec 3 sections 2.1, 3, 4, 7; spec 1 sections 7.2, 7.4). Generating recommendations
 * and running simulations compute from the business's data and change nothing a person decided: open to every
 * reader (the demo's visitors too). Changing an action's status, planning and entering prices are members' acts.
 */
export const strategyEndpoints = {
  getStrategicRecommendations: endpoint({
    method: 'GET',
    path: '/analytics/strategic-recommendations',
    access: READ,
    tag: TAG,
    summary: 'The saved recommendations, highest priority first, with the rules that found nothing or could not run',
    query: recommendationsQuerySchema,
    response: recommendationListSchema,
  }),
  generateStrategicInsights: endpoint({
    method: 'POST',
    path: '/analytics/generate-strategic-insights',
    access: READ,
    tag: TAG,
    summary: 'Run the recommendation rules over the last 30 days now and save what they find',
    response: recommendationListSchema,
  }),
  generateRecommendations: endpoint({
    method: 'POST',
    path: '/strategy/recommendations',
    access: READ,
    tag: TAG,
    summary: 'Run the recommendation rules over a chosen window (7, 30 or 90 days) and save what they find',
    body: generateRecommendationsBodySchema,
    response: recommendationListSchema,
  }),
  implementRecommendation: endpoint({
    method: 'POST',
    path: '/strategy/recommendations/:id/implement',
    access: ACT,
    tag: TAG,
    summary: "Implement: the recommendation's steps become actions in progress, with who and when",
    params: actionParamsSchema,
    response: actionPlanResponseSchema,
  }),
  getSmallCompoundingActions: endpoint({
    method: 'GET',
    path: '/strategy/small-compounding-actions',
    access: READ,
    tag: TAG,
    summary: 'Small steps derived from the recommendations, with status, history and measured outcome',
    response: actionListSchema,
  }),
  setActionStatus: endpoint({
    method: 'PATCH',
    path: '/strategy/small-compounding-actions/:id',
    access: ACT,
    tag: TAG,
    summary: 'Start, complete or dismiss an action (persisted with who and when)',
    params: actionParamsSchema,
    body: actionStatusBodySchema,
    response: strategyActionSchema,
  }),
  getRevenueSimulations: endpoint({
    method: 'GET',
    path: '/strategy/revenue-simulations',
    access: READ,
    tag: TAG,
    summary: 'Scenarios projected by a Monte Carlo model fitted to the daily history, each with an 80 % interval',
    response: revenueSimulationsSchema,
  }),
  runRevenueSimulation: endpoint({
    method: 'POST',
    path: '/strategy/revenue-simulations',
    access: READ,
    tag: TAG,
    summary: 'Run This Simulation with the changes given (traffic, conversion rate, order value as fractions)',
    body: runSimulationBodySchema,
    response: revenueSimulationSchema,
  }),
  getMarketInsights: endpoint({
    method: 'GET',
    path: '/strategy/market-insights',
    access: READ,
    tag: TAG,
    summary: 'Insights from ad-auction costs, seasonality and competitor prices, each naming its data source',
    response: marketInsightsSchema,
  }),
  createActionPlan: endpoint({
    method: 'POST',
    path: '/strategy/market-insights/:id/action-plan',
    access: ACT,
    tag: TAG,
    summary: "Create Action Plan: the insight's recommended actions become suggested actions",
    params: actionParamsSchema,
    response: actionPlanResponseSchema,
  }),
  getCompetitorPrices: endpoint({
    method: 'GET',
    path: '/strategy/competitor-prices',
    access: READ,
    tag: TAG,
    summary: 'Competitor prices entered for the market figures',
    response: competitorPriceListSchema,
  }),
  addCompetitorPrice: endpoint({
    method: 'POST',
    path: '/strategy/competitor-prices',
    access: ACT,
    tag: TAG,
    summary: "Enter a competitor's price for a product, with your own",
    body: competitorPriceBodySchema,
    response: competitorPriceSchema,
    status: 201,
  }),
  deleteCompetitorPrice: endpoint({
    method: 'DELETE',
    path: '/strategy/competitor-prices/:id',
    access: ACT,
    tag: TAG,
    summary: 'Remove an entered competitor price',
    params: competitorPriceParamsSchema,
    response: z.object({ deleted: z.literal(true) }),
  }),
};
