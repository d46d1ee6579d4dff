import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { OAUTH_RESULT_PARAMS, type OAuthResult, readOAuthResult } from '../lib/oauth-result';

/**
 * The outcome of a sign-in the vendor sent the browser back from, read once from the page's query, which is then
 * cleared (so a reload or a shared link does not repeat it); `dismiss` hides it.
 */
export function useOAuthResult() {
  const [params, setParams] = useSearchParams();
  const [result, setResult] = useState<OAuthResult | null>(() => readOAuthResult(params));

  useEffect(() => {
    if (!params.has(OAUTH_RESULT_PARAMS[0])) return;
    const found = readOAuthResult(params);
    if (found) setResult(found);
    const rest = new URLSearchParams(params);
    for (const name of OAUTH_RESULT_PARAMS) rest.delete(name);
    setParams(rest, { replace: true });
  }, [params, setParams]);

  return { result, dismiss: () => setResult(null) };
}
