import type { TimeRange } from '@ri/contracts';
import { useQuery } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { behavioralSignalsQueryOptions } from '../api/signal-graph-api';

export function useBehavioralSignals(timeRange: TimeRange) {
  return useQuery(behavioralSignalsQueryOptions(useBusinessId(), timeRange));
}
