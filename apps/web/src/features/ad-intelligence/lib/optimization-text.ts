import type { AdOptimizationAction, AdPlatform, OptimizationAction, OptimizationRecommendation } from '@ri/contracts';
import { humaniseName } from '../../../lib/format';
import { formatMoney } from './ad-format';
import { PLATFORM_VENDOR } from './ad-platforms';

const budgetOwner = { adset: "the ad set's", campaign: "the campaign's" } as const;
const levelWord = { adset: 'ad set', campaign: 'campaign' } as const;

type BudgetAction = Extract<OptimizationAction, { kind: 'set_budget' }>;

/** The targets of a budget change (an action without them is its one target). */
const targetsOf = (action: BudgetAction) =>
  action.targets?.length ? action.targets : [{ id: action.target_id, name: null, from: action.from, to: action.to }];

/**
 * The change itself, without its subject, and for several ad sets each one's figures: "raise the ad set's daily
 * budget from $50.00 to $60.00", or "lower the daily budgets of 2 ad sets" with "Prospecting US from $40.00 to
 * $32.00, Retargeting from $45.00 to $36.00".
 */
function changeText(action: OptimizationAction, currency: string | null): { change: string; each: string } | null {
  switch (action.kind) {
    case 'set_budget': {
      const verb = action.to > action.from ? 'raise' : action.to < action.from ? 'lower' : 'keep';
      const money = (major: number) => formatMoney(major, currency);
      const targets = targetsOf(action);
      if (targets.length === 1) {
        return {
          change: `${verb} ${budgetOwner[action.level]} daily budget from ${money(action.from)} to ${money(action.to)}`,
          each: '',
        };
      }
      const each = targets
        .map((t) => `${t.name ?? `${levelWord[action.level]} ${t.id}`} from ${money(t.from)} to ${money(t.to)}`)
        .join(', ');
      return {
        change: `${verb} the daily budgets of ${targets.length} ${levelWord[action.level]}s`,
        each: `: ${each}`,
      };
    }
    case 'pause_ad':
      return { change: `pause ad ${action.target_id}`, each: '' };
    case 'task':
      return null;
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What confirming Implement Optimization will do, exactly: the change on the platform ("Raise the ad
 * set's daily budget from $50.00 to $60.00 on Meta", "Lower the daily budgets of 2 ad sets on Meta: Prospecting
 * US from $40.00 to $32.00, Retargeting from $45.00 to $36.00"), or that it is recorded as a task, and why.
 */
export function confirmText(rec: OptimizationRecommendation, platform: AdPlatform, currency: string | null): string {
  const vendor = PLATFORM_VENDOR[platform];
  const text = changeText(rec.action, currency);
  if (text === null) {
    return `Recorded as a task: ${vendor} offers no setting for this change, so nothing changes there. The task lists the steps above.`;
  }
  if (!rec.applies_on_platform) {
    return `Recorded as a task: your connection is read-only. Nothing changes on ${vendor}; the task asks someone to ${text.change} there${text.each}.`;
  }
  return `${capitalise(text.change)} on ${vendor}${text.each}.`;
}

/** One value an action recorded (a daily budget, an ad's status) as people read it. */
function valueText(key: string, value: string | number | null, currency: string | null): string {
  if (value === null) return 'none';
  if (typeof value === 'number') return /budget|spend|bid/i.test(key) ? formatMoney(value, currency) : String(value);
  return humaniseName(value.toLowerCase());
}

/** How a recorded key reads: "Daily budget", or "Daily budget of Prospecting US" for one of several ad sets. */
function keyText(key: string, action: OptimizationAction): string {
  const colon = key.indexOf(':');
  if (colon <= 0) return humaniseName(key);
  const name = key.slice(0, colon);
  const id = key.slice(colon + 1);
  const target = action.kind === 'set_budget' ? action.targets?.find((t) => t.id === id) : undefined;
  const level = action.kind === 'set_budget' ? levelWord[action.level] : 'target';
  return `${humaniseName(name)} of ${target?.name ?? `${level} ${id}`}`;
}

/**
 * What a recorded action changed, one line per value: "Daily budget: $50.00 → $60.00", or one per ad set when it
 * changed several: "Daily budget of Prospecting US: $40.00 → $32.00".
 */
export function beforeAfterLines(action: AdOptimizationAction): string[] {
  const keys = [...new Set([...Object.keys(action.before), ...Object.keys(action.after)])];
  return keys.map((key) => {
    const before = valueText(key, action.before[key] ?? null, action.currency);
    const after = valueText(key, action.after[key] ?? null, action.currency);
    return `${keyText(key, action.action)}: ${before} → ${after}`;
  });
}

export const ACTION_STATUS_TEXT: Record<AdOptimizationAction['status'], string> = {
  applied: 'Applied',
  task: 'Recorded as a task',
  undone: 'Undone',
  failed: 'Failed',
};
