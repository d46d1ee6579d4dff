import type { SaveIntegrationResponse } from '@ri/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useGhlConnect } from '../hooks/use-ghl-connect';
import { CONNECT_STEP_TEXT } from '../hooks/use-stripe-connect';
import { goHighLevelCredentialsError } from '../lib/credential-forms';
import { CredentialInput } from './secret-input';

const SAVED_PAUSE_MS = 600;

type Props = {
  integrationName: string;
  onCancel: () => void;
  onSaved: (result: SaveIntegrationResponse) => void;
};

/**
 * The CRM's form (GoHighLevel): API key (masked), location id, read-only name. Section 5: both are required
 * ('Please fill in all required fields') and the submit stays disabled while either is blank; the server checks
 * the same rule, then asks GoHighLevel. A refusal naming a field is shown under that field.
 */
export function GhlForm({ integrationName, onCancel, onSaved }: Props) {
  const id = useId();
  const [apiKey, setApiKey] = useState('');
  const [locationId, setLocationId] = useState('');
  const [touched, setTouched] = useState(false);
  const { step, error, connect, clearError } = useGhlConnect();
  const blank = goHighLevelCredentialsError(apiKey, locationId);
  const working = step !== 'idle';
  const progress = CONNECT_STEP_TEXT[step];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (blank || working) return;
    const saved = await connect({ apiKey: apiKey.trim(), locationId: locationId.trim(), integrationName });
    if (!saved) return;
    // Let 'Integration saved successfully!' be read before the summary takes the dialog's place.
    await new Promise((resolve) => setTimeout(resolve, SAVED_PAUSE_MS));
    onSaved(saved);
  };
  const edit = (set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    if (error?.field) clearError();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <CredentialInput
        id={`${id}-key`}
        label="API Key"
        secret
        required
        placeholder="pit-…"
        value={apiKey}
        onChange={edit(setApiKey)}
        onBlur={() => setTouched(true)}
        error={error?.field === 'apiKey' ? error.message : null}
        hint="A Private Integration token of the location (Settings → Private Integrations) with read access to contacts and opportunities, and write access to contacts (contacts.write) for Engage Customer."
        disabled={working}
      />
      <CredentialInput
        id={`${id}-location`}
        label="Location ID"
        required
        placeholder="ve9EPM428h8vShlRW1KT"
        value={locationId}
        onChange={edit(setLocationId)}
        onBlur={() => setTouched(true)}
        error={error?.field === 'locationId' ? error.message : null}
        hint="Shown in the location's Settings → Business Profile."
        disabled={working}
      />
      <CredentialInput id={`${id}-name`} label="Integration Name" value={integrationName} readOnly />
      {touched && blank && (
        <p role="alert" className="text-sm text-red-700">
          {blank}
        </p>
      )}
      {progress && (
        <p role="status" className="text-sm font-medium text-indigo-700">
          {progress}
        </p>
      )}
      {error && !error.field && <Alert tone="error">{error.message}</Alert>}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={working}>
          Cancel
        </Button>
        <Button type="submit" disabled={blank !== null} busy={working}>
          Connect GoHighLevel
        </Button>
      </div>
    </form>
  );
}
