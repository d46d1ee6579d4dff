import type { AdOptimizationAction, AdPlatform, OptimizationAction, OptimizationRecommendation } from '@ri/contracts';
import { humaniseName } from '../../../lib/format';
import { formatMoney } from './ad-format';
import { PLATFORM_VENDOR } from './ad-platforms';

const budgetOwner = { adset: "the ad set's", campaign: "the campaign's" } as const;

/** The change itself, as a sentence without its subject: "raise the ad set's daily budget from $50.00 to $60.00". */
function changeText(action: OptimizationAction, currency: string | null): string | null {
  switch (action.kind) {
    case 'set_budget': {
      const verb = action.to > action.from ? 'raise' : action.to < action.from ? 'lower' : 'keep';
      const from = formatMoney(action.from, currency);
      const to = formatMoney(action.to, currency);
      return `${verb} ${budgetOwner[action.level]} daily budget from ${from} to ${to}`;
    }
    case 'pause_ad':
      return `pause ad ${action.target_id}`;
    case 'task':
      return null;
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What confirming Implement Optimization will do, exactly: the change on the platform ("Raise the ad
 * set's daily budget from $50.00 to $60.00 on Meta"), or that it is recorded as a task, and why.
 */
export function confirmText(rec: OptimizationRecommendation, platform: AdPlatform, currency: string | null): string {
  const vendor = PLATFORM_VENDOR[platform];
  const change = changeText(rec.action, currency);
  if (change === null) {
    return `Recorded as a task: ${vendor} offers no setting for this change, so nothing changes there. The task lists the steps above.`;
  }
  if (!rec.applies_on_platform) {
    return `Recorded as a task: your connection is read-only. Nothing changes on ${vendor}; the task asks someone to ${change} there.`;
  }
  return `${capitalise(change)} on ${vendor}.`;
}

/** One value an action recorded (a daily budget, an ad's status) as people read it. */
function valueText(key: string, value: string | number | null, currency: string | null): string {
  if (value === null) return 'none';
  if (typeof value === 'number') return /budget|spend|bid/i.test(key) ? formatMoney(value, currency) : String(value);
  return humaniseName(value.toLowerCase());
}

/** What a recorded action changed, one line per value: "Daily budget: $50.00 → $60.00". */
export function beforeAfterLines(action: AdOptimizationAction): string[] {
  const keys = [...new Set([...Object.keys(action.before), ...Object.keys(action.after)])];
  return keys.map((key) => {
    const before = valueText(key, action.before[key] ?? null, action.currency);
    const after = valueText(key, action.after[key] ?? null, action.currency);
    return `${humaniseName(key)}: ${before} → ${after}`;
  });
}

export const ACTION_STATUS_TEXT: Record<AdOptimizationAction['status'], string> = {
  applied: 'Applied',
  task: 'Recorded as a task',
  undone: 'Undone',
  failed: 'Failed',
};
