import type { BehavioralSignalsResponse } from '@ri/contracts';
import { Activity, GitBranch, Sparkles, Zap } from 'lucide-react';
import { MetricCard, MetricGrid } from '../../../components/ui/metric-card';
import { formatCount, NO_VALUE } from '../../../lib/format';

type Props = { data: BehavioralSignalsResponse | undefined; windowText: string };

/** The four summary counts exactly as the server gives them, each with what it was counted over. */
export function SignalSummaryCards({ data, windowText }: Props) {
  const count = (pick: (summary: BehavioralSignalsResponse['summary']) => number) =>
    data ? formatCount(pick(data.summary)) : NO_VALUE;
  return (
    <MetricGrid label="Summary">
      <MetricCard
        label="Active Signals"
        icon={Activity}
        value={count((s) => s.active_signals)}
        description={data && `from ${formatCount(data.sessions_analyzed)} sessions analysed`}
      />
      <MetricCard
        label="Pattern Matches"
        icon={Sparkles}
        value={count((s) => s.pattern_matches)}
        description={data && `across ${formatCount(data.patterns.length)} patterns`}
      />
      <MetricCard
        label="High Impact Signals"
        icon={Zap}
        value={count((s) => s.high_impact_signals)}
        description={data && `of ${formatCount(data.signals.length)} signals`}
      />
      <MetricCard
        label="Signal Flows"
        icon={GitBranch}
        value={count((s) => s.signal_flows)}
        description={data && `transitions in ${windowText}`}
      />
    </MetricGrid>
  );
}
