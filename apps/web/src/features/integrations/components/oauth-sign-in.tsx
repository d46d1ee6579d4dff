import type { OAuthAuthorizeBody } from '@ri/contracts';
import { LogIn } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useOAuthSignIn } from '../hooks/use-oauth-sign-in';

type Props = {
  platformId: string;
  integrationName: string;
  /** What the form already knows (Google customer or property, Meta pixel or ad account), carried through the sign-in. */
  hints?: Partial<OAuthAuthorizeBody>;
};

/**
 * 'Sign in with Google / Meta / GoHighLevel' above a platform's paste-token fields, when the server offers sign-in
 * for the platform; nothing otherwise. The vendor's page opens in this tab and sends the browser back to
 * Integrations, which says how it went.
 */
export function OAuthSignIn({ platformId, integrationName, hints }: Props) {
  const { available, starting, error, start } = useOAuthSignIn(platformId);
  if (!available) return null;
  return (
    <section aria-label={`Sign in with ${available.name}`} className="space-y-3">
      <Button
        className="w-full"
        busy={starting}
        onClick={() => void start({ integrationName: integrationName || undefined, ...hints })}
      >
        <LogIn aria-hidden="true" className="size-4" />
        Sign in with {available.name}
      </Button>
      <p className="text-xs text-slate-500">
        You will approve read access on {available.name}'s own page; the access is renewed automatically.
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or paste credentials
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </section>
  );
}
