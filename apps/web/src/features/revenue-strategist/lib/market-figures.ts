import { NO_VALUE } from '../../../lib/format';
import { formatFractionPercent } from './fractions';

export type MarketFigureKind = 'market_sentiment' | 'competitor_price_diff';

/** What the sentiment's scale means, for the line under it. */
export const SENTIMENT_SCALE = 'From −100 to +100; above 0 the market favours growing sales now.';

/**
 * The market figures in words (docs/strategy.md): sentiment in [−100, 100], positive when the market favours
 * growing sales now; the price difference a fraction, own price over the competitors' median minus 1.
 */
export function marketFigureValue(kind: MarketFigureKind, value: number | null): string {
  if (value === null) return NO_VALUE;
  if (kind === 'market_sentiment') {
    const rounded = Math.round(value);
    const signed = rounded > 0 ? `+${rounded}` : rounded < 0 ? `−${Math.abs(rounded)}` : '0';
    const mood = rounded > 0 ? 'favourable' : rounded < 0 ? 'unfavourable' : 'neutral';
    return `${signed} (${mood})`;
  }
  if (Math.abs(value) < 0.0005) return "Level with competitors' median";
  return `${formatFractionPercent(Math.abs(value))} ${value > 0 ? 'above' : 'below'} competitors' median`;
}
