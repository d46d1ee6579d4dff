import { MousePointerClick } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { LoadErrorPanel, type LoadErrorProps } from '../../../components/ui/load-error-panel';
import { Panel } from '../../../components/ui/panel';
import { focusRing } from '../../../lib/focus-ring';
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
    <Panel className="text-center">
      <MousePointerClick aria-hidden="true" className="mx-auto size-8 text-slate-400" />
      <h2 className="mt-2 text-base font-semibold text-slate-900">Not enough data yet</h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        No sessions were analysed in {windowText}, so there are no signals, patterns or flows to show. They appear once
        the tracking script records visitors; try a longer time frame or check the script.
      </p>
      <Link
        to="/tracking-script"
        className={`mt-4 inline-flex rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 ${focusRing}`}
      >
        Set up tracking script
      </Link>
    </Panel>
  );
}
