import type { Rng } from './random';
import type { Site } from './site';
import { TRAIL_SHOP } from './sites/trail-shop';

/** How a visitor arrived: a label, the landing page's referrer and its campaign parameters. */
export type TrafficSource =
  | 'google-organic'
  | 'google-cpc'
  | 'facebook-paid'
  | 'newsletter'
  | 'direct'
  | 'referral-blog';

export type Landing = {
  source: TrafficSource;
  /** document.referrer of the landing page ('' for none). */
  referrer: string;
  /** Query parameters of the landing URL (UTM tags, click ids). */
  query: Record<string, string>;
  /** Paths this source typically lands on; the plan may choose a persona-preferred page instead. */
  paths: readonly string[];
};

export type Device = 'desktop' | 'mobile' | 'tablet';

/** The browser a visitor uses: what the SDK reads from navigator, screen and window. */
export type BrowserEnv = {
  device: Device;
  userAgent: string;
  touch: boolean;
  screen: { w: number; h: number };
  viewport: { w: number; h: number };
  /** Pages are this many times taller than at desktop width (narrow columns wrap). */
  scale: number;
  lang: string;
  timeZone: string;
  /** A documentation-range address sent as X-Forwarded-For (used only by servers that trust a proxy). */
  ip: string;
};

/** Traffic shares of the sources (the same for every persona, so the source is no persona tag). */
export const SOURCE_WEIGHTS: Record<TrafficSource, number> = {
  'google-organic': 0.28,
  'google-cpc': 0.18,
  'facebook-paid': 0.14,
  newsletter: 0.1,
  direct: 0.18,
  'referral-blog': 0.12,
};

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const token = (rng: Rng, prefix: string, n: number) => {
  let s = prefix;
  for (let i = 0; i < n; i++) s += rng.chance(0.15) ? String(rng.int(0, 9)) : ALNUM[rng.int(0, ALNUM.length - 1)];
  return s;
};

/** Draws where a visitor came from, and the site's typical landing pages for that source. */
export const drawLanding = (rng: Rng, site: Site = TRAIL_SHOP): Landing => {
  const source = rng.weighted(SOURCE_WEIGHTS);
  const spec = site.landing[source];
  const { paths } = spec;
  const pick = (items: readonly string[] | undefined) => rng.pick(items?.length ? items : ['general']);
  switch (source) {
    case 'google-organic':
      return { source, referrer: 'https://www.google.com/', query: {}, paths };
    case 'google-cpc':
      return {
        source,
        referrer: 'https://www.google.com/',
        query: {
          utm_source: 'google',
          utm_medium: 'cpc',
          utm_campaign: pick(spec.campaigns),
          utm_term: pick(spec.terms),
          gclid: token(rng, 'Cj0KCQiA', 24),
        },
        paths,
      };
    case 'facebook-paid':
      return {
        source,
        referrer: 'https://l.facebook.com/',
        query: {
          utm_source: 'facebook',
          utm_medium: 'paid_social',
          utm_campaign: pick(spec.campaigns),
          utm_content: pick(spec.contents),
          fbclid: token(rng, 'IwAR', 28),
        },
        paths,
      };
    case 'newsletter':
      return {
        source,
        referrer: '',
        query: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: pick(spec.campaigns) },
        paths,
      };
    case 'direct':
      return { source, referrer: '', query: {}, paths };
    case 'referral-blog':
      return { source, referrer: pick(spec.referrers), query: {}, paths };
  }
};

type DeviceProfile = { userAgent: string; screen: [number, number]; viewport: [number, number] };

const DESKTOP: DeviceProfile[] = [
  {
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    screen: [1920, 1080],
    viewport: [1920, 947],
  },
  {
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    screen: [1440, 900],
    viewport: [1440, 789],
  },
  {
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    screen: [1512, 982],
    viewport: [1512, 862],
  },
  {
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
    screen: [1366, 768],
    viewport: [1366, 657],
  },
  {
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.0.0',
    screen: [1536, 864],
    viewport: [1536, 730],
  },
];
const MOBILE: DeviceProfile[] = [
  {
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    screen: [390, 844],
    viewport: [390, 664],
  },
  {
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
    screen: [412, 915],
    viewport: [412, 780],
  },
  {
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.165 Mobile Safari/537.36',
    screen: [360, 800],
    viewport: [360, 660],
  },
];
const TABLET: DeviceProfile[] = [
  {
    userAgent:
      'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    screen: [820, 1180],
    viewport: [820, 1050],
  },
  {
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    screen: [800, 1280],
    viewport: [800, 1160],
  },
];

const LOCALES: [lang: string, timeZones: string[], weight: number][] = [
  ['en-US', ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'], 0.55],
  ['en-GB', ['Europe/London'], 0.15],
  ['de-DE', ['Europe/Berlin'], 0.08],
  ['fr-FR', ['Europe/Paris'], 0.07],
  ['es-ES', ['Europe/Madrid'], 0.05],
  ['nl-NL', ['Europe/Amsterdam'], 0.05],
  ['en-AU', ['Australia/Sydney'], 0.05],
];

/** Device shares (desktop, mobile, tablet), the same for every persona. */
export const DEVICE_WEIGHTS: Record<Device, number> = { desktop: 0.55, mobile: 0.38, tablet: 0.07 };
/** The share of touch devices (phones and tablets) in DEVICE_WEIGHTS. */
export const DEFAULT_TOUCH_SHARE = 0.45;

/**
 * Device shares for a share of touch devices: phones and tablets keep their ratio, desktops take the rest.
 * At the default share the weights are DEVICE_WEIGHTS exactly (each factor is 1), so plans do not change.
 */
const deviceWeights = (touchShare: number): Record<Device, number> => ({
  desktop: DEVICE_WEIGHTS.desktop * ((1 - touchShare) / (1 - DEFAULT_TOUCH_SHARE)),
  mobile: DEVICE_WEIGHTS.mobile * (touchShare / DEFAULT_TOUCH_SHARE),
  tablet: DEVICE_WEIGHTS.tablet * (touchShare / DEFAULT_TOUCH_SHARE),
});

/** Draws a visitor's browser: device (touch devices with the given share), user agent, screen, language and time zone. */
export const drawBrowser = (rng: Rng, touchShare = DEFAULT_TOUCH_SHARE): BrowserEnv => {
  const device = rng.weighted(deviceWeights(touchShare));
  const profile = rng.pick(device === 'desktop' ? DESKTOP : device === 'mobile' ? MOBILE : TABLET);
  const locale = LOCALES[Number(rng.weighted(Object.fromEntries(LOCALES.map((l, i) => [String(i), l[2]]))))]!;
  return {
    device,
    userAgent: profile.userAgent,
    touch: device !== 'desktop',
    screen: { w: profile.screen[0], h: profile.screen[1] },
    viewport: { w: profile.viewport[0], h: profile.viewport[1] },
    scale: device === 'desktop' ? 1 : device === 'tablet' ? 1.3 : 1.9,
    lang: locale[0],
    timeZone: rng.pick(locale[1]),
    ip: `${rng.pick(['192.0.2', '198.51.100', '203.0.113'])}.${rng.int(1, 254)}`,
  };
};
