import { TIME_RANGES, type TimeRange, timeRangeSchema } from '@ri/contracts';
import { useSearchParams } from 'react-router';
import { TIME_RANGE_LABELS } from './time-ranges';

/**
 * The chosen time frame lives in the address (?range=), so a reload or a shared link shows the same
 * window; anything unknown falls back to the spec's default, 24h.
 */
export function useTimeFrame() {
  const [params, setParams] = useSearchParams();
  const timeFrame = timeRangeSchema.safeParse(params.get('range') ?? undefined).data ?? '24h';
  const setTimeFrame = (value: TimeRange) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('range', value);
        return next;
      },
      { replace: true },
    );
  return [timeFrame, setTimeFrame] as const;
}

/** Spec: 1h, 24h, 7d, 30d, labelled as the spec writes them, with the full wording as a hover title. */
export const TIME_FRAME_OPTIONS = TIME_RANGES.map((value) => ({
  value,
  label: value,
  title: TIME_RANGE_LABELS[value],
}));
