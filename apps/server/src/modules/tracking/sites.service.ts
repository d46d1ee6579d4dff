import { randomBytes } from 'node:crypto';
import type {
  GenerateScriptSettings,
  TestScriptResponse,
  TrackingConfig,
  TrackingFeature,
  ValidateSetupResponse,
} from '@ri/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { BusinessAccess } from '../businesses/index.js';
import * as repo from './sites.repo.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A public tracking id: `trk_` and 20 random base-62 characters (about 119 bits). */
export function createTrackingId(): string {
  const bytes = randomBytes(20);
  return `trk_${[...bytes].map((b) => ALPHABET[b % 62]).join('')}`;
}

/** The origin of a URL (`https://shop.example`), or undefined when it is not an http(s) URL. */
export function originOf(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** The HTML a site owner pastes before `</head>`: a queue stub, the settings, and an async load of the SDK. */
export function buildSnippet(site: repo.SiteRow, appUrl: string): string {
  const config = {
    trackingId: site.trackingId,
    endpoint: `${appUrl}/api/v1/tracking/batch-events`,
    sdkBase: `${appUrl}/sdk/v1`,
    batchSize: site.batchSize,
    flushInterval: site.flushInterval,
    sessionTimeout: site.sessionTimeout,
    features: site.features,
    mode: site.mode,
    respectDnt: site.respectDnt,
    ctaSelectors: site.ctaSelectors,
  };
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return [
    '<!-- Revenue Intelligence tracking: paste before </head> -->',
    '<script>',
    `(function(w,d,c){w.RI=w.RI||function(){(w.RI.q=w.RI.q||[]).push(arguments)};w.RI.c=c;var s=d.createElement('script');s.async=1;s.src=c.sdkBase+'/tracker.min.js';d.head.appendChild(s)})(window,document,${json});`,
    '</script>',
  ].join('\n');
}

/** The API shape of a site's tracking configuration. */
export function toTrackingConfig(site: repo.SiteRow, appUrl: string): TrackingConfig {
  return {
    trackingId: site.trackingId,
    apiEndpoint: `${appUrl}/api/v1/tracking/batch-events`,
    sdkBase: `${appUrl}/sdk/v1`,
    features: site.features as TrackingFeature[],
    isPersistent: true,
    customization: {
      batchSize: site.batchSize,
      flushInterval: site.flushInterval,
      sessionTimeout: site.sessionTimeout,
    },
    mode: site.mode,
    allowed_origins: site.allowedOrigins,
    respect_dnt: site.respectDnt,
    cta_selectors: site.ctaSelectors,
    snippet: buildSnippet(site, appUrl),
  };
}

/** The business's tracking configuration, or 404 when it has never generated one. */
export async function getScript(db: Db, businessId: string, appUrl: string): Promise<TrackingConfig> {
  const site = await repo.findSiteByBusiness(db, businessId);
  if (!site) throw new AppError('not_found', 'No tracking script has been generated for this business yet');
  return toTrackingConfig(site, appUrl);
}

/**
 * Creates the business's tracking id on first use, or saves new settings for it. Allowed origins default
 * to the origin of the business website; they are normalised to bare origins.
 */
export async function generateScript(
  db: Db,
  access: BusinessAccess,
  body: GenerateScriptSettings,
  appUrl: string,
): Promise<TrackingConfig> {
  const existing = await repo.findSiteByBusiness(db, access.business.id);
  const requested =
    body.allowed_origins ?? existing?.allowedOrigins ?? [originOf(access.business.website)].filter(Boolean);
  const origins = [
    ...new Set(
      requested.map((o, i) => {
        const origin = originOf(o);
        if (!origin)
          throw new AppError('validation_failed', `allowed_origins.${i}: ${o} is not an http(s) URL`, {
            field: `allowed_origins.${i}`,
          });
        return origin;
      }),
    ),
  ];
  const site = await repo.upsertSite(db, {
    trackingId: existing?.trackingId ?? createTrackingId(),
    businessId: access.business.id,
    features: [...new Set(body.features)],
    batchSize: body.customization.batchSize,
    flushInterval: body.customization.flushInterval,
    sessionTimeout: body.customization.sessionTimeout,
    mode: body.mode,
    allowedOrigins: origins as string[],
    respectDnt: body.respect_dnt,
    ctaSelectors: body.cta_selectors,
  });
  return toTrackingConfig(site, appUrl);
}

/** Passes only when events from that website's origin have really arrived for the tracking id in the last day. */
export async function testScript(
  db: Db,
  businessId: string,
  input: { tracking_id: string; website_url: string },
): Promise<TestScriptResponse> {
  const site = await repo.findSiteByBusiness(db, businessId);
  if (!site || site.trackingId !== input.tracking_id) {
    throw new AppError('not_found', 'Unknown tracking_id for this business', { field: 'tracking_id' });
  }
  const origin = originOf(input.website_url)!;
  if (!site.allowedOrigins.includes(origin)) {
    return {
      test_status: 'origin_not_allowed',
      message: `${origin} is not an allowed origin for this tracking id, so its events are refused. Add it under Get Script.`,
      events_received: 0,
      last_event_at: null,
    };
  }
  const { events, last } = await repo.recentEventsFromOrigin(db, businessId, site.trackingId, origin);
  return events > 0
    ? {
        test_status: 'success',
        message: `${events} events from ${origin} arrived in the last 24 hours.`,
        events_received: events,
        last_event_at: last?.toISOString() ?? null,
      }
    : {
        test_status: 'no_events',
        message: `No events from ${origin} have arrived yet. Open a page of the site with the snippet installed, then test again.`,
        events_received: 0,
        last_event_at: null,
      };
}

/** Whether the business's tracking is set up, and what arrived in the last 24 hours. */
export async function validateSetup(db: Db, businessId: string): Promise<ValidateSetupResponse> {
  const [site, totals] = await Promise.all([
    repo.findSiteByBusiness(db, businessId),
    repo.recentTotals(db, businessId),
  ]);
  return {
    tracking_id: site?.trackingId ?? null,
    configured: Boolean(site),
    allowed_origins: site?.allowedOrigins ?? [],
    events_last_24h: totals.events,
    bot_requests_last_24h: totals.bots,
    last_event_at: totals.last?.toISOString() ?? null,
  };
}
