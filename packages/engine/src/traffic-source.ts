/** Where a session came from, in the channel groups marketers use. */
export type TrafficSource =
  | 'paid_search'
  | 'paid_social'
  | 'email'
  | 'organic_search'
  | 'social'
  | 'referral'
  | 'direct';

export type TrafficInput = {
  referrer?: string | null;
  /** The site's own origin; a referrer from it is not a referral. */
  siteOrigin?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  gclid?: string | null;
  fbclid?: string | null;
};

const SEARCH = /(^|\.)(google|bing|duckduckgo|yahoo|baidu|yandex|ecosia|startpage|qwant|brave)\./i;
const SOCIAL =
  /(^|\.)(facebook|fb|instagram|t|twitter|x|linkedin|lnkd|tiktok|pinterest|reddit|youtube|threads|snapchat)\.(com|co|me|net|in)$/i;
const PAID_MEDIUM = /^(cpc|ppc|paid|paidsearch|paid_search|cpm|display|paid_social|paidsocial|cpv)$/i;
const SOCIAL_SOURCE = /facebook|fb|instagram|ig|meta|tiktok|linkedin|twitter|x|pinterest|snapchat|reddit|youtube/i;

function hostOf(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Classifies a session's traffic source from its click ids, UTM tags and referrer, in that order of
 * trust: a Google click id or a paid medium is paid traffic; then e-mail; then the referrer's host.
 */
export function classifyTrafficSource(input: TrafficInput): TrafficSource {
  const medium = input.utmMedium?.trim() ?? '';
  const source = input.utmSource?.trim() ?? '';
  if (input.gclid) return 'paid_search';
  if (input.fbclid && PAID_MEDIUM.test(medium)) return 'paid_social';
  if (PAID_MEDIUM.test(medium))
    return SOCIAL_SOURCE.test(source) || /social/i.test(medium) ? 'paid_social' : 'paid_search';
  if (/^e-?mail$|newsletter/i.test(medium)) return 'email';
  const host = hostOf(input.referrer);
  const own = hostOf(input.siteOrigin);
  if (host && host !== own) {
    if (SEARCH.test(host)) return 'organic_search';
    if (SOCIAL.test(host) || input.fbclid) return 'social';
    return 'referral';
  }
  if (input.fbclid || /social/i.test(medium)) return 'social';
  if (source) return 'referral';
  return 'direct';
}
