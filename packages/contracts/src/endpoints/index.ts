import type { Endpoint } from '../endpoint.js';
import { authEndpoints, businessEndpoints, systemEndpoints } from './account.js';
import { adIntelligenceEndpoints } from './ad-intelligence.js';
import { conversionsApiEndpoints } from './conversions-api.js';
import { customerEndpoints } from './customers.js';
import { dashboardEndpoints } from './dashboard.js';
import { integrationEndpoints } from './integrations.js';
import {
  behaviorEndpoints,
  engagementEndpoints,
  liveSessionEndpoints,
  readinessModelEndpoints,
  sessionScoringEndpoints,
} from './intelligence.js';
import { oauthEndpoints } from './oauth.js';
import { strategyEndpoints } from './strategy.js';
import { ingestEndpoints, pageTypeEndpoints, sessionAdminEndpoints, trackingScriptEndpoints } from './tracking.js';

export * from './account.js';
export * from './ad-intelligence.js';
export * from './conversions-api.js';
export * from './customers.js';
export * from './dashboard.js';
export * from './integrations.js';
export * from './intelligence.js';
export * from './oauth.js';
export * from './strategy.js';
export * from './tracking.js';

/** Every endpoint of the API by name: the server registers each, the web app calls them, tests walk them. */
export const API = {
  ...authEndpoints,
  ...businessEndpoints,
  ...systemEndpoints,
  ...ingestEndpoints,
  ...trackingScriptEndpoints,
  ...sessionAdminEndpoints,
  ...pageTypeEndpoints,
  ...sessionScoringEndpoints,
  ...liveSessionEndpoints,
  ...readinessModelEndpoints,
  ...behaviorEndpoints,
  ...engagementEndpoints,
  ...integrationEndpoints,
  ...conversionsApiEndpoints,
  ...oauthEndpoints,
  ...adIntelligenceEndpoints,
  ...customerEndpoints,
  ...dashboardEndpoints,
  ...strategyEndpoints,
};

export type EndpointName = keyof typeof API;

/** The declarations as a list, each with its name. */
export const ALL_ENDPOINTS: readonly (Endpoint & { readonly name: EndpointName })[] = Object.entries(API).map(
  ([name, e]) => ({ ...(e as Endpoint), name: name as EndpointName }),
);
