import { MousePointerClick } from 'lucide-react';
import { Link } from 'react-router';
import { LoadErrorPanel, type LoadErrorProps } from '../../../components/ui/load-error-panel';
import { focusRing } from '../../../lib/focus-ring';

export function AdminErrorState(props: LoadErrorProps) {
  return <LoadErrorPanel title="Unable to load session data" {...props} />;
}

/** No sessions in the chosen range and status: most often the script is not installed yet. */
export function AdminEmptyState({ rangeLabel, filtered }: { rangeLabel: string; filtered: boolean }) {
  return (
    <div className="py-8 text-center">
      <MousePointerClick aria-hidden="true" className="mx-auto size-8 text-slate-400" />
      <h3 className="mt-2 text-base font-semibold text-slate-900">No sessions recorded yet</h3>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        {filtered
          ? `No sessions with this status were recorded in the ${rangeLabel}. Try another status or a longer time range.`
          : `No visitor sessions were recorded in the ${rangeLabel}. Sessions appear here within seconds once the tracking script is on your website and people visit it.`}
      </p>
      <Link
        to="/tracking-script"
        className={`mt-4 inline-flex rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 ${focusRing}`}
      >
        Set up tracking script
      </Link>
    </div>
  );
}
