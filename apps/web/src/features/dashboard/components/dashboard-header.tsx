import { Sparkles } from 'lucide-react';
import { ReadinessBadge } from '../../../components/domain/readiness-badge';
import { Button } from '../../../components/ui/button';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { WINDOW_OPTIONS, type WindowValue } from '../hooks/use-dashboard-window';
import { NotKnown } from './not-known';

type Props = {
  /** Undefined until the dashboard is loaded; null with `readinessReason` when no session was scored. */
  readiness: number | null | undefined;
  readinessReason: string;
  asOf: string | null | undefined;
  window: WindowValue;
  onWindowChange: (value: WindowValue) => void;
  generating: boolean;
  onGenerate: () => void;
};

/** The title, the readiness badge and Generate Strategic Insights (spec 2.4), then the window and the figures' age. */
export function DashboardHeader({
  readiness,
  readinessReason,
  asOf,
  window,
  onWindowChange,
  generating,
  onGenerate,
}: Props) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Revenue Superintelligence Dashboard</h1>
        <div className="flex flex-wrap items-center gap-3">
          {readiness !== undefined &&
            (readiness === null ? (
              <span className="max-w-56 rounded-lg border border-slate-200 bg-white px-2.5 py-1 text-xs text-slate-600">
                <span className="font-medium text-slate-700">Readiness Score™</span>
                <NotKnown reason={readinessReason} />
              </span>
            ) : (
              <ReadinessBadge score={readiness} size="md" />
            ))}
          <Button busy={generating} onClick={onGenerate}>
            {!generating && <Sparkles aria-hidden="true" className="size-4" />}
            {generating ? 'Generating...' : 'Generate Strategic Insights'}
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SegmentedControl label="Window" options={WINDOW_OPTIONS} value={window} onChange={onWindowChange} />
        {asOf !== undefined && (
          <p className="text-xs text-slate-500">
            {asOf === null ? (
              'The figures have not been computed yet: they are built within a minute of the first data.'
            ) : (
              <>
                Figures as of{' '}
                <time dateTime={asOf} title={formatDateTime(asOf)}>
                  {formatRelativeTime(asOf)}
                </time>
              </>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
