import { QueryClient } from '@tanstack/react-query';

/**
 * The api client already retries network failures and 502/503/504, so queries do not retry again on
 * top of it. Five minutes is the spec's default response cache; endpoints set their own staleTime.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 5 * 60_000 },
      mutations: { retry: false },
    },
  });
}
