import type { Recommendation, RecommendationCategory, RecommendationList, StrategyAction } from '@ri/contracts';
import {
  applyRewrite,
  type Recommendation as EngineRecommendation,
  smallCompoundingActions,
  strategicRecommendations,
} from '@ri/engine';
import { AppError } from '../../lib/errors.js';
import { listActions, setActionStatus, upsertSuggestedActions } from './actions.service.js';
import type { Rewriter } from './rewriter.js';
import { buildSnapshot, type StrategySources } from './snapshot.service.js';

// Recommendations: the engine's rules over a snapshot of the business, saved by their stable id so a regeneration
// updates what it finds again, marks what it no longer finds as not current (kept while someone acted on it), and
// derives the small compounding actions. An optional language model rewords; the engine's numbers stay.

export type StrategyContext = StrategySources & { rewriter: Rewriter | null };

type Body = Omit<Recommendation, 'status' | 'first_generated_at' | 'generated_at'>;

const percent = (fraction: number) => `${(fraction * 100).toFixed(1).replace(/\.0$/, '')}%`;

/** The spec's dashboard fields: expected impact in words and the next step, from the engine's own figures. */
function bodyOf(rec: EngineRecommendation, wording: 'engine' | 'model'): Body {
  return {
    id: rec.id,
    rule: rec.rule,
    title: rec.title,
    description: rec.description,
    priority: rec.priority,
    category: rec.category,
    expected_revenue_lift: rec.expected_revenue_lift,
    impact_score: rec.impact_score,
    effort_required: rec.effort_required,
    confidence: rec.confidence,
    timeframe: rec.timeframe,
    action_steps: [...rec.action_steps],
    success_metrics: [...rec.success_metrics],
    affected_segments: [...rec.affected_segments],
    evidence: rec.evidence.map((e) => ({ ...e })),
    lift_method: rec.lift_method,
    expected_impact: `An estimated ${percent(rec.expected_revenue_lift)} of the window's revenue (${rec.timeframe}); ${percent(rec.confidence)} confidence.`,
    next_steps: rec.action_steps[0]
      ? `${rec.action_steps[0]}${rec.success_metrics[0] ? ` Then watch: ${rec.success_metrics[0]}` : ''}`
      : 'Review the evidence.',
    wording,
  };
}

const iso = (v: unknown) => new Date(v as string).toISOString();

function recommendationOf(r: Record<string, unknown>): Recommendation {
  return {
    ...(r.body as Body),
    status: r.implemented_at ? 'implemented' : 'open',
    first_generated_at: iso(r.first_generated_at),
    generated_at: iso(r.generated_at),
  };
}

/** The saved recommendations (current ones), highest priority first, and the latest generation's notes. */
export async function listRecommendations(
  ctx: StrategyContext,
  businessId: string,
  query: { limit: number; category?: RecommendationCategory },
): Promise<RecommendationList> {
  const q = ctx.database.executeSql;
  const [recs, generation] = await Promise.all([
    q(
      `SELECT body, implemented_at, first_generated_at, generated_at FROM strategy_recommendations
        WHERE business_id = $1 AND current AND ($2::text IS NULL OR body->>'category' = $2)
        ORDER BY CASE body->>'priority' WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END,
                 (body->>'expected_revenue_lift')::float8 * (body->>'confidence')::float8 DESC, id
        LIMIT $3`,
      [businessId, query.category ?? null, query.limit],
    ),
    q('SELECT * FROM strategy_generations WHERE business_id = $1', [businessId]),
  ]);
  const g = generation.rows[0];
  return {
    recommendations: recs.rows.map(recommendationOf),
    last_generated: g ? iso(g.generated_at) : null,
    generated_at: g ? iso(g.generated_at) : null,
    window: g ? { days: Number(g.window_days), from: g.window_from as string, to: g.window_to as string } : null,
    checked: (g?.checked as string[] | undefined) ?? [],
    skipped: (g?.skipped as { rule: string; reason: string }[] | undefined) ?? [],
  };
}

/** Runs the rules over the last `days` days, saves what they find and derives the actions. */
export async function generateRecommendations(
  ctx: StrategyContext,
  businessId: string,
  days: number,
): Promise<RecommendationList> {
  const snapshot = await buildSnapshot(ctx, businessId, days);
  const found = strategicRecommendations(snapshot);
  const worded = await Promise.all(
    found.recommendations.map(async (rec) => {
      if (!ctx.rewriter) return bodyOf(rec, 'engine');
      const rewrite = await ctx.rewriter(rec, rec.evidence);
      if (!rewrite) return bodyOf(rec, 'engine');
      const { recommendation, check } = applyRewrite(rec, rewrite);
      return bodyOf(recommendation, check.accepted ? 'model' : 'engine');
    }),
  );
  const actions = smallCompoundingActions(found.recommendations);
  await ctx.database.transaction(async (q) => {
    await q('SELECT pg_advisory_xact_lock(hashtext($1))', [`strategy:${businessId}`]);
    await q('UPDATE strategy_recommendations SET current = false WHERE business_id = $1', [businessId]);
    if (worded.length > 0) {
      await q(
        `INSERT INTO strategy_recommendations (business_id, id, body, step_plans, current, first_generated_at, generated_at)
         SELECT $1, r.id, r.body, r.plans, true, now(), now()
           FROM jsonb_to_recordset($2::jsonb) AS r(id text, body jsonb, plans jsonb)
         ON CONFLICT (business_id, id) DO UPDATE SET body = excluded.body, step_plans = excluded.step_plans,
           current = true, generated_at = now()`,
        [
          businessId,
          JSON.stringify(worded.map((body, i) => ({ id: body.id, body, plans: found.recommendations[i]!.step_plans }))),
        ],
      );
    }
    await upsertSuggestedActions(q, businessId, actions, 'recommendation');
    await q(
      `INSERT INTO strategy_generations (business_id, generated_at, window_days, window_from, window_to, checked, skipped)
       VALUES ($1, now(), $2, $3, $4, $5::jsonb, $6::jsonb)
       ON CONFLICT (business_id) DO UPDATE SET generated_at = now(), window_days = $2, window_from = $3,
         window_to = $4, checked = $5::jsonb, skipped = $6::jsonb`,
      [
        businessId,
        days,
        snapshot.window.from,
        snapshot.window.to,
        JSON.stringify(found.checked),
        JSON.stringify(found.skipped),
      ],
    );
  });
  return listRecommendations(ctx, businessId, { limit: 100 });
}

/**
 * Implement: the recommendation's steps become actions in progress (started now, by this person), measured from
 * here on. A recommendation implemented already answers its actions as they are.
 */
export async function implementRecommendation(
  ctx: StrategyContext,
  businessId: string,
  userId: string,
  recommendationId: string,
): Promise<{ actions: StrategyAction[] }> {
  const q = ctx.database.executeSql;
  const { rows } = await q(
    'SELECT body, step_plans, implemented_at FROM strategy_recommendations WHERE business_id = $1 AND id = $2',
    [businessId, recommendationId],
  );
  const row = rows[0];
  if (!row) throw new AppError('not_found', 'Recommendation not found');
  const body = row.body as Body;
  const derived = smallCompoundingActions([
    { ...(body as unknown as EngineRecommendation), step_plans: row.step_plans as EngineRecommendation['step_plans'] },
  ]);
  await ctx.database.transaction(async (tx) => {
    await upsertSuggestedActions(tx, businessId, derived, 'recommendation');
    if (!row.implemented_at) {
      await tx(
        'UPDATE strategy_recommendations SET implemented_at = now(), implemented_by = $3 WHERE business_id = $1 AND id = $2',
        [businessId, recommendationId, userId],
      );
    }
  });
  const ids = derived.map((a) => a.id);
  for (const id of ids) {
    const current = (await listActions(ctx, businessId, [id]))[0];
    if (current?.status === 'suggested') await setActionStatus(ctx, businessId, userId, id, 'in_progress');
  }
  return { actions: await listActions(ctx, businessId, ids) };
}
