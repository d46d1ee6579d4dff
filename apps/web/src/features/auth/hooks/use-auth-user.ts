import { useQuery } from '@tanstack/react-query';
import { authUserQueryOptions } from '../api/auth-api';

export function useAuthUser() {
  return useQuery(authUserQueryOptions());
}
