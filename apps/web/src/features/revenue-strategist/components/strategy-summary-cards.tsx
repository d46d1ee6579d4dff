import { Lightbulb, Rocket, Target, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MetricCard, MetricGrid } from '../../../components/ui/metric-card';
import { NO_VALUE } from '../../../lib/format';
import { formatFractionPercent } from '../lib/fractions';
import { QUICK_WIN, type StrategySummary } from '../lib/strategy-summary';
import { MethodDialog } from './method-dialog';

type Props = {
  /** Null for the figures whose list could not be loaded. */
  summary: { [K in keyof StrategySummary]: StrategySummary[K] | null };
};

const count = (value: number | null) => (value === null ? NO_VALUE : String(value));

/**
 * The four cards of spec 3 section 2.1. The spec's "up 25% this week" was a constant; the only trend shown
 * here is one the data holds: high-priority recommendations first found in the last seven days.
 */
export function StrategySummaryCards({ summary }: Props) {
  const [explaining, setExplaining] = useState(false);
  return (
    <>
      <MetricGrid label="Strategy summary">
        <MetricCard
          label="Active Recommendations"
          icon={Target}
          value={count(summary.highPriority)}
          description={
            <>
              <span className="block">High-priority recommendations</span>
              {summary.newThisWeek !== null && summary.newThisWeek > 0 && (
                <span className="block text-emerald-700">↑ {summary.newThisWeek} new this week</span>
              )}
            </>
          }
        />
        <MetricCard
          label="Potential Revenue Lift"
          icon={TrendingUp}
          value={summary.liftSum === null ? NO_VALUE : formatFractionPercent(summary.liftSum)}
          description={
            <>
              <span className="block">
                Estimate: the sum of {count(summary.recommendationCount)} recommendations' lifts, which may overlap.
              </span>
              <Button variant="link" className="text-xs" onClick={() => setExplaining(true)}>
                How is this computed?
              </Button>
            </>
          }
        />
        <MetricCard
          label="Quick Wins Available"
          icon={Rocket}
          value={count(summary.quickWins)}
          description={`Open actions with effort ≤ ${QUICK_WIN.maxEffort} and impact ≥ ${QUICK_WIN.minImpact}`}
        />
        <MetricCard
          label="Market Opportunities"
          icon={Lightbulb}
          value={count(summary.opportunities)}
          description="Market insights of type opportunity"
        />
      </MetricGrid>
      <MethodDialog open={explaining} onOpenChange={setExplaining} />
    </>
  );
}
