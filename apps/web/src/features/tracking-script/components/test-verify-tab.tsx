import { type TrackingConfig, testScriptBodySchema } from '@ri/contracts';
import { CircleCheck, CircleX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTime } from '../../../lib/format';
import { type TestButtonState, type TestOutcome, useTestScript } from '../hooks/use-test-script';
import { describedBy, FieldError } from './field-error';
import { SetupFigures } from './setup-figures';

const BUTTON_LABELS: Record<TestButtonState, string> = {
  idle: 'Run Test',
  testing: 'Testing...',
  success: 'Test Passed!',
  error: 'Test Failed',
};

const BUTTON_TONES: Record<TestButtonState, string> = {
  idle: '',
  testing: '',
  success: 'bg-green-600! hover:bg-green-700!',
  error: 'bg-red-600! hover:bg-red-700!',
};

function OutcomeText({ outcome }: { outcome: TestOutcome }) {
  const Icon = outcome.passed ? CircleCheck : CircleX;
  const lastAt = outcome.response?.last_event_at;
  return (
    <div className={`flex gap-2 text-sm ${outcome.passed ? 'text-green-800' : 'text-red-800'}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 break-words">
        <p className="font-medium">{outcome.passed ? 'Test Passed!' : 'Test Failed'}</p>
        <p>{outcome.passed ? outcome.response.message : outcome.message}</p>
        {outcome.response && (
          <p className="text-slate-600">
            Events received: {outcome.response.events_received}
            {lastAt ? ` · last at ${formatDateTime(lastAt)}` : ''}
          </p>
        )}
      </div>
    </div>
  );
}

/** Asks the server whether events from the website have really arrived for this tracking id. */
export function TestVerifyTab({ config }: { config: TrackingConfig | null }) {
  const [url, setUrl] = useState(config?.allowed_origins[0] ?? '');
  const [urlError, setUrlError] = useState<string | undefined>();
  const { state, outcome, run } = useTestScript();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!config || state === 'testing') return;
    const body = { tracking_id: config.trackingId, website_url: url.trim() };
    const parsed = testScriptBodySchema.safeParse(body);
    if (!parsed.success) {
      setUrlError(parsed.error.issues[0]?.message);
      return;
    }
    setUrlError(undefined);
    void run(body);
  };

  return (
    <div className="space-y-4">
      <Panel>
        <h2 className="text-lg font-semibold text-slate-900">Test your installation</h2>
        {config ? (
          <form noValidate onSubmit={submit} className="mt-3 space-y-3">
            <div>
              <TextField
                id="ts-test-url"
                label="Website URL"
                hint="A page of your site where the snippet is installed. Open it in another tab first."
                type="url"
                inputMode="url"
                placeholder="https://shop.example"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                aria-invalid={urlError ? true : undefined}
                aria-describedby={describedBy('ts-test-url', urlError)}
              />
              <FieldError id="ts-test-url-error" message={urlError} />
            </div>
            <Button type="submit" busy={state === 'testing'} className={BUTTON_TONES[state]}>
              {BUTTON_LABELS[state]}
            </Button>
            <div aria-live="polite">{outcome && <OutcomeText outcome={outcome} />}</div>
          </form>
        ) : (
          <p className="mt-2 text-sm text-slate-600">Generate your script on the Get Script tab first.</p>
        )}
      </Panel>
      <Panel>
        <SetupFigures />
      </Panel>
    </div>
  );
}
