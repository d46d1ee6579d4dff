import { charsFor, drawFor } from '../stripe/random.js';

/** The simulated sites whose Facebook traffic an account's campaigns pay for (packages/simulator/src/sites). */
export type MetaSite = 'trail-shop' | 'saas' | 'home-goods' | 'courses';

/**
 * Each site's campaigns (`utm_campaign`) and ad contents (`utm_content`): first the ones the visitor simulator's
 * facebook-paid traffic carries, in its order, then campaigns that spend without sending tracked visits. A test
 * checks them against the simulator's sites.
 */
export const META_SITE_CAMPAIGNS: Record<MetaSite, { campaigns: readonly string[]; contents: readonly string[] }> = {
  'trail-shop': {
    campaigns: [
      'spring-sale',
      'trail-coach-video',
      'retargeting-cart',
      'prospecting-lookalike',
      'brand-awareness',
      'catalog-dpa',
    ],
    contents: ['carousel-a', 'video-15s', 'ugc-review'],
  },
  saas: {
    campaigns: [
      'q3-awareness',
      'expense-cards-launch',
      'retargeting-trial',
      'webinar-signups',
      'brand-video',
      'lead-gen-form',
    ],
    contents: ['founder-video', 'static-invoice', 'testimonial-carousel'],
  },
  'home-goods': {
    campaigns: [
      'autumn-sale',
      'planner-launch',
      'retargeting-basket',
      'catalog-dpa',
      'brand-awareness',
      'lookalike-buyers',
    ],
    contents: ['room-reel', 'sofa-carousel', 'customer-home-ugc'],
  },
  courses: {
    campaigns: [
      'new-year-new-career',
      'free-lesson-push',
      'retargeting-visitors',
      'webinar-signups',
      'brand-video',
      'lead-gen-form',
    ],
    contents: ['graduate-story-video', 'lesson-clip', 'salary-static'],
  },
};

export type MetaSandboxAccountOptions = {
  name?: string;
  /** ISO 4217, as Graph writes it (USD). */
  currency?: string;
  timezone?: string;
  site?: MetaSite;
  /** Default 6 (more than the site has repeat its names with a number). */
  campaigns?: number;
  /** Ad sets (default 2 per campaign). */
  adsets?: number;
  /** Ads, one creative each (default 24). */
  ads?: number;
  /** Days of insights, ending the day before `now` (default 90). */
  days?: number;
  /** Graph `account_status` (1 active, 2 disabled, 3 unsettled…; default 1). */
  status?: number;
  /**
   * Campaign budgets (Meta's Advantage campaign budget): each campaign carries the daily budget of its ad sets,
   * which carry none. Default false: budgets are set on the ad sets.
   */
  campaignBudgets?: boolean;
};

export type MetaAccountSpec = Required<MetaSandboxAccountOptions> & {
  index: number;
  /** The number in `act_<number>`. */
  accountId: string;
  /** Unix seconds of the first day of data (UTC midnight). */
  firstDay: number;
};

const NAMES = ['Northwind Trail Co.', 'Ledgerly Ads', 'Larchwood Home', 'Brightpath Academy'];
const SITES: MetaSite[] = ['trail-shop', 'saas', 'home-goods', 'courses'];
const CURRENCIES = ['USD', 'GBP', 'EUR', 'USD'];
const TIMEZONES = ['America/Los_Angeles', 'Europe/London', 'Europe/Berlin', 'America/New_York'];

/** The account's full description from its options: ids from (seed, index), sizes, and its first day. */
export const resolveMetaAccount = (
  options: MetaSandboxAccountOptions,
  index: number,
  seed: number,
  now: number,
): MetaAccountSpec => {
  const days = options.days ?? 90;
  const campaigns = options.campaigns ?? 6;
  const today = Math.floor(now / 86_400) * 86_400;
  return {
    index,
    name: options.name ?? NAMES[index % NAMES.length]!,
    currency: options.currency ?? CURRENCIES[index % CURRENCIES.length]!,
    timezone: options.timezone ?? TIMEZONES[index % TIMEZONES.length]!,
    site: options.site ?? SITES[index % SITES.length]!,
    campaigns,
    adsets: options.adsets ?? campaigns * 2,
    ads: options.ads ?? 24,
    days,
    status: options.status ?? 1,
    campaignBudgets: options.campaignBudgets ?? false,
    accountId: String(drawFor(seed, 'meta:account', index).int(100_000_000_000_000, 999_999_999_999_999)),
    firstDay: today - days * 86_400,
  };
};

/** A user access token as Meta issues them (`EAA…`), the same for the same seed. */
export const metaToken = (seed: number, stream: string) => `EAAG${charsFor(seed, `meta:token:${stream}`, 0, 180)}`;

/** The sandbox user's id, as `/me` answers it. */
export const metaUserId = (seed: number) =>
  String(drawFor(seed, 'meta:user', 0).int(10_000_000_000_000, 99_999_999_999_999));
