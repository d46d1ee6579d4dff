import { INDUSTRIES, INDUSTRY_LABELS, type Industry, MESSAGES } from '@ri/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldLabel, inputClass, TextField } from '../../../components/ui/text-field';
import { useSignUp } from '../hooks/use-auth-mutations';
import { type FormError, FormErrorAlert, toFormError } from './form-error';
import { PasswordInput } from './password-input';

/** Pause before the Sign In tab returns when the account still needs its e-mail confirmed. */
export const SIGNUP_REDIRECT_MS = 5000;

type SignupFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
  onBackToLogin: () => void;
};

const emptyProfile = { firstName: '', lastName: '', businessName: '', businessWebsite: '', industry: '' };

export function SignupForm({ email, onEmailChange, onBackToLogin }: SignupFormProps) {
  const [password, setPassword] = useState('');
  const [profile, setProfile] = useState(emptyProfile);
  const [error, setError] = useState<FormError | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const signUp = useSignUp();

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(onBackToLogin, SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, onBackToLogin]);

  const set = (key: keyof typeof emptyProfile) => (value: string) => setProfile((p) => ({ ...p, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim()) return setError({ message: MESSAGES.enterEmail });
    if (!password) return setError({ message: MESSAGES.enterPassword });
    if (!profile.firstName.trim() || !profile.businessName.trim())
      return setError({ message: MESSAGES.requiredFields });
    const firstName = profile.firstName.trim();
    const lastName = profile.lastName.trim();
    signUp.mutate(
      {
        email: email.trim(),
        password,
        data: {
          first_name: firstName,
          last_name: lastName,
          full_name: `${firstName} ${lastName}`.trim(),
          business_name: profile.businessName.trim(),
          business_website: profile.businessWebsite.trim(),
          industry: profile.industry as Industry | '',
        },
      },
      {
        onSuccess: (answer) => {
          if (!answer.session) setSuccess(answer.message || MESSAGES.confirmEmail);
        },
        onError: (failure) => setError(toFormError(failure, MESSAGES.signupFailed)),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
      />
      <PasswordInput
        id="signup-password"
        label="Password"
        autoComplete="new-password"
        required
        hint="At least 8 characters"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="signup-first-name"
          label="First name"
          autoComplete="given-name"
          required
          value={profile.firstName}
          onChange={(e) => set('firstName')(e.target.value)}
        />
        <TextField
          id="signup-last-name"
          label="Last name"
          autoComplete="family-name"
          value={profile.lastName}
          onChange={(e) => set('lastName')(e.target.value)}
        />
      </div>
      <TextField
        id="signup-business-name"
        label="Business name"
        autoComplete="organization"
        required
        value={profile.businessName}
        onChange={(e) => set('businessName')(e.target.value)}
      />
      <TextField
        id="signup-business-website"
        label="Business website"
        type="url"
        autoComplete="url"
        placeholder="https://example.com"
        value={profile.businessWebsite}
        onChange={(e) => set('businessWebsite')(e.target.value)}
      />
      <div>
        <FieldLabel htmlFor="signup-industry" label="Industry" />
        <select
          id="signup-industry"
          className={inputClass}
          value={profile.industry}
          onChange={(e) => set('industry')(e.target.value)}
        >
          <option value="">Select an industry</option>
          {INDUSTRIES.map((industry) => (
            <option key={industry} value={industry}>
              {INDUSTRY_LABELS[industry]}
            </option>
          ))}
        </select>
      </div>
      {error && <FormErrorAlert error={error} />}
      {success && <Alert tone="success">{success}</Alert>}
      <Button type="submit" busy={signUp.isPending} disabled={Boolean(success)} className="w-full">
        Create Account
      </Button>
    </form>
  );
}
