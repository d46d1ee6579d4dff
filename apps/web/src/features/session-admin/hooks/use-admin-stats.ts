import type { TimeRange } from '@ri/contracts';
import { useQuery } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { adminStatsQueryOptions } from '../api/session-admin-api';

export function useAdminStats(timeRange: TimeRange) {
  return useQuery(adminStatsQueryOptions(useBusinessId(), timeRange));
}
