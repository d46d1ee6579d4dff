import { INTEGRATION_PROVIDERS, type OAuthAuthorizeBody, oauthProviderOf } from '@ri/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useBusinessId } from '../../../lib/business-id';
import { authorizeOAuth, oauthProvidersQueryOptions } from '../api/oauth-api';
import { browserNavigation } from '../lib/navigate-away';

/**
 * Sign-in with the vendor of a platform, when the server offers it for that platform (the operator configured the
 * vendor's app and the platform can be connected this way); `available` is null otherwise, or while unknown.
 * `start` asks the server for the vendor's address and leaves for it.
 */
export function useOAuthSignIn(platformId: string) {
  const businessId = useBusinessId();
  const providers = useQuery(oauthProvidersQueryOptions(businessId));
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const integration = INTEGRATION_PROVIDERS.find((p) => p === platformId);
  const provider = integration && oauthProviderOf(integration);
  const offered = integration
    ? providers.data?.providers.find((p) => p.provider === provider && p.integrations.includes(integration))
    : undefined;

  const start = async (hints: Partial<OAuthAuthorizeBody> = {}) => {
    if (!offered || !integration) return;
    setError(null);
    setStarting(true);
    try {
      const { authorization_url } = await authorizeOAuth(businessId, offered.provider, {
        integration,
        ...hints,
      });
      browserNavigation.leaveFor(authorization_url);
    } catch (caught) {
      setStarting(false);
      setError(getErrorMessage(caught, `Failed to connect to ${offered.name}`));
    }
  };

  return { available: offered ? { provider: offered.provider, name: offered.name } : null, starting, error, start };
}
