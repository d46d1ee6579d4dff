import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PENDING_FORMS, PENDING_PROVIDER_TEXT } from '../lib/credential-forms';
import { CredentialInput } from './secret-input';

type Props = { providerId: string; platformName: string; integrationName: string; onCancel: () => void };

/**
 * The form of a platform whose connect endpoints do not exist yet: its fields, as the spec names them, so
 * an owner knows what to prepare, and a plain notice instead of a pretend success. Nothing is sent.
 */
export function PendingProviderForm({ providerId, platformName, integrationName, onCancel }: Props) {
  const id = useId();
  const fields = PENDING_FORMS[providerId] ?? [];
  return (
    <div className="space-y-4">
      <Alert tone="info">{PENDING_PROVIDER_TEXT}</Alert>
      {fields.map((field) => (
        <CredentialInput
          key={field.name}
          id={`${id}-${field.name}`}
          name={field.name}
          label={field.label}
          secret={field.secret}
          required={field.required}
          hint={field.hint}
          disabled
        />
      ))}
      <CredentialInput id={`${id}-name`} label="Integration Name" value={integrationName} readOnly />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" disabled>
          Connect {platformName}
        </Button>
      </div>
    </div>
  );
}
