import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-error';
import { formatCount, formatDateTime, formatRelativeTime } from '../../../lib/format';
import { useValidateSetup } from '../hooks/use-validate-setup';

/** What the server has really received for this business in the last 24 hours. */
export function SetupFigures() {
  const { data, isPending, isError, error, refetch, isFetching } = useValidateSetup();

  if (isPending) return <p className="text-sm text-slate-500">Checking what has arrived…</p>;
  if (isError) {
    return (
      <div className="text-sm text-red-700">
        <p role="alert">{getErrorMessage(error, 'Could not check the setup.')}</p>
        <Button variant="link" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const figures = [
    { label: 'Events in the last 24 h', value: formatCount(data.events_last_24h) },
    { label: 'Bot requests in the last 24 h', value: formatCount(data.bot_requests_last_24h) },
    {
      label: 'Last event',
      value: data.last_event_at ? formatRelativeTime(data.last_event_at) : 'None yet',
      title: data.last_event_at ? formatDateTime(data.last_event_at) : undefined,
    },
  ];

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Events received</h3>
        <Button variant="link" busy={isFetching} onClick={() => void refetch()}>
          Refresh
        </Button>
      </div>
      <dl className="mt-2 grid gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-xs text-slate-500">{figure.label}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900" title={figure.title}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      {!data.configured && <p className="mt-2 text-sm text-slate-600">No tracking script has been generated yet.</p>}
      {data.configured && data.events_last_24h === 0 && (
        <p className="mt-2 text-sm text-slate-600">
          No events have arrived in the last 24 hours yet. Once the snippet is on your site, open a page there and
          events appear here within a few seconds.
        </p>
      )}
    </div>
  );
}
