/**
 * The guard on a language model's rewording of a recommendation: a rewrite may change the words, never the
 * numbers. Every number it states must be a number of the evidence (a value, a sample size, a date of a
 * window) or of the engine's own text, as written or rounded; otherwise the rewrite is rejected and the
 * engine's text kept.
 *
 * Reading numbers (`numbersIn`): English formatting, "1,234.5", ".5", "$1,200", "12.5%", "12.5 percent", "3 points",
 * "1.2k", "3M", "1.5bn", "2 million". Signs are dropped (a fall of 12 % may be written "−12%" or "fell 12%").
 * Numbers in words ("half", "twice", "three") are not read.
 *
 * ISO dates (2024-05-01) are compared whole with the dates of the evidence's windows and of the original.
 *
 * Matching: a written number matches a known value when the value rounds to it at the precision it is written
 * with (12.3 matches 12.345; 1.2k matches 1,234) and lies within 5 % of it (so "1" does not stand for 0.6).
 * A percentage also matches a fraction a hundred times smaller (12.5% for 0.125); a percentage in the original
 * text may be rewritten as a fraction (0.125 for 12.5%).
 */
import type { Evidence } from './types.js';

/** One number read from a text: its value, the step it is written to, and whether it is a percentage. */
export type ReadNumber = { raw: string; value: number; step: number; percent: boolean };

const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

const NUMBER =
  /(?<![\d.])(?:(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?|\.(\d+))(?:(k|mn|m|bn|b)(?![a-z])|\s(thousand|million|billion)\b)?(\s?%|\s(?:percent|per cent|percentage points?|points?)\b)?/gi;

/** Every number written in `text` (see the file's header). */
export function numbersIn(text: string): ReadNumber[] {
  const out: ReadNumber[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const [raw, whole, fraction, bare, suffix, word, percent] = m;
    const decimals = fraction ?? bare;
    const unit = (suffix ?? word ?? '').toLowerCase();
    const multiplier = MULTIPLIERS[unit] ?? 1;
    const base = Number(`${(whole ?? '0').replaceAll(',', '')}${decimals ? `.${decimals}` : ''}`);
    out.push({
      raw: raw.trim(),
      value: base * multiplier,
      step: 10 ** -(decimals?.length ?? 0) * multiplier,
      percent: percent !== undefined,
    });
  }
  return out;
}

/** ISO dates are compared whole: a window's "2024-05-01" allows that date, not the numbers 1 and 5. */
const DATE = /(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)/g;
const datesIn = (text: string) => [...text.matchAll(DATE)].map((m) => m[0]);
const withoutDates = (text: string) => text.replace(DATE, ' ');

const EPSILON = 1e-9;

const matches = (n: ReadNumber, candidate: number): boolean => {
  const c = Math.abs(candidate);
  const gap = Math.abs(c - n.value);
  return gap <= n.step / 2 + EPSILON * Math.max(1, c) && gap <= 0.05 * c + EPSILON;
};

/** Whether a number written in a text stands for one of `known` (percent and fraction forms included). */
function isKnown(n: ReadNumber, known: readonly number[]): boolean {
  return known.some((k) => matches(n, k) || (n.percent && matches(n, k * 100)));
}

export type RewriteText = { title: string; description: string; action_steps: readonly string[] };

export type RewriteCheck = {
  accepted: boolean;
  /** The numbers, as written, that neither the evidence nor the original states. */
  rejected_numbers: string[];
  /** Why the rewrite was rejected; null when accepted. */
  reason: string | null;
};

const textOf = (t: RewriteText) => [t.title, t.description, ...t.action_steps].join('\n');

/** Whether `rewrite` states only numbers of `evidence` or of `original`, and keeps its steps (see the header). */
export function checkRewrite(original: RewriteText, rewrite: RewriteText, evidence: readonly Evidence[]): RewriteCheck {
  if (rewrite.action_steps.length !== original.action_steps.length) {
    return {
      accepted: false,
      rejected_numbers: [],
      reason: `The rewrite has ${rewrite.action_steps.length} steps where the recommendation has ${original.action_steps.length}.`,
    };
  }
  const originalText = textOf(original);
  const knownDates = new Set([...evidence.flatMap((e) => datesIn(e.window)), ...datesIn(originalText)]);
  const known = [
    ...evidence.flatMap((e) => [
      e.value,
      ...(e.sample_size === null ? [] : [e.sample_size]),
      ...numbersIn(withoutDates(e.window)).map((n) => n.value),
    ]),
    ...numbersIn(withoutDates(originalText)).flatMap((n) => (n.percent ? [n.value, n.value / 100] : [n.value])),
  ];
  const rewriteText = textOf(rewrite);
  const rejected = [
    ...datesIn(rewriteText).filter((d) => !knownDates.has(d)),
    ...numbersIn(withoutDates(rewriteText))
      .filter((n) => !isKnown(n, known))
      .map((n) => n.raw),
  ];
  return {
    accepted: rejected.length === 0,
    rejected_numbers: rejected,
    reason: rejected.length === 0 ? null : `The rewrite states numbers the evidence does not: ${rejected.join(', ')}.`,
  };
}

/** `rec` with the rewrite's wording when it passes `checkRewrite`, else unchanged; with the check's result. */
export function applyRewrite<T extends RewriteText & { evidence: readonly Evidence[] }>(
  rec: T,
  rewrite: RewriteText,
): { recommendation: T; check: RewriteCheck } {
  const check = checkRewrite(rec, rewrite, rec.evidence);
  if (!check.accepted) return { recommendation: rec, check };
  return {
    recommendation: {
      ...rec,
      title: rewrite.title,
      description: rewrite.description,
      action_steps: [...rewrite.action_steps],
    },
    check,
  };
}
