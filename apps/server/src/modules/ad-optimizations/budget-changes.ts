import type { BudgetTarget, OptimizationAction } from '@ri/contracts';
import { AppError } from '../../lib/errors.js';
import { type AdWriter, type BudgetLevel, VendorError } from '../integrations/index.js';
import type { AdActionStatus, AdActionValues } from './ad-optimizations.schema.js';

// Budget changes on the platform: one campaign or ad set, or each active ad set of a campaign whose budgets are set
// on its ad sets. Every target is read first and nothing changes unless all still hold what was recommended; a
// write that fails midway puts back the targets already changed, so a change is made whole or not at all.

/** What implementing did: the row's status, before and after, and the message that says so. */
export type Outcome = { status: AdActionStatus; before: AdActionValues; after: AdActionValues; message: string };
export type BudgetAction = Extract<OptimizationAction, { kind: 'set_budget' }>;

export const LEVEL_WORD = { campaign: 'campaign', adset: 'ad set' } as const;

/** An outcome that recorded a task (nothing changed on the platform). */
export const task = (message: string): Outcome => ({ status: 'task', before: {}, after: {}, message });

/** The platform's words without our request line (`meta POST <url> answered 400: `). */
export const vendorDetail = (error: VendorError) =>
  error.message.replace(/^\S+ (?:GET|POST|PUT|PATCH|DELETE) \S+ (?:answered (\d{3}): )?/, '');

export const money = (major: number, currency: string | null) => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency ?? 'USD' }).format(major);
  } catch {
    return `${major} ${currency ?? ''}`.trim();
  }
};

/** A budget action's targets; an action recorded before targets existed is its one target. */
export const budgetTargetsOf = (action: BudgetAction): BudgetTarget[] =>
  action.targets?.length ? action.targets : [{ id: action.target_id, name: null, from: action.from, to: action.to }];

/** Where before and after keep a target's daily budget: `daily_budget` for one target, else one key per target. */
export const budgetKey = (targets: readonly BudgetTarget[], id: string) =>
  targets.length === 1 ? 'daily_budget' : `daily_budget:${id}`;

const sentenceEnd = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** A step of a budget change: the target, its name as the platform gives it, and its budgets (minor units). */
type Step = { target: BudgetTarget; title: string; was: number; set: number };

/**
 * Sets each target's daily budget when every one still holds the recommended `from` (else 409 naming the first that
 * does not, with nothing changed). A write that fails puts back the targets already changed (best effort) and
 * answers the failure with the platform's words; a permission refusal with nothing left changed becomes a task.
 */
export async function applyBudget(
  writer: AdWriter,
  action: BudgetAction,
  label: string,
  asTask: string,
): Promise<Outcome> {
  const per = writer.minorPerMajor;
  const fmt = (minor: number) => money(minor / per, writer.currency);
  const level = LEVEL_WORD[action.level];
  const nameOf = (step: Pick<Step, 'title'>) => `${level} “${step.title}”`;
  const targets = budgetTargetsOf(action);
  const steps: Step[] = [];
  for (const target of targets) {
    const before = await writer.getDailyBudget(action.level, target.id);
    const title = before.name ?? target.name ?? target.id;
    const name = nameOf({ title });
    if (before.minor === null) {
      return task(
        `The ${name} has no daily budget on ${label} (a lifetime budget, or one set at another level); ${asTask}.`,
      );
    }
    const from = Math.round(target.from * per);
    if (before.minor !== from) {
      throw new AppError(
        'conflict',
        `The daily budget of the ${name} is ${fmt(before.minor)} on ${label} now, not ${fmt(from)} as when this was recommended. Refresh the recommendations before implementing.`,
      );
    }
    steps.push({ target, title, was: before.minor, set: Math.round(target.to * per) });
  }

  const done: (Step & { now: number; confirmed: boolean })[] = [];
  for (const step of steps) {
    try {
      const after = await writer.setDailyBudget(action.level, step.target.id, step.set);
      done.push({ ...step, now: after.minor ?? step.set, confirmed: after.confirmed !== false });
    } catch (error) {
      const back = await putBack(writer, action.level, done, nameOf, fmt, label);
      if (!(error instanceof VendorError)) throw error;
      const detail = vendorDetail(error);
      const values = (key: 'was' | 'now') =>
        Object.fromEntries(back.left.map((d) => [budgetKey(targets, d.target.id), d[key] / per]));
      if (error.kind === 'permission' && back.left.length === 0) {
        return task(`${label} refused the change with these credentials (${detail}); ${asTask}.${back.note}`);
      }
      const what = done.length === 0 ? 'the change' : `the change to the ${nameOf(step)}`;
      return {
        status: 'failed',
        before: values('was'),
        after: values('now'),
        message: `${label} did not make ${what}: ${done.length === 0 ? detail : sentenceEnd(detail)}${back.note}`,
      };
    }
  }

  const was = done.reduce((sum, d) => sum + d.was, 0);
  const now = done.reduce((sum, d) => sum + d.now, 0);
  const verb = now > was ? 'Raised' : now < was ? 'Lowered' : 'Kept';
  const unconfirmed = done.some((d) => !d.confirmed) ? ` ${label} took the change but could not be read back yet.` : '';
  const changed =
    done.length === 1
      ? `the daily budget of the ${nameOf(done[0]!)} from ${fmt(was)} to ${fmt(now)} on ${label}`
      : `the daily budgets of ${done.length} ${level}s on ${label}: ${done
          .map((d) => `“${d.title}” from ${fmt(d.was)} to ${fmt(d.now)}`)
          .join(', ')}`;
  return {
    status: 'applied',
    before: Object.fromEntries(done.map((d) => [budgetKey(targets, d.target.id), d.was / per])),
    after: Object.fromEntries(done.map((d) => [budgetKey(targets, d.target.id), d.now / per])),
    message: `${verb} ${changed}.${unconfirmed}`,
  };
}

/** Puts the changed targets back (latest first); says what it did, and which stayed changed. */
async function putBack<S extends Step & { now: number }>(
  writer: AdWriter,
  level: BudgetLevel,
  done: S[],
  nameOf: (step: S) => string,
  fmt: (minor: number) => string,
  label: string,
): Promise<{ note: string; left: S[] }> {
  const notes: string[] = [];
  const left: S[] = [];
  for (const d of [...done].reverse()) {
    try {
      const back = await writer.setDailyBudget(level, d.target.id, d.was);
      notes.push(`The ${nameOf(d)} it had already changed is back at ${fmt(back.minor ?? d.was)}.`);
    } catch (error) {
      left.push(d);
      const why = error instanceof VendorError ? ` (${vendorDetail(error)})` : '';
      notes.push(
        `The ${nameOf(d)} could not be put back${why}: it holds ${fmt(d.now)} on ${label}, not ${fmt(d.was)}; change it back in ${label} itself.`,
      );
    }
  }
  return { note: notes.map((n) => ` ${n}`).join(''), left: left.reverse() };
}

/**
 * Undoes a budget change: every target must still hold what it set (else 409 naming the first that does not, with
 * nothing changed); one already back where it was is left as it is. A write that fails midway sets the targets
 * already restored to the change again (best effort), so the action stays whole, and throws.
 */
export async function restoreBudget(
  writer: AdWriter,
  action: BudgetAction,
  before: AdActionValues,
  after: AdActionValues,
  label: string,
): Promise<string> {
  const per = writer.minorPerMajor;
  const fmt = (minor: number) => money(minor / per, writer.currency);
  const level = LEVEL_WORD[action.level];
  const targets = budgetTargetsOf(action);
  const steps: Step[] = [];
  for (const target of targets) {
    const key = budgetKey(targets, target.id);
    const set = Math.round(Number(after[key]) * per);
    const was = Math.round(Number(before[key]) * per);
    const now = await writer.getDailyBudget(action.level, target.id);
    const title = now.name ?? target.name ?? target.id;
    if (now.minor === was) continue;
    if (now.minor !== set) {
      throw new AppError(
        'conflict',
        `The daily budget of the ${level} “${title}” was changed on ${label} since (it is ${now.minor === null ? 'unset' : fmt(now.minor)}, not ${fmt(set)}): undoing would overwrite that change, so nothing was changed.`,
      );
    }
    steps.push({ target, title, was, set });
  }
  const restored = new Map<string, number>();
  for (const [i, step] of steps.entries()) {
    try {
      const back = await writer.setDailyBudget(action.level, step.target.id, step.was);
      restored.set(step.target.id, back.minor ?? step.was);
    } catch (error) {
      for (const earlier of steps.slice(0, i).reverse()) {
        await writer.setDailyBudget(action.level, earlier.target.id, earlier.set).catch(() => undefined);
      }
      throw error;
    }
  }
  const backAt = (t: BudgetTarget) =>
    fmt(restored.get(t.id) ?? Math.round(Number(before[budgetKey(targets, t.id)]) * per));
  if (targets.length === 1) return `the daily budget is back to ${backAt(targets[0]!)}.`;
  const titles = new Map(steps.map((step) => [step.target.id, step.title]));
  const each = targets.map((t) => `“${titles.get(t.id) ?? t.name ?? t.id}” at ${backAt(t)}`);
  return `the daily budgets of ${targets.length} ${level}s are back: ${each.join(', ')}.`;
}
