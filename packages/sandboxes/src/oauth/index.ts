export { handleOAuthRequest, oauthRouteOf } from './handler.js';
export { type OAuthSandbox, startOAuthSandbox } from './sandbox.js';
export {
  type IssuedTokenKind,
  type OAuthFailure,
  type OAuthLifetimes,
  type OAuthRequestRecord,
  type OAuthSandboxClient,
  type OAuthSandboxOptions,
  type OAuthSandboxProvider,
  OAuthSandboxState,
  randomVendorToken,
} from './state.js';
