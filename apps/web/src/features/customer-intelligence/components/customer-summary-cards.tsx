import type { CustomerSummary } from '@ri/contracts';
import { DollarSign, Gauge, Users, Zap } from 'lucide-react';
import { MetricCard, MetricGrid } from '../../../components/ui/metric-card';
import { formatCount, formatDateTime, NO_VALUE } from '../../../lib/format';
import { formatMoney, reasonFor } from '../lib/customer-format';

/**
 * The spec's four cards from the list's summary. A figure that cannot be known is a dash with the server's
 * reason under it; the line below says how the lifetime values were forecast.
 */
export function CustomerSummaryCards({ summary }: { summary: CustomerSummary }) {
  const { reasons } = summary;
  return (
    <div className="space-y-2">
      <MetricGrid label="Customer summary">
        <MetricCard
          label="Total Customers"
          icon={Users}
          value={formatCount(summary.total_customers)}
          description="Merged across tracking, CRM and payments"
        />
        <MetricCard
          label="Avg Readiness Score"
          icon={Gauge}
          value={summary.avg_readiness_score === null ? NO_VALUE : summary.avg_readiness_score.toFixed(1)}
          description={summary.avg_readiness_score === null ? reasonFor(reasons, 'avg_readiness_score') : 'Out of 100'}
        />
        <MetricCard
          label="High Engagement"
          icon={Zap}
          value={formatCount(summary.high_engagement)}
          description="Customers whose engagement level is high"
        />
        <MetricCard
          label="Avg Lifetime Value"
          icon={DollarSign}
          value={
            summary.avg_lifetime_value === null ? NO_VALUE : formatMoney(summary.avg_lifetime_value, summary.currency)
          }
          description={
            summary.avg_lifetime_value === null
              ? reasonFor(reasons, 'avg_lifetime_value')
              : 'Past revenue plus the next 12 months forecast'
          }
        />
      </MetricGrid>
      <p className="text-xs text-slate-600">
        <span className="font-medium text-slate-800">Lifetime value model:</span> {summary.ltv_model.detail}
        {summary.generated_at && <> · Profiles built {formatDateTime(summary.generated_at)}</>}
      </p>
    </div>
  );
}
