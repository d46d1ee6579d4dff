import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setBusinessId, useBusinessId } from '../../../lib/business-id';
import { businessesQueryOptions, pickCurrentBusiness } from '../api/business-api';

export function useBusinesses() {
  return useQuery(businessesQueryOptions());
}

/** The list of businesses and the one in use, forgetting a stored choice the user may no longer open. */
export function useCurrentBusiness() {
  const storedId = useBusinessId();
  const query = useBusinesses();
  const businesses = query.data?.businesses ?? [];
  const isStale = query.isSuccess && storedId !== null && !businesses.some((b) => b.id === storedId);

  useEffect(() => {
    if (isStale) setBusinessId(null);
  }, [isStale]);

  return { ...query, businesses, business: pickCurrentBusiness(businesses, storedId) };
}
