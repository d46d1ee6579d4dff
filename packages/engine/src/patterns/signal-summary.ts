import { round } from '@ri/contracts';
import { SIGNAL_CATALOGUE, type SignalType, type SignalUnit } from '../signals/signal-catalogue.js';
import { hasSignal, type SessionRecord, signalValue } from './session-record.js';
import { compareGroups, percent, quantile, SIGNIFICANT_Z, twoProportionZ } from './stats.js';

/** One catalogue signal across a window's sessions (the `SignalSummary` of the contracts). */
export type SignalSummary = {
  id: string;
  name: string;
  type: SignalType;
  /** 0-1: median of the present values ÷ their 90th percentile. */
  strength: number;
  /** Sessions where the signal was present (value > 0). */
  frequency: number;
  /** 0-1: |phi| between presence and conversion. */
  impact_score: number;
  trend: 'increasing' | 'decreasing' | 'stable';
  description: string;
};

/** The window the sessions were drawn from, epoch ms; its midpoint splits them for the trend. */
export type SummaryWindow = { from: number; to: number };

/** Sessions each half of the window needs before a trend is called. */
export const MIN_TREND_SESSIONS = 10;

const UNIT_SUFFIX: Record<SignalUnit, string> = {
  'px/s': ' px/s',
  s: ' s',
  count: '',
  ratio: '',
  'per minute': ' per minute',
  '%': '%',
  flag: '',
};

type Trend = { trend: SignalSummary['trend']; sentence: string };

function trendOf(name: string, first: SessionRecord[], second: SessionRecord[]): Trend {
  if (first.length < MIN_TREND_SESSIONS || second.length < MIN_TREND_SESSIONS)
    return {
      trend: 'stable',
      sentence: `No trend is called: each half of the window needs ${MIN_TREND_SESSIONS} sessions and has ${first.length} and ${second.length}.`,
    };
  const x1 = first.filter((r) => hasSignal(r, name)).length;
  const x2 = second.filter((r) => hasSignal(r, name)).length;
  const z = twoProportionZ(x2, second.length, x1, first.length);
  if (z === null || Math.abs(z) < SIGNIFICANT_Z) return { trend: 'stable', sentence: '' };
  const change = z > 0 ? 'rose' : 'fell';
  return {
    trend: z > 0 ? 'increasing' : 'decreasing',
    sentence: `Its share of sessions ${change} from ${percent(x1, first.length)}% in the first half of the window to ${percent(x2, second.length)}% in the second.`,
  };
}

function conversionSentence(c: ReturnType<typeof compareGroups>, conversions: number): string {
  if (conversions === 0) return 'No session converted, so its impact on conversion is 0.';
  if (conversions === c.sessions) return 'Every session converted, so its impact on conversion is 0.';
  if (c.rest === 0) return 'Every session had it, so there is no group without it to compare with: impact 0.';
  return `Sessions with it converted at ${percent(c.membersConverted, c.members)}% (${c.membersConverted} of ${c.members}) against ${percent(c.restConverted, c.rest)}% (${c.restConverted} of ${c.rest}) without it.`;
}

/**
 * Summarises every catalogue signal present in at least one session: how often it occurs, how strong the
 * median occurrence is, how its presence goes with conversion, and whether its share of sessions changed
 * between the first and second half of the window. Signals present nowhere are left out; catalogue order.
 */
export function summarizeSignals(records: readonly SessionRecord[], window: SummaryWindow): SignalSummary[] {
  const middle = window.from + (window.to - window.from) / 2;
  const first = records.filter((r) => r.startedAt < middle);
  const second = records.filter((r) => r.startedAt >= middle);
  const conversions = records.filter((r) => r.converted).length;
  const out: SignalSummary[] = [];
  for (const { name, type, unit } of SIGNAL_CATALOGUE) {
    const values = records
      .map((r) => signalValue(r, name))
      .filter((v): v is number => v !== null && v > 0)
      .sort((a, b) => a - b);
    if (values.length === 0) continue;
    const median = quantile(values, 0.5)!;
    const p90 = quantile(values, 0.9)!;
    const groups = compareGroups(records, (r) => hasSignal(r, name));
    const { trend, sentence } = trendOf(name, first, second);
    const size =
      unit === 'flag'
        ? ''
        : ` Median ${round(median)}${UNIT_SUFFIX[unit]}, 90th percentile ${round(p90)}${UNIT_SUFFIX[unit]}.`;
    out.push({
      id: name,
      name,
      type,
      strength: round(Math.min(1, median / p90)),
      frequency: values.length,
      impact_score: round(Math.abs(groups.phi)),
      trend,
      description: [
        `Present in ${values.length} of ${records.length} sessions (${percent(values.length, records.length)}%).${size}`,
        conversionSentence(groups, conversions),
        sentence,
      ]
        .filter((s) => s !== '')
        .join(' '),
    });
  }
  return out;
}
