import type { SaveIntegrationResponse } from '@ri/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useConversionsConnect } from '../hooks/use-conversions-connect';
import { CONNECT_STEP_TEXT } from '../hooks/use-stripe-connect';
import { conversionsTokenError, pixelIdError, testEventCodeError } from '../lib/conversions-api-rules';
import { CredentialInput } from './secret-input';
import { SwitchField } from './switch-field';

const SAVED_PAUSE_MS = 600;

type Props = {
  integrationName: string;
  onCancel: () => void;
  onSaved: (result: SaveIntegrationResponse) => void;
};

/**
 * The Conversions API form (social ads, conversions variant): access token (masked), Pixel ID (required), the
 * predicted-value switch and an optional Test Events code. Section 5's rules are checked as the owner types, with the
 * contracts' schema the server uses; the server then asks Meta whether the token may use the pixel.
 */
export function ConversionsApiForm({ integrationName, onCancel, onSaved }: Props) {
  const id = useId();
  const [accessToken, setAccessToken] = useState('');
  const [pixelId, setPixelId] = useState('');
  const [testEventCode, setTestEventCode] = useState('');
  const [predicted, setPredicted] = useState(true);
  const [touched, setTouched] = useState({ token: false, pixel: false });
  const { step, error, connect } = useConversionsConnect();
  const tokenError = conversionsTokenError(accessToken);
  const pixelError = pixelIdError(pixelId);
  const codeError = testEventCode ? testEventCodeError(testEventCode) : null;
  const working = step !== 'idle';
  const progress = CONNECT_STEP_TEXT[step];
  const blocked = tokenError !== null || pixelError !== null || codeError !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ token: true, pixel: true });
    if (blocked || working) return;
    const saved = await connect({
      accessToken: accessToken.trim(),
      pixelId: pixelId.trim(),
      integrationName,
      predictedValueEvents: predicted,
      testEventCode: testEventCode.trim() || undefined,
    });
    if (!saved) return;
    await new Promise((resolve) => setTimeout(resolve, SAVED_PAUSE_MS));
    onSaved(saved);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <CredentialInput
        id={`${id}-token`}
        label="Access Token"
        secret
        required
        placeholder="EAAG…"
        value={accessToken}
        onChange={(e) => {
          setAccessToken(e.target.value);
          setTouched((t) => ({ ...t, token: true }));
        }}
        error={touched.token ? tokenError : null}
        hint="Generate it in Events Manager → your pixel → Settings → Conversions API."
        disabled={working}
      />
      <CredentialInput
        id={`${id}-pixel`}
        label="Pixel ID"
        required
        inputMode="numeric"
        value={pixelId}
        onChange={(e) => {
          setPixelId(e.target.value);
          setTouched((t) => ({ ...t, pixel: true }));
        }}
        onBlur={() => setTouched((t) => ({ ...t, pixel: true }))}
        error={touched.pixel ? pixelError : null}
        disabled={working}
      />
      <SwitchField
        id={`${id}-predicted`}
        label="Send predicted-value events"
        description="When a live visitor first reaches readiness 80, send a PredictedBuyer event worth their conversion probability × your average order value, so Meta can find likely buyers before they buy."
        checked={predicted}
        onChange={setPredicted}
        disabled={working}
      />
      <CredentialInput
        id={`${id}-test-code`}
        label="Test Event Code (optional)"
        placeholder="TEST12345"
        value={testEventCode}
        onChange={(e) => setTestEventCode(e.target.value)}
        error={codeError}
        hint="From Events Manager → Test Events. While set, events show there only and do not count for ads."
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
        <Button type="submit" disabled={blocked} busy={working}>
          Connect Conversions API
        </Button>
      </div>
    </form>
  );
}
