import type { SessionJourney } from '@ri/contracts';
import { Alert } from '../../../components/ui/alert';
import { formatDuration, truncateText } from '../../../lib/format';

const METADATA_MAX = 120;

function summarise(metadata: Record<string, unknown>): string {
  const parts = Object.entries(metadata).map(
    ([key, value]) => `${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`,
  );
  return truncateText(parts.join(', '), METADATA_MAX);
}

/** The behavioural events in time order, with element, duration and a digest of their metadata. */
export function EventsTab({ journey }: { journey: SessionJourney }) {
  const events = [...journey.events].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  return (
    <div className="space-y-3">
      {journey.events_truncated && (
        <Alert tone="info">Only the first {events.length.toLocaleString()} events of this session are shown.</Alert>
      )}
      {events.length > 0 ? (
        <ol aria-label="Behavioural events" className="divide-y divide-slate-100">
          {events.map((event, index) => {
            const summary = summarise(event.metadata);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: two events can share a timestamp and type; the order is fixed
              <li key={`${event.timestamp}-${index}`} className="py-2 text-sm">
                <div className="flex flex-wrap items-baseline gap-x-3">
                  <span className="font-medium text-slate-900">{event.event_type.replaceAll('_', ' ')}</span>
                  <time dateTime={event.timestamp} className="text-xs text-slate-500 tabular-nums">
                    {new Date(event.timestamp).toLocaleTimeString()}
                  </time>
                  {event.duration !== null && (
                    <span className="text-xs text-slate-500">lasted {formatDuration(event.duration)}</span>
                  )}
                </div>
                {event.element_id && <p className="break-all font-mono text-xs text-slate-700">{event.element_id}</p>}
                {summary && <p className="break-all text-xs text-slate-500">{summary}</p>}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-sm text-slate-500">No behavioural events were recorded in this session.</p>
      )}
    </div>
  );
}
