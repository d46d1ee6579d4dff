import { HIGH_INTENT_READINESS, type LiveSessionsSummary, type TimeRange } from '@ri/contracts';
import { Activity, Gauge, Percent, Target } from 'lucide-react';
import { MetricCard, MetricGrid } from '../../../components/ui/metric-card';
import { formatCount, formatPercent, NO_VALUE } from '../../../lib/format';
import { timeRangeWindow } from '../../../lib/time-ranges';

type Props = { summary: LiveSessionsSummary | undefined; timeFrame: TimeRange };

/** The four summary figures exactly as the server computed them; a dash and the reason when unknown. */
export function SpySummaryCards({ summary, timeFrame }: Props) {
  const window = timeRangeWindow(timeFrame);
  const noScores = `No session in ${window} has been scored yet.`;
  return (
    <MetricGrid label="Summary">
      <MetricCard
        label="Active Sessions"
        icon={Activity}
        value={summary ? formatCount(summary.active_sessions) : NO_VALUE}
        description={summary && `of ${formatCount(summary.sessions)} sessions in ${window}`}
      />
      <MetricCard
        label="Avg Readiness Score"
        icon={Gauge}
        value={summary?.avg_readiness_score != null ? summary.avg_readiness_score.toFixed(1) : NO_VALUE}
        description={
          summary &&
          (summary.avg_readiness_score === null
            ? noScores
            : `over ${formatCount(summary.scored_sessions)} scored sessions`)
        }
      />
      <MetricCard
        label="High-Intent Users"
        icon={Target}
        value={summary ? formatCount(summary.high_intent_users) : NO_VALUE}
        description={summary && `readiness ${HIGH_INTENT_READINESS} or more`}
      />
      <MetricCard
        label="Conversion Probability"
        icon={Percent}
        value={
          summary?.avg_conversion_probability != null ? formatPercent(summary.avg_conversion_probability) : NO_VALUE
        }
        description={summary && (summary.avg_conversion_probability === null ? noScores : 'average of scored sessions')}
      />
    </MetricGrid>
  );
}
