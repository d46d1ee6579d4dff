import { BUSINESS_HEADER } from '@ri/contracts';
import type { FastifyRequest } from 'fastify';

/** The business a product call is about, as the client named it (checked by resolveBusinessAccess). */
export function businessIdOf(request: FastifyRequest): string | undefined {
  const value = request.headers[BUSINESS_HEADER];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
