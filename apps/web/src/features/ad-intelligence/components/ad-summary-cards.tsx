import type { AdIntelligenceSummary } from '@ri/contracts';
import { DollarSign, MousePointerClick, Target, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { MetricCard, MetricGrid } from '../../../components/ui/metric-card';
import { NO_VALUE } from '../../../lib/format';
import { formatConversions, formatCtr, formatMoney, formatRoas } from '../lib/ad-format';
import { type Trend, trendOf, trendText } from '../lib/trend';
import { reasonFor } from './figures';

const trendTones = { up: 'text-emerald-700', down: 'text-red-700', flat: 'text-slate-500' } as const;

function TrendLine({ trend, days }: { trend: Trend; days: number }) {
  const tone = trend.kind === 'change' ? trendTones[trend.direction] : 'text-slate-500';
  return <span className={`block ${tone}`}>{trendText(trend, days)}</span>;
}

type Field = 'total_spend' | 'avg_roas' | 'avg_ctr';

/**
 * The four cards of the spec: spend, conversions (ours, with the platforms' own claim beside it), ROAS and
 * CTR, each with its change against the previous window. A figure that cannot be known is a dash with the
 * server's reason under it.
 */
export function AdSummaryCards({ summary }: { summary: AdIntelligenceSummary }) {
  const { currency, days, previous, reasons } = summary;
  const figure = (field: Field, format: (value: number) => string) => {
    const value = summary[field];
    return value === null ? NO_VALUE : format(value);
  };
  const describe = (field: Field, extra?: ReactNode) => {
    const value = summary[field];
    if (value === null) return <span className="block">{reasonFor(reasons, field)}</span>;
    return (
      <>
        {extra}
        <TrendLine trend={trendOf(value, previous[field])} days={days} />
      </>
    );
  };
  const money = (value: number) => formatMoney(value, currency);

  return (
    <MetricGrid label="Ad summary">
      <MetricCard
        label="Total Ad Spend"
        icon={DollarSign}
        value={figure('total_spend', money)}
        description={describe('total_spend')}
      />
      <MetricCard
        label="Total Conversions"
        icon={Target}
        value={formatConversions(summary.total_conversions)}
        description={
          <>
            <span className="block">
              Attributed by us ·{' '}
              {summary.platform_conversions === null
                ? `platforms report ${NO_VALUE} (${reasonFor(reasons, 'platform_conversions')})`
                : `platforms report ${formatConversions(summary.platform_conversions)}`}
            </span>
            <TrendLine trend={trendOf(summary.total_conversions, previous.total_conversions)} days={days} />
          </>
        }
      />
      <MetricCard
        label="Average ROAS"
        icon={TrendingUp}
        value={figure('avg_roas', formatRoas)}
        description={describe(
          'avg_roas',
          <span className="block">Attributed revenue {money(summary.attributed_revenue)}</span>,
        )}
      />
      <MetricCard
        label="Average CTR"
        icon={MousePointerClick}
        value={figure('avg_ctr', formatCtr)}
        description={describe('avg_ctr')}
      />
    </MetricGrid>
  );
}
