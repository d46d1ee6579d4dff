import { X } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { focusRing } from '../../../lib/focus-ring';
import { useOAuthResult } from '../hooks/use-oauth-result';

/** How the last sign-in with a vendor went, shown once when the vendor sends the browser back to Integrations. */
export function OAuthResultAlert() {
  const { result, dismiss } = useOAuthResult();
  if (!result) return null;
  return (
    <Alert tone={result.tone}>
      <span className="flex items-start justify-between gap-3">
        <span>{result.text}</span>
        <button type="button" onClick={dismiss} className={`rounded ${focusRing}`} aria-label="Dismiss">
          <X aria-hidden="true" className="size-4" />
        </button>
      </span>
    </Alert>
  );
}
