import type { ConversionsApiEvent, Integration } from '@ri/contracts';
import { ChevronDown } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-error';
import type { Permission } from '../../../lib/can';
import { focusRing } from '../../../lib/focus-ring';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useConversionsLog, useConversionsSettings } from '../hooks/use-conversions-log';
import { testEventCodeError } from '../lib/conversions-api-rules';
import { CredentialInput } from './secret-input';
import { StatusBadge } from './status-badge';
import { SwitchField } from './switch-field';

type Props = { integration: Integration; canEdit: Permission; reasonId: string | undefined };

/** Each status in the colours of section 4 (green, yellow, red, grey) and in words. */
const STATUS_VIEW: Record<ConversionsApiEvent['status'], { tone: string; label: string }> = {
  sent: { tone: 'completed', label: 'Sent' },
  pending: { tone: 'paused', label: 'Waiting' },
  failed: { tone: 'error', label: 'Refused' },
  skipped: { tone: 'disconnected', label: 'Not sent' },
};

/** What Meta said about one event: its answer, or its refusal (or why it was not sent). */
function answerOf(event: ConversionsApiEvent): string {
  if (event.answer) {
    const trace = event.answer.fbtrace_id ? ` · fbtrace_id ${event.answer.fbtrace_id}` : '';
    const notes = event.answer.messages.length ? ` · ${event.answer.messages.join('; ')}` : '';
    return `events_received ${event.answer.events_received}${trace}${notes}`;
  }
  return event.error ?? 'Waiting to be sent';
}

function SendRow({ event }: { event: ConversionsApiEvent }) {
  return (
    <li className="grid gap-1 border-t border-slate-100 py-2 text-sm sm:grid-cols-[9rem_1fr_auto] sm:gap-3">
      <span className="text-slate-500">{formatDateTime(event.event_time)}</span>
      <span className="min-w-0">
        <span className="font-medium text-slate-900">{event.event_name}</span>
        {event.value !== null && (
          <span className="text-slate-600">
            {' '}
            · {event.value.toFixed(2)} {event.currency}
          </span>
        )}
        <span className="block truncate text-xs text-slate-500" title={event.event_id}>
          event_id {event.event_id}
          {event.test_event_code ? ` · test ${event.test_event_code}` : ''}
        </span>
        <span className="block break-words text-xs text-slate-600">{answerOf(event)}</span>
        {event.note && <span className="block break-words text-xs text-slate-500">{event.note}</span>}
      </span>
      <span>
        <StatusBadge status={STATUS_VIEW[event.status].tone} label={STATUS_VIEW[event.status].label} />
      </span>
    </li>
  );
}

/**
 * The Conversions API details of a connected card: the predicted-value switch and Test Events code (owners and
 * admins), and the recent sends with Meta's answers (everyone). Loaded when opened.
 */
export function ConversionsApiPanel({ integration, canEdit, reasonId }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const log = useConversionsLog(integration.id, open);
  const update = useConversionsSettings(integration.id);
  const settings = log.data?.settings ?? integration.conversions_settings;
  const [code, setCode] = useState<string | null>(null);
  const codeValue = code ?? settings?.test_event_code ?? '';
  const codeError = codeValue ? testEventCodeError(codeValue) : null;
  const locked = !canEdit.allowed || update.isPending;

  const saveCode = (event: FormEvent) => {
    event.preventDefault();
    if (codeError || locked) return;
    update.mutate({ test_event_code: codeValue.trim() || null }, { onSuccess: () => setCode(null) });
  };

  return (
    <div className="mt-3 rounded-lg border border-slate-200 px-3 py-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-details`}
        onClick={() => setOpen((o) => !o)}
        className={`flex w-full items-center justify-between gap-2 rounded text-left text-sm font-medium text-slate-800 ${focusRing}`}
      >
        Send log and settings
        <ChevronDown
          aria-hidden="true"
          className={`size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <div id={`${id}-details`} hidden={!open} className="mt-3 space-y-4">
        <SwitchField
          id={`${id}-predicted`}
          label="Predicted-value events"
          description="A PredictedBuyer event when a live visitor first reaches readiness 80, worth their conversion probability × your average order value."
          checked={settings?.predicted_value_events ?? true}
          onChange={(on) => update.mutate({ predicted_value_events: on })}
          disabled={locked}
          describedBy={canEdit.allowed ? undefined : reasonId}
        />
        <form onSubmit={saveCode} className="flex flex-wrap items-end gap-2" noValidate>
          <div className="min-w-0 flex-1">
            <CredentialInput
              id={`${id}-code`}
              label="Test Event Code"
              placeholder="None: events count for ads"
              value={codeValue}
              onChange={(e) => setCode(e.target.value)}
              error={codeError}
              disabled={locked}
            />
          </div>
          <Button type="submit" variant="secondary" disabled={locked || codeError !== null}>
            Save code
          </Button>
        </form>
        {update.error && <Alert tone="error">{getErrorMessage(update.error, 'Failed to save the settings')}</Alert>}
        {log.isPending && open && <p className="text-sm text-slate-500">Loading the send log…</p>}
        {log.error && <Alert tone="error">{getErrorMessage(log.error, 'Failed to load the send log')}</Alert>}
        {log.data && (
          <section aria-label="Conversions API send log" className="space-y-2">
            <p className="text-sm text-slate-700">
              {formatCount(log.data.counts.sent)} sent · {formatCount(log.data.counts.pending)} waiting ·{' '}
              {formatCount(log.data.counts.failed)} refused · {formatCount(log.data.counts.skipped)} not sent
            </p>
            <p className="text-xs text-slate-500">{log.data.average_order_value.explanation}</p>
            {log.data.events.length === 0 ? (
              <p className="text-sm text-slate-500">
                Nothing sent yet: tracked conversions are sent within a minute of happening.
              </p>
            ) : (
              <ul aria-label="Recent sends">
                {log.data.events.map((event) => (
                  <SendRow key={event.event_id} event={event} />
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
