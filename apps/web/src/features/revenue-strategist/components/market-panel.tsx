import type { MarketInsights, StrategyAction } from '@ri/contracts';
import { Globe } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import type { Permission } from '../../../lib/can';
import { ruleLabel } from '../lib/rule-labels';
import { CompetitorPricesPanel } from './competitor-prices-panel';
import { InsightCard } from './insight-card';
import { MarketFigures } from './market-figures';

type Props = {
  data: MarketInsights;
  actions: readonly StrategyAction[];
  permissions: { actionPlan: Permission; prices: Permission };
  onShowActions: () => void;
};

/** The Market Insights tab: the two market figures, the insights, what could not be computed, and competitor prices. */
export function MarketPanel({ data, actions, permissions, onShowActions }: Props) {
  const planned = (insightId: string) =>
    actions.filter((a) => a.source_kind === 'market_insight' && a.source_id === insightId).length;
  return (
    <div className="space-y-4">
      <MarketFigures figures={data.market_intelligence} />
      {data.insights.length === 0 ? (
        <EmptyState icon={Globe} title="No market insight right now" compact>
          Insights come from your ad-auction costs, your revenue's seasonality and the competitor prices you enter.
          {data.skipped.length > 0 ? ' Below: what each one lacks.' : ' None found a change worth acting on.'}
        </EmptyState>
      ) : (
        <div className="space-y-4">
          {data.insights.map((insight) => (
            <InsightCard
              key={insight.id}
              insight={insight}
              permission={permissions.actionPlan}
              plannedActions={planned(insight.id)}
              onShowActions={onShowActions}
            />
          ))}
        </div>
      )}
      {data.skipped.length > 0 && (
        <section aria-labelledby="market-skipped" className="rounded-lg border border-amber-200 bg-amber-50 p-3">
          <h3 id="market-skipped" className="text-sm font-semibold text-amber-900">
            Insights that could not be computed
          </h3>
          <ul className="mt-1 space-y-1 text-sm text-amber-900">
            {data.skipped.map((s) => (
              <li key={`${s.rule}|${s.reason}`}>
                <span className="font-medium">{ruleLabel(s.rule)}:</span> {s.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
      <CompetitorPricesPanel permission={permissions.prices} />
    </div>
  );
}
