import { useQuery } from '@tanstack/react-query';
import { outboxQueryOptions } from '../api/outbox-api';

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
