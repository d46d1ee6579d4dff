import type { SignalSummary } from '@ri/contracts';
import { humaniseName } from '../../../lib/format';

/** Catalogue names are snake_case ('cta_hover_time'); people read 'CTA hover time'. */
export const humaniseSignal = humaniseName;

/** Patterns and flows name signals by id: this reads an id as the signal's display name. */
export function signalNamer(signals: readonly SignalSummary[]): (idOrName: string) => string {
  const names = new Map(signals.map((signal) => [signal.id, signal.name]));
  return (idOrName) => humaniseSignal(names.get(idOrName) ?? idOrName);
}

/** Spec doc 2, section 5: above 0.7 strong, above 0.4 moderate, otherwise weak; the sign gives the direction. */
export function correlationWording(correlation: number): string {
  const size = Math.abs(correlation);
  if (size > 0.7) return `Strong ${correlation < 0 ? 'negative' : 'positive'} correlation`;
  if (size > 0.4) return `Moderate ${correlation < 0 ? 'negative' : 'positive'} correlation`;
  return 'Weak correlation';
}

/** Seconds as s under a minute, else minutes with one decimal. */
export const formatSeconds = (seconds: number) =>
  seconds < 60 ? `${seconds.toFixed(1)} s` : `${(seconds / 60).toFixed(1)} min`;
