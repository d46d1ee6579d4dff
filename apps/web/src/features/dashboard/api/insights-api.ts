import { API, STRATEGY_DEFAULT_LIMIT } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { businessKey } from '../../../lib/query-keys';

/** Spec 7.2: saved recommendations are fresh for 900 s. */
export const RECOMMENDATIONS_STALE_MS = 900_000;
/** Spec section 9: the list is read at the strategist's limit; the dashboard card shows the first 3. */
export const RECOMMENDATIONS_LIMIT = STRATEGY_DEFAULT_LIMIT;
export const CARD_RECOMMENDATIONS = 3;

export const getSavedRecommendations = (businessId: string | null) =>
  callEndpoint(API.getStrategicRecommendations, { businessId, query: { limit: RECOMMENDATIONS_LIMIT } });

export const savedRecommendationsQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.getStrategicRecommendations, businessId, { limit: RECOMMENDATIONS_LIMIT }),
    queryFn: () => getSavedRecommendations(businessId),
    staleTime: RECOMMENDATIONS_STALE_MS,
  });

/** Runs the recommendation rules over the last 30 days now and saves what they find. */
export const generateStrategicInsights = (businessId: string | null) =>
  callEndpoint(API.generateStrategicInsights, { businessId });

/** What a generation makes stale: every saved-recommendation list of the business (the strategist's too). */
export const recommendationsStaleKey = (businessId: string | null) =>
  businessKey(API.getStrategicRecommendations, businessId);
