import { type Business, businessListSchema } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';

/** Scoped to the person: sent without a business, so a stale stored choice cannot block the list. */
export function getBusinesses() {
  return apiRequest('/businesses', { schema: businessListSchema, withBusiness: false });
}

/** The businesses the user may open; they survive a business switch (session-scoped root). */
export const businessesQueryOptions = () =>
  queryOptions({ queryKey: [queryRoots.businesses], queryFn: getBusinesses, staleTime: 5 * 60_000 });

/**
 * The business the app works on: the stored choice when the user may open it, otherwise the one the
 * server uses without a header (the user's own), otherwise the first listed.
 */
export function pickCurrentBusiness(businesses: readonly Business[], storedId: string | null): Business | null {
  return (
    businesses.find((b) => b.id === storedId) ??
    businesses.find((b) => b.role === 'owner' && !b.is_demo) ??
    businesses[0] ??
    null
  );
}
