import { AD_PLATFORM_FILTERS, type AdPlatform, type AdPlatformFilter, type AdPlatformStatus } from '@ri/contracts';

/** The filter's names for the platforms, as the spec lists them. */
export const PLATFORM_FILTER_LABELS: Record<AdPlatformFilter, string> = {
  all: 'All platforms',
  facebook: 'Facebook',
  google: 'Google',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
};

/** The vendor as people name the place a change is made: 'on Meta', 'in Google Ads'. */
export const PLATFORM_VENDOR: Record<AdPlatform, string> = {
  facebook: 'Meta',
  google: 'Google Ads',
  linkedin: 'LinkedIn Ads',
  tiktok: 'TikTok Ads',
};

/** Each platform's colour (spec section 9 defines one per platform), for dots and chart marks. */
export const PLATFORM_COLORS: Record<AdPlatform, string> = {
  facebook: '#1877f2',
  google: '#ea4335',
  linkedin: '#0a66c2',
  tiktok: '#111827',
};

export const isAdPlatform = (value: string): value is AdPlatform => value in PLATFORM_VENDOR;

/** A platform or traffic-source key in words: 'facebook' is Facebook, 'organic_search' is Organic search. */
export function platformLabel(platform: string): string {
  if (isAdPlatform(platform)) return PLATFORM_FILTER_LABELS[platform];
  const text = platform.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The filter's choices, each platform marked 'not connected' when the summary says it has no integration. */
export function platformFilterOptions(platforms: readonly AdPlatformStatus[] | undefined) {
  return AD_PLATFORM_FILTERS.map((value) => {
    const status = platforms?.find((p) => p.platform === value);
    const notConnected = status !== undefined && !status.connected;
    return {
      value,
      label: notConnected ? `${PLATFORM_FILTER_LABELS[value]} (not connected)` : PLATFORM_FILTER_LABELS[value],
    };
  });
}
