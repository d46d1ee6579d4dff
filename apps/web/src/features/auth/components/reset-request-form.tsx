import { MESSAGES } from '@ri/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { getErrorMessage } from '../../../lib/api-error';
import { useRequestPasswordReset } from '../hooks/use-auth-mutations';

/** Pause before the Sign In tab returns after the reset e-mail was requested. */
export const RESET_REDIRECT_MS = 3000;

type ResetRequestFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
  onBackToLogin: () => void;
};

export function ResetRequestForm({ email, onEmailChange, onBackToLogin }: ResetRequestFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const recover = useRequestPasswordReset();

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(onBackToLogin, RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, onBackToLogin]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    if (!email.trim()) return setError(MESSAGES.enterEmail);
    recover.mutate(email.trim(), {
      onSuccess: (answer) => setSuccess(answer.message || MESSAGES.resetSent),
      onError: (failure) => setError(getErrorMessage(failure, MESSAGES.resetFailed)),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-600">Enter the e-mail address of your account and we will send you a link.</p>
      <TextField
        id="reset-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
      />
      {error && <Alert tone="error">{error}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <Button type="submit" busy={recover.isPending} disabled={Boolean(success)} className="w-full">
        Send Reset Link
      </Button>
      <div className="text-center">
        <Button variant="link" onClick={onBackToLogin}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
