import type { SessionDetail, SessionEvent } from '@ri/contracts';
import { Alert } from '../../../components/ui/alert';
import { Panel } from '../../../components/ui/panel';
import { formatDuration, truncateText } from '../../../lib/format';
import { describeEventType } from '../lib/event-icons';

const METADATA_SUMMARY_MAX = 120;

/** A one-line digest of an event's metadata, e.g. `depth: 75, velocity: 420`. */
export function summariseMetadata(metadata: Record<string, unknown>): string {
  const parts = Object.entries(metadata).map(([key, value]) => {
    const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
    return `${key}: ${text}`;
  });
  return truncateText(parts.join(', '), METADATA_SUMMARY_MAX);
}

const offsetFrom = (start: number, iso: string) => `+${formatDuration(Math.max(0, Date.parse(iso) - start))}`;

function EventItem({ event, start }: { event: SessionEvent; start: number }) {
  const { icon: Icon, label } = describeEventType(event.event_type);
  const summary = summariseMetadata(event.metadata);
  return (
    <li className="flex gap-3 py-3 text-sm">
      <span className="grid size-8 shrink-0 place-items-center rounded-full bg-indigo-50 text-indigo-600">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <span className="font-medium text-slate-900">{label}</span>
          <time
            dateTime={event.timestamp}
            title={new Date(event.timestamp).toLocaleString()}
            className="text-xs text-slate-500"
          >
            {offsetFrom(start, event.timestamp)}
          </time>
          {event.duration !== null && (
            <span className="text-xs text-slate-500">lasted {formatDuration(event.duration)}</span>
          )}
        </div>
        {event.page_url && <p className="break-all text-xs text-slate-600">{event.page_url}</p>}
        {event.element_id && <p className="break-all font-mono text-xs text-slate-700">{event.element_id}</p>}
        {summary && <p className="break-all text-xs text-slate-500">{summary}</p>}
      </div>
    </li>
  );
}

/** Every event in time order, offset from the session start, then the page-to-page journey. */
export function DetailTimelineTab({ detail }: { detail: SessionDetail }) {
  const start = Date.parse(detail.start_time);
  const events = [...detail.events].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  return (
    <div className="space-y-4">
      {detail.events_truncated && (
        <Alert tone="info">
          Only the first {events.length.toLocaleString()} events are shown; this session recorded{' '}
          {detail.total_events.toLocaleString()}.
        </Alert>
      )}
      <Panel>
        <h2 className="text-base font-semibold text-slate-900">Events</h2>
        {events.length > 0 ? (
          <ol className="divide-y divide-slate-100">
            {events.map((event) => (
              <EventItem key={event.id} event={event} start={start} />
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-sm text-slate-500">No events were recorded in this session.</p>
        )}
      </Panel>
      <Panel>
        <h2 className="text-base font-semibold text-slate-900">Page transitions</h2>
        {detail.page_transitions.length > 0 ? (
          <ol className="mt-2 space-y-2 text-sm">
            {detail.page_transitions.map((transition) => (
              <li key={`${transition.timestamp}-${transition.to}`} className="flex flex-wrap gap-x-2">
                <time dateTime={transition.timestamp} className="text-xs text-slate-500 tabular-nums">
                  {offsetFrom(start, transition.timestamp)}
                </time>
                <span className="min-w-0 break-all text-slate-700">
                  {transition.from ?? 'Entry'} → <span className="text-slate-900">{transition.to}</span>
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-sm text-slate-500">The visitor stayed on one page.</p>
        )}
      </Panel>
    </div>
  );
}
