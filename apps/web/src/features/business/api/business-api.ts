import { API, type Business } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { personKey } from '../../../lib/query-keys';

/** Scoped to the person: sent without a business, so a stale stored choice cannot block the list. */
export function getBusinesses() {
  return callEndpoint(API.listBusinesses, {});
}

/** The businesses the user may open; they survive a business switch (a person's answer). */
export const businessesQueryOptions = () =>
  queryOptions({ queryKey: personKey(API.listBusinesses), queryFn: getBusinesses, staleTime: 5 * 60_000 });

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
