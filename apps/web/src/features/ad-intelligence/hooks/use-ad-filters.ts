import { AD_PLATFORM_FILTERS, type AdPlatformFilter } from '@ri/contracts';
import { useSearchParams } from 'react-router';
import type { AdDays, AdFilters } from '../api/ad-intelligence-api';

/** Spec section 9: the ad report's time frames, 30 days by default. */
export const AD_TIME_FRAME_OPTIONS = [
  { value: '7d', label: '7d', title: 'Last 7 days' },
  { value: '30d', label: '30d', title: 'Last 30 days' },
  { value: '90d', label: '90d', title: 'Last 90 days' },
] as const;
export type AdTimeFrame = (typeof AD_TIME_FRAME_OPTIONS)[number]['value'];

const DAYS: Record<AdTimeFrame, AdDays> = { '7d': 7, '30d': 30, '90d': 90 };
const isTimeFrame = (value: string | null): value is AdTimeFrame => value !== null && value in DAYS;
const isPlatform = (value: string | null): value is AdPlatformFilter =>
  AD_PLATFORM_FILTERS.some((platform) => platform === value);

/**
 * The platform filter and the time frame live in the address (?platform=google&range=7d), so a reload or
 * a shared link shows the same report; anything unknown falls back to all platforms over 30 days.
 */
export function useAdFilters() {
  const [params, setParams] = useSearchParams();
  const range = params.get('range');
  const platform = params.get('platform');
  const timeFrame: AdTimeFrame = isTimeFrame(range) ? range : '30d';
  const filters: AdFilters = { platform: isPlatform(platform) ? platform : 'all', days: DAYS[timeFrame] };

  const set = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return {
    filters,
    timeFrame,
    setTimeFrame: (value: AdTimeFrame) => set('range', value),
    setPlatform: (value: AdPlatformFilter) => set('platform', value),
  };
}
