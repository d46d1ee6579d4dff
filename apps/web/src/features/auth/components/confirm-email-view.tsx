import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-error';
import { useVerifySignup } from '../hooks/use-auth-mutations';
import { linkToken } from '../lib/link-token';

type ConfirmEmailViewProps = {
  /** Called once the account is confirmed and signed in. */
  onConfirmed: () => void;
  onBackToLogin: () => void;
};

/** Reached from the confirmation e-mail (/auth/confirm#token=...): confirms the address and signs in. */
export function ConfirmEmailView({ onConfirmed, onBackToLogin }: ConfirmEmailViewProps) {
  const token = linkToken(useLocation());
  const verify = useVerifySignup();
  const { mutate } = verify;
  // A confirmation token works once; the ref keeps development double effects from spending it twice.
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token, { onSuccess: onConfirmed });
  }, [token, mutate, onConfirmed]);

  const back = (
    <div className="text-center">
      <Button variant="link" onClick={onBackToLogin}>
        Back to sign in
      </Button>
    </div>
  );

  if (!token) {
    return (
      <div className="space-y-4">
        <Alert tone="error">This confirmation link is incomplete. Open the link from the latest e-mail.</Alert>
        {back}
      </div>
    );
  }
  if (verify.isError) {
    return (
      <div className="space-y-4">
        <Alert tone="error">{getErrorMessage(verify.error, 'Could not confirm your e-mail address')}</Alert>
        {back}
      </div>
    );
  }
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-6 text-slate-600">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-indigo-600" />
      {verify.isSuccess ? 'E-mail confirmed. Opening your dashboard...' : 'Confirming your e-mail address...'}
    </div>
  );
}
