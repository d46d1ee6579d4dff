import { z } from 'zod';
import { endpoint, READ, TRACKING, write } from '../endpoint.js';
import { PAGE_TYPES_WINDOW_DAYS, pageTypesResponseSchema, putPageTypeRulesBodySchema } from '../page-types.js';
import {
  adminSessionsQuerySchema,
  adminSessionsResponseSchema,
  adminStatsQuerySchema,
  generateScriptBodySchema,
  ingestResponseSchema,
  sessionDetailSchema,
  sessionStatsSchema,
  testScriptBodySchema,
  testScriptResponseSchema,
  trackingConfigSchema,
  validateSetupResponseSchema,
} from '../tracking.js';

/**
 * Ingestion from customers' sites: bodies arrive as text/plain JSON (no CORS preflight) and are parsed by
 * the wire format's own checks, so no body schema is declared here; the tracking id names the business.
 */
const ingest = (path: string, summary: string) =>
  endpoint({ method: 'POST', path, access: TRACKING, tag: 'tracking', summary, response: ingestResponseSchema });

export const ingestEndpoints = {
  ingestBatch: ingest('/tracking/batch-events', 'Store a batch of events from the SDK'),
  ingestEvents: ingest('/tracking/events', 'Store events (same body as batch-events)'),
  ingestSession: ingest('/tracking/sessions', 'Open or touch a session with its context (events may be empty)'),
  ingestConversions: ingest('/tracking/events/post-conversion', 'Record conversion events'),
  ingestPageViews: ingest('/tracking/events/post-pageview', 'Record page views'),
};

/** The tracking script of the current business, and whether its events arrive. */
export const trackingScriptEndpoints = {
  getTrackingScript: endpoint({
    method: 'GET',
    path: '/tracking/script',
    access: READ,
    tag: 'tracking',
    summary: "The business's tracking script",
    response: trackingConfigSchema,
  }),
  generateTrackingScript: endpoint({
    method: 'POST',
    path: '/tracking/generate-script',
    access: write('owner', 'admin'),
    tag: 'tracking',
    summary: 'Create or update the tracking script (owner or admin)',
    body: generateScriptBodySchema,
    response: trackingConfigSchema,
  }),
  testTrackingScript: endpoint({
    method: 'POST',
    path: '/tracking/test-script',
    access: READ,
    tag: 'tracking',
    summary: 'Check that events from a website have really arrived',
    body: testScriptBodySchema,
    response: testScriptResponseSchema,
  }),
  validateTrackingSetup: endpoint({
    method: 'GET',
    path: '/tracking/events/validate-setup',
    access: READ,
    tag: 'tracking',
    summary: 'Is tracking set up and receiving?',
    response: validateSetupResponseSchema,
  }),
};

/** Session Tracking Admin: the recorded sessions of the current business. */
export const sessionAdminEndpoints = {
  listAdminSessions: endpoint({
    method: 'GET',
    path: '/tracking/admin/sessions',
    access: READ,
    tag: 'tracking',
    summary: 'Recorded sessions, paged (50 a page by default)',
    query: adminSessionsQuerySchema,
    response: adminSessionsResponseSchema,
  }),
  getAdminStats: endpoint({
    method: 'GET',
    path: '/tracking/admin/stats',
    access: READ,
    tag: 'tracking',
    summary: 'Session totals over a time range',
    query: adminStatsQuerySchema,
    response: sessionStatsSchema,
  }),
  getAdminSession: endpoint({
    method: 'GET',
    path: '/tracking/admin/sessions/:sessionId',
    access: READ,
    tag: 'tracking',
    summary: 'One session with its events, journey and engagement',
    params: z.object({ sessionId: z.string().max(100) }),
    response: sessionDetailSchema,
  }),
};

/** The business's page-type rules and the pages they apply to. */
export const pageTypeEndpoints = {
  getPageTypes: endpoint({
    method: 'GET',
    path: '/tracking/page-types',
    access: READ,
    tag: 'intelligence',
    summary: `The page-type rules, and the most viewed pages of the last ${PAGE_TYPES_WINDOW_DAYS} days with their types`,
    response: pageTypesResponseSchema,
  }),
  putPageTypes: endpoint({
    method: 'PUT',
    path: '/tracking/page-types',
    access: write('owner', 'admin'),
    tag: 'intelligence',
    summary: 'Replaces the page-type rules (owner or admin); answers as the read does',
    body: putPageTypeRulesBodySchema,
    response: pageTypesResponseSchema,
  }),
};
