import type { TimeRange } from '@ri/contracts';
import { useQuery } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { liveSessionsQueryOptions } from '../api/conversion-spy-api';

export function useLiveSessions(timeFrame: TimeRange) {
  return useQuery(liveSessionsQueryOptions(useBusinessId(), timeFrame));
}
