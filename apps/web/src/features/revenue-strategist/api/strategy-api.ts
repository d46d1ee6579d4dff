import {
  API,
  type CompetitorPriceBody,
  type RecommendationCategory,
  type RunSimulationBody,
  STRATEGY_DEFAULT_LIMIT,
  type StrategyAction,
} from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { businessKey } from '../../../lib/query-keys';

/**
 * The strategist's figures change when someone generates insights, acts on an action or enters a price, and
 * those all invalidate; otherwise a minute-old answer is fresh enough to show on a revisit.
 */
const STRATEGY_STALE_MS = 60_000;

/** The analysis windows Generate New Insights offers (spec: 7, 30 or 90 days). */
export type StrategyDays = 7 | 30 | 90;

export const getRecommendations = (businessId: string | null, category: RecommendationCategory | undefined) =>
  callEndpoint(API.getStrategicRecommendations, {
    businessId,
    query: { limit: STRATEGY_DEFAULT_LIMIT, ...(category ? { category } : {}) },
  });

export const generateRecommendations = (businessId: string | null, days: StrategyDays) =>
  callEndpoint(API.generateRecommendations, { businessId, body: { days } });

export const implementRecommendation = (businessId: string | null, id: string) =>
  callEndpoint(API.implementRecommendation, { businessId, params: { id } });

export const getActions = (businessId: string | null) => callEndpoint(API.getSmallCompoundingActions, { businessId });

export const setActionStatus = (businessId: string | null, id: string, status: StrategyAction['status']) =>
  callEndpoint(API.setActionStatus, { businessId, params: { id }, body: { status } });

export const getSimulations = (businessId: string | null) => callEndpoint(API.getRevenueSimulations, { businessId });

export const runSimulation = (businessId: string | null, body: RunSimulationBody) =>
  callEndpoint(API.runRevenueSimulation, { businessId, body });

export const getMarketInsights = (businessId: string | null) => callEndpoint(API.getMarketInsights, { businessId });

export const createActionPlan = (businessId: string | null, insightId: string) =>
  callEndpoint(API.createActionPlan, { businessId, params: { id: insightId } });

export const getCompetitorPrices = (businessId: string | null) => callEndpoint(API.getCompetitorPrices, { businessId });

export const addCompetitorPrice = (businessId: string | null, body: CompetitorPriceBody) =>
  callEndpoint(API.addCompetitorPrice, { businessId, body });

export const deleteCompetitorPrice = (businessId: string | null, id: string) =>
  callEndpoint(API.deleteCompetitorPrice, { businessId, params: { id } });

export const recommendationsQueryOptions = (businessId: string | null, category: RecommendationCategory | undefined) =>
  queryOptions({
    queryKey: businessKey(API.getStrategicRecommendations, businessId, category ?? 'all'),
    queryFn: () => getRecommendations(businessId, category),
    staleTime: STRATEGY_STALE_MS,
  });

export const actionsQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.getSmallCompoundingActions, businessId),
    queryFn: () => getActions(businessId),
    staleTime: STRATEGY_STALE_MS,
  });

export const simulationsQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.getRevenueSimulations, businessId),
    queryFn: () => getSimulations(businessId),
    staleTime: STRATEGY_STALE_MS,
  });

export const marketInsightsQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.getMarketInsights, businessId),
    queryFn: () => getMarketInsights(businessId),
    staleTime: STRATEGY_STALE_MS,
  });

export const competitorPricesQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.getCompetitorPrices, businessId),
    queryFn: () => getCompetitorPrices(businessId),
    staleTime: STRATEGY_STALE_MS,
  });

/** What new insights make stale: all four tabs (the actions follow the recommendations). */
export const insightsStaleKeys = (businessId: string | null) => [
  businessKey(API.getStrategicRecommendations, businessId),
  businessKey(API.getSmallCompoundingActions, businessId),
  businessKey(API.getRevenueSimulations, businessId),
  businessKey(API.getMarketInsights, businessId),
];

/** What new actions make stale (Implement, Create Action Plan): the actions, and the recommendations' status. */
export const actionsStaleKeys = (businessId: string | null) => [
  businessKey(API.getSmallCompoundingActions, businessId),
  businessKey(API.getStrategicRecommendations, businessId),
];

/** What a changed competitor price makes stale: the list and the market figures computed from it. */
export const pricesStaleKeys = (businessId: string | null) => [
  businessKey(API.getCompetitorPrices, businessId),
  businessKey(API.getMarketInsights, businessId),
];
