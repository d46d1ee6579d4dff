import type { Dashboard, Trend } from '@ri/contracts';
import { figureAt, reasonAt } from './dashboard-data';
import { formatFigure } from './dashboard-format';

export type ModuleKey = 'metric' | 'customer' | 'copy' | 'ad' | 'behavior' | 'market';

/** One of the six module cards (spec 2.4): the module, the figure it shows and the trend beside it. */
export type ModuleCard = {
  key: ModuleKey;
  title: string;
  /** What the value is. */
  label: string;
  /** The value as text, or null with `reason`. */
  value: string | null;
  reason: string;
  /** Where the figure comes from, in the server's words. */
  source: string | null;
  trend: Trend;
  /** What the trend measures, which is not always the figure (sessions beside their mean duration). */
  trendSubject: string;
};

type Spec = Pick<ModuleCard, 'key' | 'title' | 'label' | 'trendSubject'> & {
  path: string;
  trend: keyof Dashboard['trends'];
};

const SPECS: readonly Spec[] = [
  {
    key: 'metric',
    title: 'Metric Intelligence',
    label: 'Conversion rate',
    path: 'metric_intelligence.cvr',
    trend: 'cvr_trend',
    trendSubject: 'Conversion rate',
  },
  {
    key: 'customer',
    title: 'Customer Intelligence',
    label: 'Total customers',
    path: 'customer_intelligence.total_users',
    trend: 'users_trend',
    trendSubject: 'New customers',
  },
  {
    key: 'copy',
    title: 'Copy Intelligence',
    label: 'Message resonance',
    path: 'copy_intelligence.message_resonance',
    trend: 'message_trend',
    trendSubject: 'Message resonance',
  },
  {
    key: 'ad',
    title: 'Ad Intelligence',
    label: 'Ad spend',
    path: 'ad_intelligence.ad_spend',
    trend: 'spend_trend',
    trendSubject: 'Ad spend',
  },
  {
    key: 'behavior',
    title: 'Behavior Intelligence',
    label: 'Avg session duration',
    path: 'behavior_intelligence.avg_session_duration',
    trend: 'session_trend',
    trendSubject: 'Sessions',
  },
  {
    key: 'market',
    title: 'Market Intelligence',
    label: 'Market sentiment (−100 to 100)',
    path: 'market_intelligence.market_sentiment',
    trend: 'market_sentiment_trend',
    trendSubject: 'Market sentiment',
  },
];

/** The six module cards from the dashboard, each value formatted by its figure's unit. */
export function moduleCards(d: Dashboard): ModuleCard[] {
  return SPECS.map((spec) => {
    const figure = figureAt(d, spec.path);
    const value = figure?.value ?? null;
    return {
      key: spec.key,
      title: spec.title,
      label: spec.label,
      trendSubject: spec.trendSubject,
      value: value === null || !figure ? null : formatFigure(value, figure.unit, d.currency),
      reason: reasonAt(d, spec.path),
      source: figure?.source ?? null,
      trend: d.trends[spec.trend],
    };
  });
}

/**
 * A trend in words: '▲ 12.5%', '▼ 3.2%', 'No change'. Without a percentage (no earlier figure, or up from
 * none) it says so instead of showing a made-up one.
 */
export function trendText(trend: Trend): string {
  if (trend.percentage === null) {
    return trend.direction === 'up' ? 'Up from none before' : 'No earlier figure to compare';
  }
  if (trend.direction === 'neutral' || trend.percentage === 0) return 'No change';
  const arrow = trend.direction === 'up' ? '▲' : '▼';
  return `${arrow} ${Math.abs(trend.percentage).toFixed(1)}%`;
}
