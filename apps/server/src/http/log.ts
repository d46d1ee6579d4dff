import type { FastifyRequest } from 'fastify';

/** A URL with the values of secret query parameters (single-use tokens, OAuth codes and states) replaced, for logs. */
export const redactUrl = (url: string) =>
  url.replace(/([?&](?:token|refresh_token|access_token|code|state)=)[^&#]*/gi, '$1[redacted]');

/**
 * How a request appears in the log: Fastify's own fields, with secrets taken out of the URL. Reset and
 * confirmation links carry their token in the fragment, which browsers never send; a link of the older
 * form (`?token=`) is still opened, and its token must not reach the log.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
