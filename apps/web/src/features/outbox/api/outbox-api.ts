import { outboxListSchema } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getOutbox() {
  return apiRequest('/dev/outbox', { schema: outboxListSchema, withBusiness: false });
}

/** Mail to the signed-in person: not business data, but dropped on a switch like all product answers. */
export const outboxQueryOptions = () => queryOptions({ queryKey: ['outbox'], queryFn: getOutbox, staleTime: 0 });
