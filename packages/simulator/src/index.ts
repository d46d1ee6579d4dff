export type { Action } from './actions';
export { type Device, drawBrowser, drawLanding, type TrafficSource } from './landing';
export { type BehaviourModel, GENERIC, isPersona, MODELS, PERSONAS, type Persona } from './personas';
export { generatePlan, type PageVisit, type VisitPlan } from './plan';
export { type PlanStats, planStats } from './plan-stats';
export { runSimulation, type SessionTruth, type SimulationOptions, type SimulationResult, writeTruthCsv } from './run';
export { loadTrackerScript } from './sdk';
export { getPage, PAGES, type Page, type PageCategory, renderDocument } from './site';
export { runVisitor, type VisitorOptions, type VisitorResult } from './visitor';
