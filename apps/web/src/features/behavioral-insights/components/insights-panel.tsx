import type { BehavioralInsight } from '@ri/contracts';
import { Alert } from '../../../components/ui/alert';
import { Panel } from '../../../components/ui/panel';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-error';
import { formatCount } from '../../../lib/format';
import { INSIGHTS_DAYS } from '../api/behavioral-insights-api';
import { useBehavioralInsights } from '../hooks/use-behavioral-insights';
import { InsightsList } from './insights-list';

/** Real-Time Behavioral Insights over the last 30 days, each one actionable. */
export function InsightsPanel({ onTakeAction }: { onTakeAction: (insight: BehavioralInsight) => void }) {
  const { data, isPending, isError, error } = useBehavioralInsights();
  return (
    <Panel>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Real-Time Behavioral Insights</h2>
        {data && (
          <p className="text-xs text-slate-500">
            From {formatCount(data.sessions_analyzed)} sessions in the last {data.days} days
          </p>
        )}
      </div>
      {isPending && <Spinner label="Loading insights..." />}
      {isError && <Alert tone="error">{getErrorMessage(error, 'Failed to load behavioral insights')}</Alert>}
      {data && data.insights.length === 0 && (
        <p className="py-4 text-sm text-slate-600">
          No insights yet: {formatCount(data.sessions_analyzed)} sessions were analysed in the last {INSIGHTS_DAYS}{' '}
          days, too few for a pattern to stand out. Insights appear as more visitors are tracked.
        </p>
      )}
      {data && data.insights.length > 0 && <InsightsList insights={data.insights} onTakeAction={onTakeAction} />}
    </Panel>
  );
}
