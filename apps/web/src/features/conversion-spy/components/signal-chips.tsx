import type { SessionSignals } from '@ri/contracts';
import { NO_VALUE } from '../../../lib/format';
import { ctaHoverLevel, type SignalLevel, scrollVelocityLevel } from '../lib/signal-level';

const levelTones: Record<SignalLevel, string> = {
  high: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  medium: 'border-amber-200 bg-amber-50 text-amber-800',
  low: 'border-slate-200 bg-slate-50 text-slate-600',
};

const levelText: Record<SignalLevel, string> = { high: 'High', medium: 'Medium', low: 'Low' };

type ChipProps = { label: string; value: string | null; level: SignalLevel | null; missing: string };

function SignalChip({ label, value, level, missing }: ChipProps) {
  if (value === null || level === null) {
    return (
      <li
        title={missing}
        className="rounded-md border border-dashed border-slate-200 px-2 py-0.5 text-xs text-slate-500"
      >
        {label} {NO_VALUE}
        <span className="sr-only"> ({missing})</span>
      </li>
    );
  }
  return (
    <li className={`rounded-md border px-2 py-0.5 text-xs whitespace-nowrap ${levelTones[level]}`}>
      {label} <span className="font-medium tabular-nums">{value}</span> · {levelText[level]}
    </li>
  );
}

/**
 * Scroll velocity and CTA hover time with their levels (spec doc 2, section 5). A signal the tracker
 * did not see is shown as a dash with the reason, never as a level.
 */
export function SignalChips({ signals }: { signals: SessionSignals }) {
  const { scroll_velocity: scroll, cta_hover_time: hover } = signals;
  return (
    <ul aria-label="Key signals" className="flex flex-wrap gap-1">
      <SignalChip
        label="Scroll"
        value={scroll === undefined ? null : `${Math.round(scroll)} px/s`}
        level={scroll === undefined ? null : scrollVelocityLevel(scroll)}
        missing="Not measured: no scrolling recorded"
      />
      <SignalChip
        label="CTA hover"
        value={hover === undefined ? null : `${hover.toFixed(1)} s`}
        level={hover === undefined ? null : ctaHoverLevel(hover)}
        missing="Not measured: no call-to-action hover recorded"
      />
    </ul>
  );
}
