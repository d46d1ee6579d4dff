export {
  type GraphObject,
  MetaAccountData,
  type MetaStatus,
  type MetaWrite,
  type WritableStatus,
} from './account-data.js';
export type { MetaFailure, MetaRequestRecord } from './handler.js';
export { decodeCursor, encodeCursor, type MetaKind, metaId, parseMetaId } from './ids.js';
export { dayRange, INSIGHT_FIELDS, insightFigures, insightTotals } from './insights.js';
export type { AsyncStatus, ReportRun } from './jobs.js';
export type { ReceivedPixelEvent, SandboxPixel, SandboxPixelOptions } from './pixels.js';
export { type MetaSandbox, type MetaSandboxOptions, type MetaSandboxState, startMetaSandbox } from './sandbox.js';
export { META_SITE_CAMPAIGNS, type MetaSandboxAccountOptions, type MetaSite } from './spec.js';
export {
  EFFECTIVE_STATUSES as META_EFFECTIVE_STATUSES,
  SHOWN_BY_DEFAULT as META_SHOWN_BY_DEFAULT,
} from './statuses.js';
export type { MetaUsageLimit, UsagePercent } from './usage.js';
