import { API, type PutPageTypeRulesBody } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { businessKey } from '../../../lib/query-keys';

/** Observed pages change with traffic, slowly; a minute old is fresh enough for a settings screen. */
const PAGE_TYPES_STALE_MS = 60_000;

export function getPageTypes(businessId: string | null) {
  return callEndpoint(API.getPageTypes, { businessId });
}

export const pageTypesQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.getPageTypes, businessId),
    queryFn: () => getPageTypes(businessId),
    staleTime: PAGE_TYPES_STALE_MS,
  });

/** Replaces the business's rules; the answer is the new rules and pages, as the read answers them. */
export function putPageTypes(businessId: string | null, body: PutPageTypeRulesBody) {
  return callEndpoint(API.putPageTypes, { businessId, body });
}
