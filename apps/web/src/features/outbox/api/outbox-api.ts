import { API } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { personKey } from '../../../lib/query-keys';

export function getOutbox() {
  return callEndpoint(API.getOutbox, {});
}

/** Mail to the signed-in person, read fresh each time the screen opens. */
export const outboxQueryOptions = () =>
  queryOptions({ queryKey: personKey(API.getOutbox), queryFn: getOutbox, staleTime: 0 });
