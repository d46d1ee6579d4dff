import { useQuery } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { syncStatusQueryOptions } from '../api/sync-api';

export function useSyncStatus() {
  return useQuery(syncStatusQueryOptions(useBusinessId()));
}
