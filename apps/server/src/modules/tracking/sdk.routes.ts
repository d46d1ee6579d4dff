import { createHash } from 'node:crypto';
import { buildTracker, type TrackerBuild } from '@ri/tracker/build';
import type { FastifyPluginAsync } from 'fastify';

type Built = { body: string; etag: string };

/**
 * Serves the browser SDK to customers' sites at /sdk/v1/tracker.js and /sdk/v1/tracker.min.js. It is
 * built once from source at start-up, cached in memory, and loadable from any origin.
 */
export const sdkRoutes: FastifyPluginAsync = async (app) => {
  const pending: Promise<TrackerBuild> = buildTracker();
  pending.catch((error) => app.log.error({ err: error }, 'tracker SDK build failed'));
  const files = pending.then((b) => {
    const entry = (body: string): Built => ({
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
    });
    return { 'tracker.js': entry(b.full), 'tracker.min.js': entry(b.min) };
  });

  for (const name of ['tracker.js', 'tracker.min.js'] as const) {
    app.get(`/${name}`, { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
      const file = (await files)[name];
      reply
        .header('content-type', 'application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300, stale-while-revalidate=86400')
        .header('etag', file.etag)
        .header('access-control-allow-origin', '*')
        // Customers' pages load this script from their own origin.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
      return file.body;
    });
  }
};
