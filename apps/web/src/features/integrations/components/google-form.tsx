import type { SaveIntegrationResponse } from '@ri/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useGoogleConnect } from '../hooks/use-google-connect';
import { CONNECT_STEP_TEXT } from '../hooks/use-stripe-connect';
import { googleAccessTokenError } from '../lib/credential-forms';
import { CredentialInput } from './secret-input';

const SAVED_PAUSE_MS = 600;

type Props = {
  integrationName: string;
  onCancel: () => void;
  onSaved: (result: SaveIntegrationResponse) => void;
};

/**
 * The search ads and analytics form: access token (masked), customer ID and GA4 property ID (both optional, as
 * section 5 says, with their usual lengths as hints), read-only name. The token's rules are checked as it is typed
 * and the submit stays disabled until it passes; the server checks the same rules, then asks Google.
 */
export function GoogleForm({ integrationName, onCancel, onSaved }: Props) {
  const id = useId();
  const [accessToken, setAccessToken] = useState('');
  const [customerId, setCustomerId] = useState('');
  const [propertyId, setPropertyId] = useState('');
  const [touched, setTouched] = useState(false);
  const { step, error, connect } = useGoogleConnect();
  const tokenError = googleAccessTokenError(accessToken);
  const working = step !== 'idle';
  const progress = CONNECT_STEP_TEXT[step];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (tokenError || working) return;
    const saved = await connect({
      accessToken: accessToken.trim(),
      customerId: customerId.trim() || undefined,
      propertyId: propertyId.trim() || undefined,
      integrationName,
    });
    if (!saved) return;
    // Let 'Integration saved successfully!' be read before the summary takes the dialog's place.
    await new Promise((resolve) => setTimeout(resolve, SAVED_PAUSE_MS));
    onSaved(saved);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        Use an OAuth access token with the scopes <code className="font-mono">adwords</code> and{' '}
        <code className="font-mono">analytics.readonly</code>. A pasted token works for about an hour.
      </p>
      <CredentialInput
        id={`${id}-token`}
        label="Access Token"
        secret
        required
        placeholder="ya29.…"
        value={accessToken}
        onChange={(e) => {
          setAccessToken(e.target.value);
          setTouched(true);
        }}
        onBlur={() => setTouched(true)}
        error={touched ? tokenError : null}
        disabled={working}
      />
      <CredentialInput
        id={`${id}-customer`}
        label="Customer ID (optional)"
        inputMode="numeric"
        placeholder="123-456-7890"
        value={customerId}
        onChange={(e) => setCustomerId(e.target.value)}
        hint="The 10-digit Google Ads customer ID. Leave blank to use the first account the token reaches."
        disabled={working}
      />
      <CredentialInput
        id={`${id}-property`}
        label="Analytics Property ID (optional)"
        inputMode="numeric"
        placeholder="123456789"
        value={propertyId}
        onChange={(e) => setPropertyId(e.target.value)}
        hint="The 9-digit GA4 property ID. With it, the connection also tests your analytics events."
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
        <Button type="submit" disabled={tokenError !== null} busy={working}>
          Connect Google Ads
        </Button>
      </div>
    </form>
  );
}
