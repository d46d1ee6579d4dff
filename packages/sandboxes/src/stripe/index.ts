export { AccountData, STRIPE_RESOURCES, type StripeResource } from './account-data.js';
export type { StripeFailure } from './failures.js';
export type { RequestRecord } from './handler.js';
export { maskKey } from './ids.js';
export type { StripeObject } from './objects.js';
export {
  STRIPE_SANDBOX_API_VERSION,
  type StripeSandbox,
  type StripeSandboxOptions,
  type StripeSandboxState,
  startStripeSandbox,
} from './sandbox.js';
export type { StripePermission, StripeSandboxAccountOptions } from './spec.js';
export { signatureHeader, type WebhookDelivery, type WebhookEndpoint } from './webhooks.js';
