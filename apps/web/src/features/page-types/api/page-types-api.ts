import { type PutPageTypeRulesBody, pageTypesResponseSchema } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Observed pages change with traffic, slowly; a minute old is fresh enough for a settings screen. */
const PAGE_TYPES_STALE_MS = 60_000;

export function getPageTypes() {
  return apiRequest('/tracking/page-types', { schema: pageTypesResponseSchema });
}

export const pageTypesQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: ['page-types', businessId ?? 'own'],
    queryFn: getPageTypes,
    staleTime: PAGE_TYPES_STALE_MS,
  });

/** Replaces the business's rules; the answer is the new rules and pages, as the read answers them. */
export function putPageTypes(body: PutPageTypeRulesBody) {
  return apiRequest('/tracking/page-types', { method: 'PUT', body, schema: pageTypesResponseSchema });
}
