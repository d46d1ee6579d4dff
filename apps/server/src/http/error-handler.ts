import { type ErrorBody, type ErrorCode, errorStatus } from '@ri/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isConnectionError } from '../db/client.js';
import { AppError } from '../lib/errors.js';

const codeByStatus: Partial<Record<number, ErrorCode>> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'validation_failed',
  429: 'rate_limited',
  503: 'service_unavailable',
};

const sourceLabel: Record<string, string> = { body: '', querystring: 'query ', params: 'path ', headers: 'header ' };

/** Converts any thrown error into the one error body; a client's mistake is a 4xx that names the field. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (error instanceof AppError) {
    const { code, message, field, reasons } = error;
    return { status: error.status, body: { error: { code, message, field, reasons } }, headers: error.headers };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0]!;
    const field =
      first.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(first.params?.missingProperty ?? '');
    const where = sourceLabel[(error as { validationContext?: string }).validationContext ?? 'body'] ?? '';
    const message = field ? `${where}${field}: ${first.message}` : (first.message ?? 'Invalid request');
    return { status: 400, body: { error: { code: 'validation_failed', message, field: field || undefined } } };
  }
  if (isConnectionError(error)) {
    return {
      status: 503,
      body: { error: { code: 'service_unavailable', message: 'The database is unavailable; try again shortly.' } },
      headers: { 'retry-after': '5' },
    };
  }
  const status = (error as FastifyError)?.statusCode;
  if (!isResponseSerializationError(error) && status && status >= 400 && status < 500) {
    const code = codeByStatus[status] ?? 'validation_failed';
    const raw = (error as Error).message;
    const message = (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Body is not valid JSON' : raw;
    return { status, body: { error: { code, message } } };
  }
  return { status: 500, body: { error: { code: 'internal', message: 'Something went wrong on our side.' } } };
}

/** Installs the error and not-found handlers of the API. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, headers } = toErrorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (headers) reply.headers(headers);
    return reply.status(status).send(body);
  });
}

export const apiNotFound = (method: string, url: string): ErrorBody => ({
  error: { code: 'not_found', message: `Route ${method} ${url.split('?')[0]} not found` },
});

export { errorStatus };
