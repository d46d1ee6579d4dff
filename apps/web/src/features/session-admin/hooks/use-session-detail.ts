import { useQuery } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { sessionDetailQueryOptions } from '../api/session-admin-api';

export function useSessionDetail(sessionId: string) {
  return useQuery(sessionDetailQueryOptions(useBusinessId(), sessionId));
}
