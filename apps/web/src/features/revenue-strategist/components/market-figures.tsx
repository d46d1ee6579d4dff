import type { MarketInsights } from '@ri/contracts';
import { MetricCard } from '../../../components/ui/metric-card';
import { type MarketFigureKind, marketFigureValue, SENTIMENT_SCALE } from '../lib/market-figures';

const LABELS: Record<MarketFigureKind, string> = {
  market_sentiment: 'Market sentiment',
  competitor_price_diff: 'Competitor price difference',
};

/** The two market figures, each with the data it comes from, or why it cannot be computed. */
export function MarketFigures({ figures }: { figures: MarketInsights['market_intelligence'] }) {
  return (
    <dl aria-label="Market figures" className="grid gap-3 sm:grid-cols-2">
      {(Object.keys(LABELS) as MarketFigureKind[]).map((kind) => {
        const figure = figures[kind];
        return (
          <MetricCard
            key={kind}
            label={LABELS[kind]}
            value={marketFigureValue(kind, figure.value)}
            description={
              <>
                {kind === 'market_sentiment' && <span className="block">{SENTIMENT_SCALE}</span>}
                <span className="block">
                  {figure.value === null
                    ? (figure.reason ?? 'Not enough data to compute it.')
                    : `Source: ${figure.source ?? 'not named'}`}
                </span>
              </>
            }
          />
        );
      })}
    </dl>
  );
}
