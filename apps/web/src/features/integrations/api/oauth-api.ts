import { API, type OAuthAuthorizeBody, type OAuthProvider } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { businessKey } from '../../../lib/query-keys';

/** Which vendors this server offers sign-in with: it changes with the operator's configuration, not the business. */
export const oauthProvidersQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.listOAuthProviders, businessId),
    queryFn: () => callEndpoint(API.listOAuthProviders, { businessId }),
    staleTime: 10 * 60_000,
  });

/** Starts a sign-in: the vendor's address to send the browser to. */
export function authorizeOAuth(businessId: string | null, provider: OAuthProvider, body: Partial<OAuthAuthorizeBody>) {
  return callEndpoint(API.authorizeOAuth, { businessId, params: { provider }, body });
}
