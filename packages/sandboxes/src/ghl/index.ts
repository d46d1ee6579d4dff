export type { GhlEnrollment, GhlTask, GhlWorkflow } from './crm-records.js';
export type { GhlFailure, GhlRateLimit, GhlRequestRecord } from './handler.js';
export { GHL_SANDBOX_API_VERSION } from './handler.js';
export {
  type GhlContact,
  type GhlCustomFieldDefinition,
  GhlLocationData,
  type GhlOpportunity,
  type GhlOpportunityStatus,
  type GhlPipeline,
  type GhlTotals,
} from './location-data.js';
export { type GhlSandbox, type GhlSandboxOptions, type GhlSandboxState, startGhlSandbox } from './sandbox.js';
export type { GhlSandboxLocationOptions, GhlScope } from './spec.js';
