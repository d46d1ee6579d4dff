import type { CompetitorPrice, CompetitorPriceBody, MarketInsights, StrategyAction } from '@ri/contracts';
import { actionPlan, marketInsights, marketIntelligence } from '@ri/engine';
import type { SqlExecutor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { listActions, upsertSuggestedActions } from './actions.service.js';
import { buildMarketSnapshots, buildSnapshot, type StrategySources } from './snapshot.service.js';

// Market insights and figures from data the business really has: ad-auction costs over time, its own seasonality,
// and the competitor prices its people enter. Each names its source.

const WINDOW_DAYS = 30;

export async function getMarketInsights(ctx: StrategySources, businessId: string): Promise<MarketInsights> {
  const snapshot = await buildSnapshot(ctx, businessId, WINDOW_DAYS);
  const { insights, skipped } = marketInsights(snapshot);
  return {
    insights: insights.map(({ action_plans: _plans, ...insight }) => insight),
    skipped,
    market_intelligence: marketIntelligence(snapshot),
  };
}

/** The dashboard's Market figures over `days`, and the sentiment of the window before (its trend). */
export async function dashboardMarket(ctx: StrategySources, businessId: string, days: number) {
  const now = new Date();
  const [current, before] = await buildMarketSnapshots(ctx, businessId, days, [
    now,
    new Date(now.getTime() - days * 86_400_000),
  ]);
  const figures = marketIntelligence(current!);
  const previous = marketIntelligence(before!);
  const sourced = (f: { value: number | null; source: string | null; reason: string | null }, fallback: string) => ({
    value: f.value,
    source: f.source ?? fallback,
    reason: f.value === null ? (f.reason ?? 'Not enough data yet.') : null,
  });
  return {
    market_sentiment: sourced(figures.market_sentiment, 'Ad-auction costs and your seasonality'),
    competitor_price_diff: {
      ...sourced(figures.competitor_price_diff, 'Competitor prices you enter'),
      // The contract's unit is percent; the engine's figure is a fraction.
      value:
        figures.competitor_price_diff.value === null
          ? null
          : Math.round(figures.competitor_price_diff.value * 1000) / 10,
    },
    sentiment_previous: previous.market_sentiment.value,
  };
}

/** Create Action Plan: the insight's recommended actions become suggested actions. */
export async function createActionPlan(
  ctx: StrategySources,
  businessId: string,
  insightId: string,
): Promise<{ actions: StrategyAction[] }> {
  const snapshot = await buildSnapshot(ctx, businessId, WINDOW_DAYS);
  const insight = marketInsights(snapshot).insights.find((i) => i.id === insightId);
  if (!insight) throw new AppError('not_found', 'Market insight not found (the data behind it may have changed)');
  const actions = actionPlan(insight);
  await ctx.database.transaction((q) => upsertSuggestedActions(q, businessId, actions, 'market_insight'));
  return {
    actions: await listActions(
      ctx,
      businessId,
      actions.map((a) => a.id),
    ),
  };
}

const iso = (v: unknown) => new Date(v as string).toISOString();

export async function listCompetitorPrices(q: SqlExecutor, businessId: string): Promise<{ prices: CompetitorPrice[] }> {
  const { rows } = await q(
    `SELECT p.*, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) AS who
       FROM competitor_prices p LEFT JOIN users u ON u.id = p.entered_by
      WHERE p.business_id = $1 ORDER BY p.entered_at DESC, p.id`,
    [businessId],
  );
  return {
    prices: rows.map((r) => ({
      id: r.id as string,
      competitor: r.competitor as string,
      product: r.product as string,
      price: Number(r.price),
      own_price: Number(r.own_price),
      currency: r.currency as string,
      entered_at: iso(r.entered_at),
      entered_by: (r.who as string | null) ?? null,
    })),
  };
}

export async function addCompetitorPrice(
  q: SqlExecutor,
  businessId: string,
  userId: string,
  body: CompetitorPriceBody,
): Promise<CompetitorPrice> {
  const { rows } = await q(
    `INSERT INTO competitor_prices (business_id, competitor, product, price, own_price, currency, entered_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [businessId, body.competitor, body.product, body.price, body.own_price, body.currency, userId],
  );
  const added = (await listCompetitorPrices(q, businessId)).prices.find((p) => p.id === rows[0]!.id);
  return added!;
}

export async function deleteCompetitorPrice(q: SqlExecutor, businessId: string, id: string) {
  const { rows } = await q('DELETE FROM competitor_prices WHERE business_id = $1 AND id = $2 RETURNING id', [
    businessId,
    id,
  ]);
  if (rows.length === 0) throw new AppError('not_found', 'Competitor price not found');
  return { deleted: true as const };
}
