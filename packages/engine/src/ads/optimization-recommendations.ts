/**
 * Optimization recommendations for one campaign: the spec's four rules plus two grounded ones, each citing
 * the numbers that fired it and proposing an action the server can carry out (or record as a task).
 *
 * | rule (id prefix)   | fires when                                                        | type         | priority |
 * |--------------------|-------------------------------------------------------------------|--------------|----------|
 * | budget_increase    | ROAS > 3 and spend < 80 % of budget, on ≥ 100 clicks (spec)       | budget       | high     |
 * | budget_decrease    | ROAS < 1 on ≥ 100 clicks and ≥ 10,000 minor units of spend        | budget       | high     |
 * | creative_refresh   | fatigue > 0.5 (spec); pauses the most fatigued ad above 0.5       | creative     | high     |
 * | landing_page       | ≥ 20 Ready-to-Convert visitors (readiness ≥ 80) who convert, at   | landing_page | high     |
 * |                    | the top of their 95 % Wilson interval, below 60 %                 |              |          |
 * | targeting          | CTR < 2 % (spec), on ≥ 1,000 impressions                          | targeting    | medium   |
 * | bidding            | CPC > 1.5 in the account's major currency unit (spec), ≥ 30 clicks | bidding      | medium   |
 *
 * The spec's thresholds are kept exactly; the evidence floors (clicks, impressions, visitors) are ours, so a
 * rule never fires on a handful of events. The landing-page rule rests on what readiness means here: a score of
 * 80 is a calibrated conversion probability of 0.6 (docs/scoring.md), so Ready-to-Convert visitors who convert
 * far below that were ready when the ad delivered them and lost afterwards, on the site.
 *
 * Budget actions change the daily budget by ±20 %, rounded to whole major units and at least one, when the
 * daily budget and the level it is set at are known; otherwise the action is a task for a person. A campaign
 * whose budgets are set on its ad sets (`budget_targets`) changes each active ad set's daily budget by the same
 * step, each rounded on its own; an ad set whose rounding cancels the step keeps its budget, and when every one
 * does the action is a task. No rule fires on a null input. Recommendations come high priority first, then in
 * the table's order.
 */
import { wilsonInterval } from '../stats/index.js';
import { formatNumber, formatPercent, formatRoas, formatShare } from './ad-format.js';

/** The thresholds of the optimization rules (see the file's header). */
export const OPTIMIZATION_RULES = {
  budgetIncreaseMinRoas: 3,
  budgetIncreaseMaxSpendShare: 0.8,
  budgetDecreaseMaxRoas: 1,
  minClicksForRoas: 100,
  minSpendForDecrease: 10_000,
  maxFatigue: 0.5,
  minCtrPercent: 2,
  minImpressionsForCtr: 1000,
  maxCpc: 1.5,
  minClicksForCpc: 30,
  minReadyVisitors: 20,
  readyConversionFloor: 0.6,
  budgetStep: 0.2,
} as const;

/** One campaign's figures over the window. Money in minor units unless said otherwise. */
export type CampaignFigures = {
  id: string;
  name: string;
  platform: string;
  budget: number | null /* minor, over the window */;
  /** The daily budget in minor units, at `budget_level`. */
  daily_budget: number | null;
  spend: number;
  impressions: number;
  clicks: number;
  conversions: number /* attributed */;
  revenue: number;
  roas: number | null;
  ctr: number | null /* percent */;
  cpc: number | null /* major units */;
  fatigue: number | null;
  ready_visitors: number;
  ready_converted: number;
  sessions: number;
  budget_level: 'campaign' | 'adset' | null;
  fatigued_ads: { id: string; name: string; fatigue: number }[];
  /** The ad set whose daily budget `daily_budget` is, when `budget_level` is 'adset'; else the campaign's id is used. */
  budget_target_id?: string | null;
  /**
   * The active ad sets whose daily budgets (minor units) make up `daily_budget` when `budget_level` is 'adset':
   * a budget change sets each of them.
   */
  budget_targets?: { id: string; name: string | null; daily_budget: number }[];
};

/** One campaign or ad set whose daily budget a budget action sets, from and to (minor units). */
export type BudgetTarget = { id: string; name: string | null; from: number; to: number };

export type OptimizationAction =
  | {
      kind: 'set_budget';
      level: 'campaign' | 'adset';
      /** The one target's id; the campaign's id when the action sets several ad sets. */
      target_id: string;
      /** The targets' sums. */
      from: number;
      to: number;
      targets: BudgetTarget[];
    }
  | { kind: 'pause_ad'; target_id: string }
  | { kind: 'task' };

export type OptimizationRecommendation = {
  id: string /* stable: rule + campaign id (+ target) */;
  type: 'budget' | 'creative' | 'targeting' | 'bidding' | 'landing_page';
  title: string;
  description: string;
  expected_impact: string;
  implementation_steps: string[];
  priority: 'high' | 'medium' | 'low';
  evidence: { metric: string; value: number | null; threshold: number | null }[];
  action: OptimizationAction;
};

export type OptimizationOptions = {
  /** Minor units in one major unit of the account's currency (100 for USD and EUR). */
  minorPerMajor?: number;
};

const PRIORITY_ORDER = { high: 0, medium: 1, low: 2 } as const;
const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** `from` times `factor` in whole major units (at least one), or null when rounding cancels or reverses the step. */
function stepBudget(from: number, factor: number, minorPerMajor: number): number | null {
  if (!finite(from) || from <= 0) return null;
  const to = Math.max(minorPerMajor, Math.round((from * factor) / minorPerMajor) * minorPerMajor);
  // A step that rounding cancels, or reverses (a budget under one unit "lowered" to one), is left to a person.
  return (factor > 1 ? to <= from : to >= from) ? null : to;
}

type BudgetAction = Extract<OptimizationAction, { kind: 'set_budget' }>;

/**
 * The daily budget `factor` times the current one, in whole major units (at least one), as an action: on each
 * active ad set of an ad-set-budget campaign, else on the one campaign or ad set that holds it.
 */
function budgetAction(c: CampaignFigures, factor: number, minorPerMajor: number): OptimizationAction {
  if (c.budget_level === 'adset' && c.budget_targets && c.budget_targets.length > 0) {
    const targets: BudgetTarget[] = [];
    for (const t of c.budget_targets) {
      const to = stepBudget(t.daily_budget, factor, minorPerMajor);
      if (to !== null) targets.push({ id: t.id, name: t.name, from: t.daily_budget, to });
    }
    if (targets.length === 0) return { kind: 'task' };
    return {
      kind: 'set_budget',
      level: 'adset',
      target_id: targets.length === 1 ? targets[0]!.id : c.id,
      from: targets.reduce((sum, t) => sum + t.from, 0),
      to: targets.reduce((sum, t) => sum + t.to, 0),
      targets,
    };
  }
  if (!finite(c.daily_budget) || c.budget_level === null) return { kind: 'task' };
  const to = stepBudget(c.daily_budget, factor, minorPerMajor);
  if (to === null) return { kind: 'task' };
  const id = c.budget_target_id ?? c.id;
  const name = c.budget_level === 'campaign' ? c.name : null;
  return {
    kind: 'set_budget',
    level: c.budget_level,
    target_id: id,
    from: c.daily_budget,
    to,
    targets: [{ id, name, from: c.daily_budget, to }],
  };
}

/** The first implementation step of a budget action: the new daily budget, per ad set when there are several. */
function budgetStep(
  action: BudgetAction,
  verb: 'Raise' | 'Lower',
  step: string,
  formatMoney: (minor: number) => string,
) {
  const sign = verb === 'Raise' ? '+' : '−';
  if (action.targets.length === 1) {
    return `${verb} the ${action.level === 'adset' ? 'ad set' : 'campaign'} daily budget from ${formatMoney(action.from)} to ${formatMoney(action.to)} (${sign}${step}).`;
  }
  const each = action.targets
    .map((t) => `${t.name ? `“${t.name}”` : `ad set ${t.id}`} from ${formatMoney(t.from)} to ${formatMoney(t.to)}`)
    .join(', ');
  return `${verb} the daily budgets of ${action.targets.length} ad sets by about ${step} each, from ${formatMoney(action.from)} to ${formatMoney(action.to)} a day in all: ${each}.`;
}

/** What a description adds when the budget is split over several ad sets: how many, and their sum. */
function splitNote(c: CampaignFigures, action: OptimizationAction, formatMoney: (minor: number) => string) {
  const sets = c.budget_level === 'adset' ? (c.budget_targets ?? []) : [];
  if (sets.length < 2) return '';
  const total = sets.reduce((sum, t) => sum + t.daily_budget, 0);
  const changed = action.kind === 'set_budget' ? action.targets.length : 0;
  const kept =
    changed > 0 && changed < sets.length
      ? ` (${sets.length - changed} too small for a whole-unit step keep${sets.length - changed === 1 ? 's' : ''} its budget)`
      : '';
  return ` Its daily budget is set on ${sets.length} active ad sets, ${formatMoney(total)} a day in all${kept}.`;
}

/**
 * The spec's rules (ROAS > 3 with spend under 80 % of budget → budget increase; fatigue > 0.5 → refresh
 * creatives; CTR < 2 % → targeting; CPC > 1.5 → bidding) plus grounded ones (ROAS < 1 → lower budget; Ready-to-
 * Convert visitors who do not buy → landing page), each citing its numbers (see the file's header).
 */
export function optimizationRecommendations(
  c: CampaignFigures,
  formatMoney: (minor: number) => string,
  options: OptimizationOptions = {},
): OptimizationRecommendation[] {
  const minorPerMajor = options.minorPerMajor ?? 100;
  const r = OPTIMIZATION_RULES;
  const out: OptimizationRecommendation[] = [];
  const stepPct = formatPercent(r.budgetStep * 100, 0);

  const hasRoasEvidence = finite(c.roas) && c.clicks >= r.minClicksForRoas;
  if (hasRoasEvidence && finite(c.budget) && c.budget > 0 && c.roas! > r.budgetIncreaseMinRoas) {
    const share = c.spend / c.budget;
    if (share < r.budgetIncreaseMaxSpendShare) {
      const action = budgetAction(c, 1 + r.budgetStep, minorPerMajor);
      const extra = action.kind === 'set_budget' ? action.to - action.from : null;
      out.push({
        id: `budget_increase:${c.id}`,
        type: 'budget',
        title: 'Increase budget on a profitable campaign',
        description: `${c.name} returns ${formatRoas(c.roas!)} (above ${formatRoas(r.budgetIncreaseMinRoas)}) and has spent ${formatMoney(c.spend)} of its ${formatMoney(c.budget)} budget (${formatShare(share)}, under ${formatShare(r.budgetIncreaseMaxSpendShare, 0)}).${splitNote(c, action, formatMoney)}`,
        expected_impact:
          extra !== null
            ? `${formatMoney(extra)} more a day at ${formatRoas(c.roas!)} would bring about ${formatMoney(extra * c.roas!)} more revenue a day, if returns hold as spend grows.`
            : `Each extra ${formatMoney(minorPerMajor * 10)} spent at ${formatRoas(c.roas!)} would bring about ${formatMoney(minorPerMajor * 10 * c.roas!)} in revenue, if returns hold as spend grows.`,
        implementation_steps: [
          action.kind === 'set_budget'
            ? budgetStep(action, 'Raise', stepPct, formatMoney)
            : `Raise the daily budget by about ${stepPct}.`,
          'Leave it for 3-5 days so delivery settles before judging.',
          `Check that ROAS stays above ${formatRoas(r.budgetIncreaseMinRoas)}; step back if it falls.`,
        ],
        priority: 'high',
        evidence: [
          { metric: 'roas', value: c.roas, threshold: r.budgetIncreaseMinRoas },
          { metric: 'spend_share_of_budget', value: share, threshold: r.budgetIncreaseMaxSpendShare },
          { metric: 'clicks', value: c.clicks, threshold: r.minClicksForRoas },
        ],
        action,
      });
    }
  }

  if (hasRoasEvidence && c.roas! < r.budgetDecreaseMaxRoas && c.spend >= r.minSpendForDecrease) {
    const action = budgetAction(c, 1 - r.budgetStep, minorPerMajor);
    const saved = action.kind === 'set_budget' ? action.from - action.to : null;
    out.push({
      id: `budget_decrease:${c.id}`,
      type: 'budget',
      title: 'Lower budget on a campaign that loses money',
      description: `${c.name} returned ${formatMoney(c.revenue)} on ${formatMoney(c.spend)} spend: ROAS ${formatRoas(c.roas!)}, below break-even (${formatRoas(r.budgetDecreaseMaxRoas)}), over ${formatNumber(c.clicks)} clicks.${splitNote(c, action, formatMoney)}`,
      expected_impact:
        saved !== null
          ? `Spends ${formatMoney(saved)} a day less on returns of ${formatRoas(c.roas!)}: about ${formatMoney(saved * (1 - c.roas!))} a day less lost.`
          : `Every ${formatMoney(minorPerMajor * 10)} not spent here at ${formatRoas(c.roas!)} saves about ${formatMoney(minorPerMajor * 10 * (1 - c.roas!))} of loss.`,
      implementation_steps: [
        action.kind === 'set_budget'
          ? budgetStep(action, 'Lower', stepPct, formatMoney)
          : `Lower the daily budget by about ${stepPct}.`,
        'Pause its ads and audiences with the lowest ROAS first.',
        'Move the saved budget to campaigns returning more than 1×.',
      ],
      priority: 'high',
      evidence: [
        { metric: 'roas', value: c.roas, threshold: r.budgetDecreaseMaxRoas },
        { metric: 'spend', value: c.spend, threshold: r.minSpendForDecrease },
        { metric: 'clicks', value: c.clicks, threshold: r.minClicksForRoas },
      ],
      action,
    });
  }

  if (finite(c.fatigue) && c.fatigue > r.maxFatigue) {
    const worst = [...c.fatigued_ads]
      .filter((a) => finite(a.fatigue) && a.fatigue > r.maxFatigue)
      .sort((a, b) => b.fatigue - a.fatigue || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0];
    out.push({
      id: worst ? `creative_refresh:${c.id}:${worst.id}` : `creative_refresh:${c.id}`,
      type: 'creative',
      title: 'Refresh fatigued creatives',
      description: `${c.name} has a creative fatigue of ${formatNumber(c.fatigue)} (above ${formatNumber(r.maxFatigue)}): its ads draw fewer clicks than at launch${worst ? `; the most fatigued is “${worst.name}” at ${formatNumber(worst.fatigue)}` : ''}.`,
      expected_impact: `Fresh creatives bring click-through back toward launch level on the ${formatNumber(c.impressions)} impressions this campaign buys; a fatigue of ${formatNumber(c.fatigue)} means the recent rate has fallen well below it.`,
      implementation_steps: [
        worst
          ? `Pause “${worst.name}” (fatigue ${formatNumber(worst.fatigue)}).`
          : 'Pause the ads whose click-through fell most since launch.',
        'Launch 2-3 new creatives with a new hook, image or format.',
        'Compare their click-through with the paused ad’s launch week after 7 days.',
      ],
      priority: 'high',
      evidence: [
        { metric: 'fatigue', value: c.fatigue, threshold: r.maxFatigue },
        ...(worst ? [{ metric: 'ad_fatigue', value: worst.fatigue, threshold: r.maxFatigue }] : []),
      ],
      action: worst ? { kind: 'pause_ad', target_id: worst.id } : { kind: 'task' },
    });
  }

  const ready = c.ready_visitors;
  const readyConverted = c.ready_converted;
  if (
    finite(ready) &&
    finite(readyConverted) &&
    ready >= r.minReadyVisitors &&
    readyConverted >= 0 &&
    readyConverted <= ready
  ) {
    const upper = wilsonInterval(readyConverted, ready)![1];
    if (upper < r.readyConversionFloor) {
      const rate = readyConverted / ready;
      out.push({
        id: `landing_page:${c.id}`,
        type: 'landing_page',
        title: 'Fix the landing page, not the ad',
        description: `Of ${formatNumber(c.sessions)} sessions from ${c.name}, ${formatNumber(ready)} were Ready to Convert (readiness 80 or more) yet only ${formatNumber(readyConverted)} bought (${formatShare(rate)}; at most ${formatShare(upper)} at 95 % confidence, against the ${formatShare(r.readyConversionFloor, 0)} that readiness 80 stands for). The ad brings buyers; they are lost on the site.`,
        expected_impact: `If these visitors converted at ${formatShare(r.readyConversionFloor, 0)}, this campaign would have ${formatNumber(Math.round(ready * r.readyConversionFloor))} conversions from them instead of ${formatNumber(readyConverted)}.`,
        implementation_steps: [
          'Open the sessions of these Ready-to-Convert visitors and follow where they stop.',
          'Check the landing page matches the ad’s offer, price and stock.',
          'Remove friction at checkout: load time, forced sign-up, surprise costs.',
        ],
        priority: 'high',
        evidence: [
          { metric: 'ready_visitors', value: ready, threshold: r.minReadyVisitors },
          { metric: 'ready_conversion_rate', value: rate, threshold: null },
          { metric: 'ready_conversion_rate_upper_95', value: upper, threshold: r.readyConversionFloor },
        ],
        action: { kind: 'task' },
      });
    }
  }

  if (finite(c.ctr) && c.ctr < r.minCtrPercent && c.impressions >= r.minImpressionsForCtr) {
    const moreClicks = Math.round((c.impressions * 0.5) / 100);
    out.push({
      id: `targeting:${c.id}`,
      type: 'targeting',
      title: 'Refine targeting',
      description: `${c.name} has a click-through rate of ${formatPercent(c.ctr)} (below ${formatPercent(r.minCtrPercent)}) over ${formatNumber(c.impressions)} impressions: the ads reach people who do not respond.`,
      expected_impact: `Each half point of click-through gained on ${formatNumber(c.impressions)} impressions is about ${formatNumber(moreClicks)} more clicks for the same spend.`,
      implementation_steps: [
        'Narrow the audiences or keywords with the lowest click-through.',
        'Exclude placements and audiences that buy impressions but no clicks.',
        'Test a lookalike of recent buyers against the current audience.',
      ],
      priority: 'medium',
      evidence: [
        { metric: 'ctr', value: c.ctr, threshold: r.minCtrPercent },
        { metric: 'impressions', value: c.impressions, threshold: r.minImpressionsForCtr },
      ],
      action: { kind: 'task' },
    });
  }

  if (finite(c.cpc) && c.cpc > r.maxCpc && c.clicks >= r.minClicksForCpc) {
    const clicksAtTarget = Math.floor(c.spend / minorPerMajor / r.maxCpc);
    out.push({
      id: `bidding:${c.id}`,
      type: 'bidding',
      title: 'Adjust bidding',
      description: `${c.name} pays ${formatMoney(c.cpc * minorPerMajor)} a click (above ${formatMoney(r.maxCpc * minorPerMajor)}) over ${formatNumber(c.clicks)} clicks.`,
      expected_impact: `At ${formatMoney(r.maxCpc * minorPerMajor)} a click, the same ${formatMoney(c.spend)} would buy about ${formatNumber(clicksAtTarget)} clicks instead of ${formatNumber(c.clicks)}.`,
      implementation_steps: [
        `Set a cost-per-click cap or target near ${formatMoney(r.maxCpc * minorPerMajor)}.`,
        'Move to a conversion-based bid strategy if the campaign has enough conversions.',
        'Lower bids on the placements, keywords or hours with the highest cost per click.',
      ],
      priority: 'medium',
      evidence: [
        { metric: 'cpc', value: c.cpc, threshold: r.maxCpc },
        { metric: 'clicks', value: c.clicks, threshold: r.minClicksForCpc },
      ],
      action: { kind: 'task' },
    });
  }

  return out
    .map((rec, order) => ({ rec, order }))
    .sort((a, b) => PRIORITY_ORDER[a.rec.priority] - PRIORITY_ORDER[b.rec.priority] || a.order - b.order)
    .map(({ rec }) => rec);
}
