import { OAUTH_PROVIDER_NAMES, OAUTH_PROVIDERS, OAUTH_RESULT_PARAM, type OAuthProvider } from '@ri/contracts';

/** How a sign-in ended, as the server's redirect back to /integrations says (`?oauth=connected|error&provider=&message=`). */
export type OAuthResult = { tone: 'success' | 'error'; text: string };

/** The query parameters of a sign-in's outcome, removed once read. */
export const OAUTH_RESULT_PARAMS = [OAUTH_RESULT_PARAM, 'provider', 'message'] as const;

/** The alert for a sign-in's outcome in the page's query, or null when the query carries none. */
export function readOAuthResult(params: URLSearchParams): OAuthResult | null {
  const outcome = params.get(OAUTH_RESULT_PARAM);
  if (outcome !== 'connected' && outcome !== 'error') return null;
  const provider = params.get('provider');
  const name = OAUTH_PROVIDERS.includes(provider as OAuthProvider)
    ? OAUTH_PROVIDER_NAMES[provider as OAuthProvider]
    : 'the vendor';
  if (outcome === 'connected')
    return { tone: 'success', text: `Signed in with ${name}: the integration is connected.` };
  const message = params.get('message')?.slice(0, 300).trim();
  return { tone: 'error', text: `Sign-in with ${name} failed: ${message || 'Unknown error'}` };
}
