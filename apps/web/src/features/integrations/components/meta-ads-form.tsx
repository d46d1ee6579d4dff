import type { SaveIntegrationResponse } from '@ri/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useMetaAdsConnect } from '../hooks/use-meta-ads-connect';
import { CONNECT_STEP_TEXT } from '../hooks/use-stripe-connect';
import {
  META_PERMISSIONS,
  META_SYSTEM_USER_HINT,
  type MetaAdsValues,
  metaAdsFieldErrors,
} from '../lib/credential-forms';
import { CredentialInput } from './secret-input';

const SAVED_PAUSE_MS = 600;

type Props = {
  integrationName: string;
  onCancel: () => void;
  onSaved: (result: SaveIntegrationResponse) => void;
};

/**
 * The social ads platform's form (Meta Ads): access token (masked), optional pixel and ad account (blank detects
 * it), read-only name, and the permissions the token needs. Section 5's rules are checked as the fields are typed
 * (the contracts' schema, which the server applies too); the submit stays disabled until they pass.
 */
export function MetaAdsForm({ integrationName, onCancel, onSaved }: Props) {
  const id = useId();
  const [values, setValues] = useState<MetaAdsValues>({ accessToken: '', pixelId: '', adAccountId: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof MetaAdsValues, boolean>>>({});
  const { step, error, connect } = useMetaAdsConnect();
  const errors = metaAdsFieldErrors(values);
  const invalid = Object.keys(errors).length > 0;
  const working = step !== 'idle';
  const progress = CONNECT_STEP_TEXT[step];

  const field = (name: keyof MetaAdsValues) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      setTouched((t) => ({ ...t, [name]: true }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: touched[name] ? (errors[name] ?? null) : null,
    disabled: working,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ accessToken: true, pixelId: true, adAccountId: true });
    if (invalid || working) return;
    const saved = await connect({
      accessToken: values.accessToken.trim(),
      pixelId: values.pixelId.trim() || undefined,
      adAccountId: values.adAccountId.trim() || undefined,
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
        id={`${id}-token`}
        name="accessToken"
        label="Access Token"
        secret
        required
        placeholder="EAAG..."
        hint="A long-lived user token or a system user token from Meta Business Settings."
        {...field('accessToken')}
      />
      <CredentialInput
        id={`${id}-pixel`}
        name="pixelId"
        label="Pixel ID (optional)"
        inputMode="numeric"
        {...field('pixelId')}
      />
      <CredentialInput
        id={`${id}-account`}
        name="adAccountId"
        label="Ad Account ID (optional)"
        placeholder="act_1234567890"
        hint="Leave blank to detect it"
        {...field('adAccountId')}
      />
      <CredentialInput id={`${id}-name`} label="Integration Name" value={integrationName} readOnly />
      <section aria-labelledby={`${id}-permissions`} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
        <h3 id={`${id}-permissions`} className="text-sm font-medium text-slate-800">
          Permissions the token needs
        </h3>
        <ul className="mt-1 flex flex-wrap gap-1.5">
          {META_PERMISSIONS.map((permission) => (
            <li key={permission}>
              <code className="rounded bg-white px-1.5 py-0.5 text-xs text-slate-700 ring-1 ring-slate-200">
                {permission}
              </code>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-600">{META_SYSTEM_USER_HINT}</p>
      </section>
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
        <Button type="submit" disabled={invalid} busy={working}>
          Connect Meta Ads
        </Button>
      </div>
    </form>
  );
}
