import { MESSAGES } from '@ri/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { getErrorMessage } from '../../../lib/api-error';
import { useSignIn } from '../hooks/use-auth-mutations';
import { PasswordInput } from './password-input';

type LoginFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
};

export function LoginForm({ email, onEmailChange, onForgotPassword }: LoginFormProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signIn = useSignIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim()) return setError(MESSAGES.enterEmail);
    if (!password) return setError(MESSAGES.enterPassword);
    signIn.mutate(
      { email: email.trim(), password },
      { onError: (failure) => setError(getErrorMessage(failure, MESSAGES.loginFailed)) },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
      />
      <PasswordInput
        id="login-password"
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" busy={signIn.isPending} className="w-full">
        Sign In
      </Button>
      <div className="text-center">
        <Button variant="link" onClick={onForgotPassword}>
          Forgot your password?
        </Button>
      </div>
    </form>
  );
}
