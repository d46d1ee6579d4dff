import { API, type CreateEngagementAction } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { businessKey } from '../../../lib/query-keys';

export function createEngagementAction(businessId: string | null, body: CreateEngagementAction) {
  return callEndpoint(API.createEngagementAction, { businessId, body });
}

/** The actions recorded for one session or one insight. */
export type EngagementActionsFilter = { session_id: string } | { insight_id: string };

export function getEngagementActions(businessId: string | null, filter: EngagementActionsFilter) {
  return callEndpoint(API.listEngagementActions, { businessId, query: filter });
}

/** Every list of actions of one business: what a new action makes stale. */
export const engagementActionsKey = (businessId: string | null) => businessKey(API.listEngagementActions, businessId);

export const engagementActionsQueryOptions = (businessId: string | null, filter: EngagementActionsFilter) =>
  queryOptions({
    queryKey: businessKey(API.listEngagementActions, businessId, filter),
    queryFn: () => getEngagementActions(businessId, filter),
  });
