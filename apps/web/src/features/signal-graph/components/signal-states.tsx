import { MousePointerClick } from 'lucide-react';
import { TrackingSetupLink } from '../../../components/domain/tracking-setup-link';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorPanel, type LoadErrorProps } from '../../../components/ui/load-error-panel';
import { formatCount } from '../../../lib/format';

/** Below this many sessions a correlation says little; the screen says so rather than hide the figures. */
export const FEW_SESSIONS = 30;

export function SignalErrorState(props: LoadErrorProps) {
  return <LoadErrorPanel title="Unable to load the Signal Graph™" retryLabel="Retry" {...props} />;
}

/** Nothing to analyse in the window, or so little that the figures are early indications only. */
export function SampleSizeNotice({ sessions, windowText }: { sessions: number; windowText: string }) {
  if (sessions >= FEW_SESSIONS) return null;
  if (sessions > 0) {
    return (
      <Alert tone="info">
        Only {formatCount(sessions)} {sessions === 1 ? 'session was' : 'sessions were'} analysed in {windowText}: too
        little data for reliable patterns. Read strengths and correlations as early indications, or choose a longer time
        frame.
      </Alert>
    );
  }
  return (
    <EmptyState icon={MousePointerClick} title="Not enough data yet" action={<TrackingSetupLink />} framed>
      No sessions were analysed in {windowText}, so there are no signals, patterns or flows to show. They appear once
      the tracking script records visitors; try a longer time frame or check the script.
    </EmptyState>
  );
}
