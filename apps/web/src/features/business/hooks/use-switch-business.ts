import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { setBusinessId } from '../../../lib/business-id';
import { isPersonQuery } from '../../../lib/query-keys';

/**
 * Makes another business the current one: drops every cached answer that belonged to the previous
 * business (who is signed in and the business list stay), then stores the choice, which re-keys and
 * refetches the product queries on screen.
 */
export function useSwitchBusiness() {
  const queryClient = useQueryClient();
  return useCallback(
    (businessId: string) => {
      queryClient.removeQueries({ predicate: (query) => !isPersonQuery(query.queryKey) });
      setBusinessId(businessId);
    },
    [queryClient],
  );
}
