import type { AdminTimeRange } from '@ri/contracts';
import { useQuery } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { adminStatsQueryOptions } from '../api/session-admin-api';

export function useAdminStats(timeRange: AdminTimeRange) {
  return useQuery(adminStatsQueryOptions(useBusinessId(), timeRange));
}
