import type { ActionOutcome, ActionStatus, StrategyAction } from '@ri/contracts';
import { actionOutcome, type SmallAction } from '@ri/engine';
import type { SqlExecutor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { StrategySources } from './snapshot.service.js';
import { shiftDay } from './snapshot.service.js';
import type { ActionHistoryEntry, ActionMetric } from './strategy.schema.js';

// Small compounding actions: derived by the engine, saved by stable id, moved through their statuses by people
// (who and when kept in the history), and measured once completed: the metric the action targets over the 28 days
// before it started against the days since it was completed (at most 28), with the noise (docs/strategy.md).

/** Which status may follow which (spec 3 section 4: Dismiss and Start, then Mark Complete; a dismissal undone). */
const NEXT: Record<ActionStatus, ActionStatus[]> = {
  suggested: ['in_progress', 'dismissed'],
  in_progress: ['completed', 'dismissed', 'suggested'],
  completed: [],
  dismissed: ['suggested'],
};

const MEASURE_DAYS = 28;

/** What an action is measured on: revenue for retention and market actions, the conversion rate otherwise. */
export function metricOf(action: Pick<SmallAction, 'category' | 'source_kind'>): ActionMetric {
  if (action.category === 'retention' || action.source_kind === 'market_insight') {
    return { key: 'daily_revenue', label: 'net revenue per day', higher_is_better: true };
  }
  return { key: 'conversion_rate', label: 'conversion rate of tracked sessions', higher_is_better: true };
}

/** Saves the engine's actions: new ones as suggested, known ones with their figures refreshed (status kept). */
export async function upsertSuggestedActions(
  q: SqlExecutor,
  businessId: string,
  actions: readonly SmallAction[],
  kind: 'recommendation' | 'market_insight',
): Promise<void> {
  if (kind === 'recommendation') {
    // Suggestions the engine no longer makes leave the list; actions someone started or finished stay.
    await q(
      `UPDATE strategy_actions SET current = false
        WHERE business_id = $1 AND status = 'suggested' AND body->>'source_kind' = 'recommendation'
          AND NOT (id = ANY($2::text[]))`,
      [businessId, actions.map((a) => a.id)],
    );
  }
  if (actions.length === 0) return;
  await q(
    `INSERT INTO strategy_actions (business_id, id, body, status, current, metric)
     SELECT $1, a.id, a.body, 'suggested', true, a.metric
       FROM jsonb_to_recordset($2::jsonb) AS a(id text, body jsonb, metric jsonb)
     ON CONFLICT (business_id, id) DO UPDATE SET body = excluded.body, current = true`,
    [
      businessId,
      JSON.stringify(
        actions.map((a) => {
          const { status: _status, ...body } = a;
          return { id: a.id, body, metric: metricOf(a) };
        }),
      ),
    ],
  );
}

function actionOf(r: Record<string, unknown>): StrategyAction {
  const body = r.body as Omit<SmallAction, 'status'>;
  const history = (r.history as ActionHistoryEntry[]) ?? [];
  const last = history.at(-1);
  return {
    id: r.id as string,
    title: body.title,
    description: body.description,
    status: r.status as ActionStatus,
    effort_score: body.effort_score,
    impact_score: body.impact_score,
    leverage_ratio: body.leverage_ratio,
    priority_score: body.priority_score,
    implementation_time: body.implementation_time,
    expected_lift: body.expected_lift,
    category: body.category,
    source_id: body.source_id,
    source_kind: body.source_kind,
    status_changed_at: last?.at ?? null,
    status_changed_by: last?.by_name ?? null,
    history: history.map((h) => ({ status: h.status, at: h.at, by: h.by_name })),
    outcome: (r.outcome as ActionOutcome | null) ?? null,
  };
}

/** The actions people can act on (current ones, and any someone started or finished), best first. */
export async function listActions(ctx: StrategySources, businessId: string, ids?: string[]): Promise<StrategyAction[]> {
  const q = ctx.database.executeSql;
  const { rows } = await q(
    `SELECT * FROM strategy_actions
      WHERE business_id = $1 AND ($2::text[] IS NULL OR id = ANY($2::text[]))
        AND ($2::text[] IS NOT NULL OR current OR status IN ('in_progress', 'completed'))
      ORDER BY CASE status WHEN 'in_progress' THEN 0 WHEN 'suggested' THEN 1 WHEN 'completed' THEN 2 ELSE 3 END,
               (body->>'priority_score')::float8 DESC, id`,
    [businessId, ids ?? null],
  );
  const measured = await Promise.all(
    rows.map(async (r) => (r.status === 'completed' ? { ...r, outcome: await measure(ctx, businessId, r) } : r)),
  );
  return measured.map(actionOf);
}

/** The outcome of a completed action, measured now and kept with it. */
async function measure(ctx: StrategySources, businessId: string, r: Record<string, unknown>): Promise<ActionOutcome> {
  const metric = (r.metric as ActionMetric | null) ?? {
    key: 'conversion_rate',
    label: 'conversion rate',
    higher_is_better: true,
  };
  const started = new Date((r.started_at ?? r.completed_at) as string).toISOString().slice(0, 10);
  const completed = new Date(r.completed_at as string).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const before = { from: shiftDay(started, -MEASURE_DAYS), to: shiftDay(started, -1) };
  const afterTo = [shiftDay(completed, MEASURE_DAYS - 1), today].sort()[0]!;
  const after = { from: completed, to: afterTo };
  const now = new Date().toISOString();
  let outcome: ActionOutcome;
  if (metric.key === 'daily_revenue') {
    const money = await ctx.moneyHistory(businessId);
    const values = (w: { from: string; to: string }) => {
      const byDay = new Map(money.days.map((d) => [d.date, d.net]));
      const out: number[] = [];
      for (let d = w.from; d <= w.to; d = shiftDay(d, 1)) out.push(byDay.get(d) ?? 0);
      return out;
    };
    if (!money.connected) {
      outcome = waiting(metric.label, 'Connect Stripe to measure revenue before and after.', now, 'too_little_data');
    } else {
      outcome = fromEngine(
        actionOutcome({ metric: metric.label, before: values(before), after: values(after), higher_is_better: true }),
        now,
      );
    }
  } else {
    const days = await ctx.sessionHistory(businessId, before.from, after.to);
    const rate = (w: { from: string; to: string }) => {
      const inside = days.filter((d) => d.date >= w.from && d.date <= w.to);
      return {
        successes: inside.reduce((s, d) => s + d.converted, 0),
        trials: inside.reduce((s, d) => s + d.sessions, 0),
      };
    };
    outcome = fromEngine(
      actionOutcome({ metric: metric.label, before: rate(before), after: rate(after), higher_is_better: true }),
      now,
    );
  }
  if (outcome.verdict === 'too_little_data' && after.to < shiftDay(completed, MEASURE_DAYS - 1)) {
    outcome = { ...outcome, verdict: 'waiting', text: `Measuring since ${completed}: ${outcome.text}` };
  }
  await ctx.database.executeSql('UPDATE strategy_actions SET outcome = $3::jsonb WHERE business_id = $1 AND id = $2', [
    businessId,
    r.id,
    JSON.stringify(outcome),
  ]);
  return outcome;
}

function waiting(
  metric: string,
  text: string,
  at: string,
  verdict: ActionOutcome['verdict'] = 'waiting',
): ActionOutcome {
  return {
    metric,
    kind: null,
    before: null,
    after: null,
    change: null,
    standard_error: null,
    interval_95: null,
    verdict,
    text,
    measured_at: at,
  };
}

function fromEngine(o: ReturnType<typeof actionOutcome>, at: string): ActionOutcome {
  return {
    metric: o.metric,
    kind: o.kind,
    before: o.before,
    after: o.after,
    change: o.change,
    standard_error: o.noise?.standard_error ?? null,
    interval_95: o.noise?.interval_95 ?? null,
    verdict: o.verdict,
    text: o.text,
    measured_at: at,
  };
}

/** Moves an action to `status` if that may follow its current one; history keeps who and when. */
export async function setActionStatus(
  ctx: StrategySources,
  businessId: string,
  userId: string,
  id: string,
  status: ActionStatus,
): Promise<StrategyAction> {
  await ctx.database.transaction(async (q) => {
    const { rows } = await q('SELECT status FROM strategy_actions WHERE business_id = $1 AND id = $2 FOR UPDATE', [
      businessId,
      id,
    ]);
    const current = rows[0]?.status as ActionStatus | undefined;
    if (!current) throw new AppError('not_found', 'Action not found');
    if (current === status) return;
    if (!NEXT[current].includes(status)) {
      throw new AppError(
        'conflict',
        `An action that is ${current.replace('_', ' ')} cannot become ${status.replace('_', ' ')}`,
        {
          field: 'status',
        },
      );
    }
    const who = await q(
      `SELECT coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) AS name FROM users WHERE id = $1`,
      [userId],
    );
    const entry: ActionHistoryEntry = {
      status,
      at: new Date().toISOString(),
      by: userId,
      by_name: (who.rows[0]?.name as string | undefined) ?? null,
    };
    await q(
      `UPDATE strategy_actions SET status = $3, history = history || $4::jsonb,
         started_at = CASE WHEN $3 = 'in_progress' THEN coalesce(started_at, now()) ELSE started_at END,
         completed_at = CASE WHEN $3 = 'completed' THEN now() ELSE completed_at END,
         outcome = CASE WHEN $3 = 'completed' THEN outcome ELSE NULL END
       WHERE business_id = $1 AND id = $2`,
      [businessId, id, status, JSON.stringify([entry])],
    );
  });
  return (await listActions(ctx, businessId, [id]))[0]!;
}
