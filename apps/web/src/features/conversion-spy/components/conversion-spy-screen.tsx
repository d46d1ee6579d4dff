import type { LiveSession } from '@ri/contracts';
import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-error';
import { formatCount } from '../../../lib/format';
import { timeRangeWindow } from '../../../lib/time-ranges';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { TIME_FRAME_OPTIONS, useTimeFrame } from '../../../lib/use-time-frame';
import { useLiveSessionUpdates } from '../hooks/use-live-session-updates';
import { useLiveSessions } from '../hooks/use-live-sessions';
import { useSessionsExport } from '../hooks/use-sessions-export';
import { LiveIndicator } from './live-indicator';
import { LiveSessionsTable } from './live-sessions-table';
import type { RenderEngage } from './session-cells';
import { DemoModeBanner, isDemoModeMessage, LOAD_FAILED, SpyEmptyState, SpyErrorState } from './spy-states';
import { SpySummaryCards } from './spy-summary-cards';

export const EXPORT_FAILED = 'Export failed. Please try again.';

type Props = {
  /** The readiness model's panel, shown between the summary figures and the insights. */
  readinessModel: ReactNode;
  /** The behavioural insights' panel, shown between the readiness model and the live sessions. */
  insights: ReactNode;
  /** The Details dialog of a session; `onClose` closes it. The screen keeps it on the session's live row. */
  renderSessionDetails: (session: LiveSession, onClose: () => void) => ReactNode;
  /** What a high-intent session's row offers beside Details (Engage). */
  renderEngage?: RenderEngage;
};

/**
 * /conversion-spy-engine: Digital Body Language™. Live visitor sessions with their readiness score,
 * profile and key signals, kept current by the server's live stream (and a 30 s poll behind it).
 * What other features add to it (model and insights panels, Details, Engage) comes in as slots and render
 * props, which app/ fills.
 */
export function ConversionSpyScreen({ readinessModel, insights, renderSessionDetails, renderEngage }: Props) {
  useDocumentTitle('Conversion Spy Engine');
  const [timeFrame, setTimeFrame] = useTimeFrame();
  const sessions = useLiveSessions(timeFrame);
  const connection = useLiveSessionUpdates();
  const exporter = useSessionsExport(timeFrame);
  const [details, setDetails] = useState<LiveSession | null>(null);

  // The dialog follows the live row while it is in the list, and keeps the last copy if it drops out.
  const detailsSession =
    details && (sessions.data?.sessions.find((s) => s.session_id === details.session_id) ?? details);

  const loadError = sessions.isError ? getErrorMessage(sessions.error, LOAD_FAILED) : null;
  const windowText = timeRangeWindow(timeFrame);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-indigo-600">Conversion Spy Engine</p>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Digital Body Language™</h1>
          <p className="mt-1 text-sm text-slate-600">
            Live visitor sessions, scored for readiness to buy and sorted into Neuromind profiles as they happen.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LiveIndicator connection={connection} />
          <SegmentedControl label="Time frame" options={TIME_FRAME_OPTIONS} value={timeFrame} onChange={setTimeFrame} />
          <Button variant="secondary" busy={exporter.isPending} onClick={() => exporter.mutate()}>
            {!exporter.isPending && <Download aria-hidden="true" className="size-4" />}
            Export Insights
          </Button>
        </div>
      </div>
      {exporter.isError && <Alert tone="error">{EXPORT_FAILED}</Alert>}

      {loadError && !sessions.data ? (
        isDemoModeMessage(loadError) ? (
          <DemoModeBanner message={loadError} />
        ) : (
          <SpyErrorState message={loadError} retrying={sessions.isFetching} onRetry={() => void sessions.refetch()} />
        )
      ) : (
        // While another time frame loads, the previous figures stay, dimmed, instead of a blank screen.
        <div
          aria-busy={sessions.isPlaceholderData || undefined}
          className={`space-y-6 ${sessions.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {loadError && <Alert tone="error">Could not refresh the sessions: {loadError}</Alert>}
          <SpySummaryCards summary={sessions.data?.summary} timeFrame={timeFrame} />
          {readinessModel}
          {insights}
          <Panel>
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-lg font-semibold text-slate-900">Live Sessions</h2>
              {sessions.data && sessions.data.total > 0 && (
                <p className="text-xs text-slate-500">
                  {sessions.data.sessions.length < sessions.data.total
                    ? `Showing ${formatCount(sessions.data.sessions.length)} of ${formatCount(sessions.data.total)} sessions in ${windowText}`
                    : `${formatCount(sessions.data.total)} sessions in ${windowText}`}
                </p>
              )}
            </div>
            {sessions.isPending && <Spinner label="Loading sessions..." />}
            {sessions.data?.sessions.length === 0 && <SpyEmptyState windowText={windowText} />}
            {sessions.data && sessions.data.sessions.length > 0 && (
              <LiveSessionsTable sessions={sessions.data.sessions} onDetails={setDetails} renderEngage={renderEngage} />
            )}
          </Panel>
        </div>
      )}

      {detailsSession && renderSessionDetails(detailsSession, () => setDetails(null))}
    </div>
  );
}
