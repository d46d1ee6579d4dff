import type { IncomingHttpHeaders } from 'node:http';
import type { IngestResponse, WireEvent } from '@ri/contracts';
import { classifyTrafficSource } from '@ri/engine';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { createTokenBuckets } from '../../lib/token-buckets.js';
import type { IngestWriter } from './ingest/ingest-writer.js';
import { parseBatch } from './ingest/parse-batch.js';
import { isBotAgent, networkPseudonym, readClientContext, requestOrigin } from './ingest/request-context.js';
import type { SiteCache } from './site-cache.js';
import { countBotRequest } from './sites.repo.js';

export type IngestOptions = {
  db: Db;
  writer: IngestWriter;
  sites: SiteCache;
  perIpPerSecond: number;
  perTrackingIdPerSecond: number;
  /** The key of the client networks' pseudonyms (derived from the server's secret). */
  networkKey: string;
};

/** A tracking request as ingestion reads it: the parsed body, the client's address and headers. */
export type TrackingRequest = { body: unknown; ip: string; headers: IncomingHttpHeaders; receivedAt: number };

/** A known bot's answer: counted, not stored. */
export const BOT_ANSWER: IngestResponse = { accepted: 0, duplicates: 0, bot: true };

/**
 * Takes batches from customers' sites: per-address and per-tracking-id limits; the tracking id names the
 * business, whatever the body claims; only the business's allowed origins may send; known bots are counted
 * but not stored (BOT_ANSWER); otherwise the answer comes once the events are committed (or known duplicates).
 */
export function createBatchIntake(options: IngestOptions) {
  const { db, writer, sites } = options;
  const tooMany = (label: string) => (wait: number) =>
    `Too many tracking requests for this ${label}; retry after ${wait} s.`;
  const limitIp = createTokenBuckets({ ratePerSecond: options.perIpPerSecond, message: tooMany('client address') });
  const limitTracking = createTokenBuckets({
    ratePerSecond: options.perTrackingIdPerSecond,
    message: tooMany('tracking id'),
  });
  return async function acceptBatch(request: TrackingRequest, forcedType?: WireEvent['type']): Promise<IngestResponse> {
    const { receivedAt } = request;
    limitIp(request.ip);
    const body = request.body as { tracking_id?: unknown } | undefined;
    const trackingId = typeof body?.tracking_id === 'string' ? body.tracking_id : undefined;
    if (!trackingId) throw new AppError('validation_failed', 'tracking_id: required', { field: 'tracking_id' });
    const site = await sites.get(trackingId);
    if (!site) throw new AppError('not_found', 'Unknown tracking_id', { field: 'tracking_id' });
    limitTracking(trackingId);
    const origin = requestOrigin(request.headers);
    if (!origin || !site.allowedOrigins.includes(origin)) {
      throw new AppError(
        'forbidden',
        `Origin ${origin ?? '(none)'} is not allowed for this tracking id; add it under Tracking Script → allowed origins`,
      );
    }
    if (isBotAgent(request.headers['user-agent'] ?? '')) {
      await countBotRequest(db, site.businessId);
      return BOT_ANSWER;
    }
    const batch = parseBatch(body, receivedAt, forcedType);
    const context = batch.context ?? {};
    return writer.submit({
      businessId: site.businessId,
      trackingId,
      timeoutMs: site.sessionTimeout,
      features: site.features,
      mode: site.mode,
      origin,
      trafficSource: classifyTrafficSource({
        referrer: context.referrer,
        siteOrigin: origin,
        utmSource: context.utm_source,
        utmMedium: context.utm_medium,
        gclid: context.gclid,
        fbclid: context.fbclid,
      }),
      client: readClientContext(request.headers, networkPseudonym(options.networkKey, site.businessId, request.ip)),
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      batch,
      receivedAt: new Date(receivedAt),
    });
  };
}
