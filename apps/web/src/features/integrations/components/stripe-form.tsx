import type { SaveIntegrationResponse } from '@ri/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CONNECT_STEP_TEXT, useStripeConnect } from '../hooks/use-stripe-connect';
import { stripeSecretKeyError } from '../lib/credential-forms';
import { CredentialInput } from './secret-input';

const SAVED_PAUSE_MS = 600;

type Props = {
  integrationName: string;
  onCancel: () => void;
  onSaved: (result: SaveIntegrationResponse) => void;
};

/**
 * The payment processor's form: secret key (masked), optional publishable key, read-only name. Section 5's
 * rules are checked as the key is typed and the submit stays disabled until it passes; the server checks the
 * same rules and then asks Stripe.
 */
export function StripeForm({ integrationName, onCancel, onSaved }: Props) {
  const id = useId();
  const [secretKey, setSecretKey] = useState('');
  const [publishableKey, setPublishableKey] = useState('');
  const [touched, setTouched] = useState(false);
  const { step, error, connect } = useStripeConnect();
  const keyError = stripeSecretKeyError(secretKey);
  const working = step !== 'idle';
  const progress = CONNECT_STEP_TEXT[step];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (keyError || working) return;
    const saved = await connect({
      secretKey: secretKey.trim(),
      publishableKey: publishableKey.trim() || undefined,
      integrationName,
    });
    if (!saved) return;
    // Let 'Integration saved successfully!' be read before the summary takes the dialog's place.
    await new Promise((resolve) => setTimeout(resolve, SAVED_PAUSE_MS));
    onSaved(saved);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <CredentialInput
        id={`${id}-secret`}
        label="Secret Key"
        secret
        required
        placeholder="sk_test_... or sk_live_..."
        value={secretKey}
        onChange={(e) => {
          setSecretKey(e.target.value);
          setTouched(true);
        }}
        onBlur={() => setTouched(true)}
        error={touched ? keyError : null}
        hint="A restricted key with read access works too; the connection is read-only."
        disabled={working}
      />
      <CredentialInput
        id={`${id}-publishable`}
        label="Publishable Key (optional)"
        placeholder="pk_test_..."
        value={publishableKey}
        onChange={(e) => setPublishableKey(e.target.value)}
        disabled={working}
      />
      <CredentialInput id={`${id}-name`} label="Integration Name" value={integrationName} readOnly />
      {progress && (
        <p role="status" className="text-sm font-medium text-indigo-700">
          {progress}
        </p>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={working}>
          Cancel
        </Button>
        <Button type="submit" disabled={keyError !== null} busy={working}>
          Connect Stripe
        </Button>
      </div>
    </form>
  );
}
