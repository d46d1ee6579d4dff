import { type ErrorBody, type ErrorCode, errorStatus } from '@ri/contracts';
import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
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

/** How often an expected, answered outage (503) is summed up in the log while it lasts. */
export const OUTAGE_LOG_MS = 10_000;

/**
 * Logs an expected, answered outage once when it starts (a warning, without stack or SQL) and then one
 * warning with the count per OUTAGE_LOG_MS while it lasts, instead of a line per refused request.
 */
export function createOutageLog(log: Pick<FastifyBaseLogger, 'warn'>) {
  let counting = false;
  let since = 0;
  const reasons = new Map<string, number>();
  const flush = () => {
    if (reasons.size > 0) {
      const requests = [...reasons.values()].reduce((a, b) => a + b, 0);
      log.warn(
        { requests, reasons: Object.fromEntries(reasons) },
        `${requests} more requests answered 503 in ${Math.round((Date.now() - since) / 1000)} s`,
      );
      reasons.clear();
      since = Date.now();
      setTimeout(flush, OUTAGE_LOG_MS).unref();
    } else {
      counting = false;
    }
  };
  return (reason: string) => {
    if (!counting) {
      counting = true;
      since = Date.now();
      log.warn({ reason }, `answering 503: ${reason} (further ones are counted)`);
      setTimeout(flush, OUTAGE_LOG_MS).unref();
      return;
    }
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  };
}

/**
 * Installs the error handler of the API. A client's mistake and a rate limit are answers, not log lines;
 * an outage the server expects and answers (the database away) is summed up; anything else is logged with
 * its stack.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  const outage = createOutageLog(app.log);
  app.setErrorHandler((error, request, reply) => {
    const { status, body, headers } = toErrorResponse(error);
    if (status === 503) outage(body.error.message);
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (headers) reply.headers(headers);
    return reply.status(status).send(body);
  });
}

export const apiNotFound = (method: string, url: string): ErrorBody => ({
  error: { code: 'not_found', message: `Route ${method} ${url.split('?')[0]} not found` },
});

export { errorStatus };
