import type { Dashboard } from '@ri/contracts';
import { figureAt, reasonAt, seriesTotals } from './dashboard-data';
import { formatMoneyShort, formatPct } from './dashboard-format';

/** Months are 30 days on the server: a window's revenue goal is the monthly goal × days / 30 (decision 0032). */
export { DASHBOARD_MONTH_DAYS as MONTH_DAYS } from '@ri/contracts';

/** Spec 2.5: gap = goal − current. */
export const goalGap = (current: number, goal: number) => goal - current;

/** Spec 2.5: the gap is yellow while positive (short of the goal), green otherwise. */
export const gapTone = (gap: number): 'short' | 'met' => (gap > 0 ? 'short' : 'met');

/** Spec 2.5: progress = current / goal, in percent; the bar caps it at 100 (and at 0 for a net loss). */
export const goalProgress = (current: number, goal: number) => (goal > 0 ? (current / goal) * 100 : 0);
export const barWidth = (progress: number) => Math.min(100, Math.max(0, progress));

export type GoalKey = 'revenue' | 'cvr' | 'aov';

/** One goal-gap card: the figures, the gap, and what the data says about closing it. */
export type GoalCard = {
  key: GoalKey;
  title: 'Monthly Revenue' | 'Conversion Rate' | 'Average Order Value';
  unit: '$' | '%';
  current: number | null;
  goal: number | null;
  /** Why each is unknown (the figure's reason), when it is. */
  currentReason: string;
  goalReason: string;
  /** What the goal figure is (the monthly goal prorated to the window, for revenue). */
  goalSource: string | null;
  gap: number | null;
  progress: number | null;
  description: string;
  actions: string[];
  format: (value: number) => string;
};

/** The change of a figure against the previous window in words ('up 12.5%'), or null without both sides. */
function change(d: Dashboard, path: string): string | null {
  const figure = figureAt(d, path);
  if (!figure || figure.value === null || figure.previous === null || figure.previous === 0) return null;
  const pct = ((figure.value - figure.previous) / Math.abs(figure.previous)) * 100;
  if (Math.abs(pct) < 0.05) return 'unchanged';
  return `${pct > 0 ? 'up' : 'down'} ${Math.abs(pct).toFixed(1)}%`;
}

const below = (current: number | null, goal: number | null): current is number =>
  current !== null && goal !== null && current < goal;

function revenueActions(d: Dashboard, money: (v: number) => string): string[] {
  const t = d.structural_tension;
  const out: string[] = [];
  if (below(t.current_cvr, t.goal_cvr)) {
    out.push(
      `Conversion rate is ${formatPct(t.current_cvr)} against a ${formatPct(t.goal_cvr as number)} goal: closing that gap lifts revenue from the same traffic.`,
    );
  }
  if (below(t.current_aov, t.goal_aov)) {
    out.push(`Average order value is ${money(t.current_aov)} against a ${money(t.goal_aov as number)} goal.`);
  }
  const trend = change(d, 'structural_tension.current_revenue');
  if (trend) out.push(`Revenue is ${trend} on the previous ${d.window.days} days.`);
  const { sessions } = seriesTotals(d);
  if (sessions > 0) {
    out.push(
      `${sessions.toLocaleString('en-US')} tracked sessions in the window: more qualified visitors raise revenue at the same conversion rate.`,
    );
  }
  if (out.length === 0) out.push('Set conversion-rate and order-value goals to see which of them holds revenue back.');
  return out;
}

function conversionActions(d: Dashboard): string[] {
  const out: string[] = [];
  const friction = d.copy_intelligence.friction_analysis;
  if (friction !== null && friction > 0) {
    out.push(`${formatPct(friction)} of sessions hit friction (rage clicks): fix the pages where it happens.`);
  }
  const bounce = d.behavior_intelligence.bounce_rate;
  if (bounce !== null && bounce > 0) out.push(`${formatPct(bounce)} of sessions leave after one page or none.`);
  const ready = d.customer_intelligence.high_readiness_users;
  if (ready !== null && ready > 0) {
    out.push(
      `${ready.toLocaleString('en-US')} customers are at readiness 80 or more: engage them while they are ready.`,
    );
  }
  const trend = change(d, 'structural_tension.current_cvr');
  if (trend) out.push(`Conversion rate is ${trend} on the previous ${d.window.days} days.`);
  if (out.length === 0) out.push('Generate strategic insights to find the steps where visitors drop out.');
  return out;
}

function orderValueActions(d: Dashboard, money: (v: number) => string): string[] {
  const out: string[] = [];
  const { orders } = seriesTotals(d);
  const aov = d.structural_tension.current_aov;
  if (orders !== null && orders > 0 && aov !== null) {
    out.push(`${orders.toLocaleString('en-US')} orders in the window at ${money(aov)} on average.`);
  }
  const trend = change(d, 'structural_tension.current_aov');
  if (trend) out.push(`Order value is ${trend} on the previous ${d.window.days} days.`);
  out.push('Offer bundles or an upsell at checkout to raise the value of each order.');
  return out;
}

type Spec = {
  key: GoalKey;
  title: GoalCard['title'];
  unit: GoalCard['unit'];
  currentPath: string;
  goalPath: string;
  noun: string;
  actions: (d: Dashboard, money: (v: number) => string) => string[];
};

const SPECS: readonly Spec[] = [
  {
    key: 'revenue',
    title: 'Monthly Revenue',
    unit: '$',
    currentPath: 'structural_tension.current_revenue',
    goalPath: 'structural_tension.goal_revenue',
    noun: 'revenue',
    actions: revenueActions,
  },
  {
    key: 'cvr',
    title: 'Conversion Rate',
    unit: '%',
    currentPath: 'structural_tension.current_cvr',
    goalPath: 'structural_tension.goal_cvr',
    noun: 'conversion rate',
    actions: conversionActions,
  },
  {
    key: 'aov',
    title: 'Average Order Value',
    unit: '$',
    currentPath: 'structural_tension.current_aov',
    goalPath: 'structural_tension.goal_aov',
    noun: 'order value',
    actions: orderValueActions,
  },
];

const pick = (d: Dashboard, path: string): number | null => {
  const [group, field] = path.split('.') as [keyof Dashboard, string];
  const value = (d[group] as Record<string, number | null>)[field];
  return value ?? null;
};

/**
 * The three goal-gap cards (spec 2.4, 2.5) from the dashboard: current against goal, the gap, the progress, a
 * description and the action items, every number in them taken from the dashboard itself. `canSetGoals` decides
 * whether a card without a goal invites setting one.
 */
export function goalCards(d: Dashboard, canSetGoals: boolean): GoalCard[] {
  const money = (v: number) => formatMoneyShort(v, d.currency ?? d.goals.currency);
  const windowText = `the last ${d.window.days} days`;
  return SPECS.map((spec) => {
    const format = spec.unit === '$' ? money : formatPct;
    const current = pick(d, spec.currentPath);
    const goal = pick(d, spec.goalPath);
    const base = {
      key: spec.key,
      title: spec.title,
      unit: spec.unit,
      current,
      goal,
      currentReason: reasonAt(d, spec.currentPath),
      goalReason: reasonAt(d, spec.goalPath),
      goalSource: figureAt(d, spec.goalPath)?.source ?? null,
      format,
    };
    if (current === null) {
      return {
        ...base,
        gap: null,
        progress: null,
        description: `The ${spec.noun} over ${windowText} is not known, so there is no gap to show.`,
        actions: [],
      };
    }
    if (goal === null) {
      return {
        ...base,
        gap: null,
        progress: null,
        description: `${format(current)} over ${windowText}; no ${spec.noun} goal is set.`,
        actions: canSetGoals ? [`Set a ${spec.noun} goal to see how far off it you are.`] : [],
      };
    }
    const gap = goalGap(current, goal);
    const progress = goalProgress(current, goal);
    const gapText = spec.unit === '%' ? `${gap.toFixed(1)} percentage points` : format(Math.abs(gap));
    if (gapTone(gap) === 'short') {
      return {
        ...base,
        gap,
        progress,
        description: `${gapText} short of the ${format(goal)} goal over ${windowText} (${progress.toFixed(1)}% of it).`,
        actions: spec.actions(d, money),
      };
    }
    const above = spec.unit === '%' ? `${Math.abs(gap).toFixed(1)} percentage points` : gapText;
    return {
      ...base,
      gap,
      progress,
      description: `Goal met: ${gap === 0 ? 'exactly on' : `${above} above`} the ${format(goal)} goal over ${windowText}.`,
      actions: canSetGoals ? ['Raise the goal to keep stretching.'] : [],
    };
  });
}
