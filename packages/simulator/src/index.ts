export type { Action } from './actions';
export {
  type AttributionWorld,
  type AttributionWorldConfig,
  type ChannelTruth,
  countWorldConversions,
  simulateAttributionWorld,
  type WorldChannel,
  type WorldPath,
} from './attribution-world';
export { ATTRIBUTION_WORLDS, worldChannelKey } from './attribution-worlds';
export {
  CONFIGURATION_RANGES,
  checkConfiguration,
  createConfiguration,
  DEFAULT_CONFIGURATION,
  isDefaultConfiguration,
  type SimulationConfiguration,
} from './configuration';
export { type Device, drawBrowser, drawLanding, type TrafficSource } from './landing';
export { type BehaviourModel, GENERIC, isPersona, MODELS, PERSONAS, type Persona } from './personas';
export { generatePlan, type PageVisit, type VisitPlan } from './plan';
export { type PlanStats, planStats } from './plan-stats';
export { runSimulation, type SessionTruth, type SimulationOptions, type SimulationResult, writeTruthCsv } from './run';
export { loadTrackerScript } from './sdk';
export type { Page, PageCategory, Site, SiteId } from './site';
export { renderDocument } from './site-render';
export { getPage, getSite, PAGES, SITE_IDS } from './sites';
export { runVisitor, type VisitorOptions, type VisitorResult } from './visitor';
