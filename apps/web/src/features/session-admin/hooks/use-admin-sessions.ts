import { useQuery } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { type AdminSessionsParams, adminSessionsQueryOptions } from '../api/session-admin-api';

export function useAdminSessions(params: AdminSessionsParams) {
  return useQuery(adminSessionsQueryOptions(useBusinessId(), params));
}
