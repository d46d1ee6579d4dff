import type { Evidence, Recommendation } from '@ri/contracts';
import { humaniseName } from '../../../lib/format';
import { formatMoney } from './dashboard-format';

/** Spec 2.4: the modal's priority badges. */
export const PRIORITY_LABELS: Record<Recommendation['priority'], string> = {
  high: 'HIGH PRIORITY',
  medium: 'MEDIUM PRIORITY',
  low: 'LOW PRIORITY',
};

/** The colour code of a priority: red, amber, blue (badge, and the edge of the card). */
export const PRIORITY_TONES: Record<Recommendation['priority'], { badge: string; edge: string }> = {
  high: { badge: 'bg-red-100 text-red-800', edge: 'border-l-red-500' },
  medium: { badge: 'bg-amber-100 text-amber-800', edge: 'border-l-amber-500' },
  low: { badge: 'bg-sky-100 text-sky-800', edge: 'border-l-sky-500' },
};

/** A confidence in [0, 1] as a whole percentage. */
export const confidenceText = (confidence: number) => `${Math.round(confidence * 100)}% confidence`;

/**
 * An evidence row's value by its unit: fractions as percentages (a p-value as itself), money by its currency
 * code, counts with their unit.
 */
export function evidenceValue(e: Evidence): string {
  const unit = e.unit ?? '';
  if (e.metric === 'p_value') return e.value < 0.0001 ? '< 0.0001' : e.value.toPrecision(2);
  if (unit === 'fraction') return `${(e.value * 100).toFixed(1)}%`;
  if (/^[A-Z]{3}$/.test(unit)) return formatMoney(e.value, unit);
  if (unit === 'ratio') return e.value.toFixed(2);
  const number = e.value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return unit ? `${number} ${unit}` : number;
}

/** An evidence row's metric as people read it: 'skeptic_pricing_continuation' → 'Skeptic pricing continuation'. */
export const evidenceMetric = (e: Evidence) => humaniseName(e.metric);

/** A skipped rule's name as people read it. */
export const ruleName = (rule: string) => humaniseName(rule.split(':')[0] ?? rule);
