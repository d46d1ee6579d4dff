import { MESSAGES } from '@ri/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useResetPassword } from '../hooks/use-auth-mutations';
import { linkToken } from '../lib/link-token';
import { type FormError, FormErrorAlert, toFormError } from './form-error';
import { PasswordInput } from './password-input';
import { RESET_REDIRECT_MS } from './reset-request-form';

type NewPasswordFormProps = {
  onDone: () => void;
  onRequestNewLink: () => void;
};

/** Reached from the reset e-mail (/auth/reset#token=...): sets the new password with the link's token. */
export function NewPasswordForm({ onDone, onRequestNewLink }: NewPasswordFormProps) {
  const token = linkToken(useLocation());
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const reset = useResetPassword();

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(onDone, RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, onDone]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!password) return setError({ message: MESSAGES.enterPassword });
    if (password !== confirmation) return setError({ message: 'The two passwords do not match' });
    reset.mutate(
      { token, password },
      {
        onSuccess: (answer) => setSuccess(answer.message),
        onError: (failure) => setError(toFormError(failure, 'Failed to set the new password')),
      },
    );
  };

  if (!token) {
    return (
      <div className="space-y-4">
        <Alert tone="error">
          This reset link is incomplete. Request a new one and use the link from the latest e-mail.
        </Alert>
        <LinkActions onRequestNewLink={onRequestNewLink} onBack={onDone} />
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Choose a new password</h2>
      <PasswordInput
        id="new-password"
        label="New password"
        autoComplete="new-password"
        required
        hint="At least 8 characters"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordInput
        id="confirm-new-password"
        label="Confirm new password"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
      />
      {error && <FormErrorAlert error={error} />}
      {success && <Alert tone="success">{success}</Alert>}
      <Button type="submit" busy={reset.isPending} disabled={Boolean(success)} className="w-full">
        Set New Password
      </Button>
      {error?.code === 'invalid_token' ? (
        <LinkActions onRequestNewLink={onRequestNewLink} onBack={onDone} />
      ) : (
        <div className="text-center">
          <Button variant="link" onClick={onDone}>
            Back to sign in
          </Button>
        </div>
      )}
    </form>
  );
}

function LinkActions({ onRequestNewLink, onBack }: { onRequestNewLink: () => void; onBack: () => void }) {
  return (
    <div className="flex flex-wrap justify-center gap-4">
      <Button variant="link" onClick={onRequestNewLink}>
        Forgot your password?
      </Button>
      <Button variant="link" onClick={onBack}>
        Back to sign in
      </Button>
    </div>
  );
}
