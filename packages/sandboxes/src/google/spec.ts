import { charsFor, drawFor } from '../stripe/random.js';

/** The simulated sites whose Google search traffic an account's campaigns pay for (packages/simulator/src/sites). */
export type GoogleSite = 'trail-shop' | 'saas' | 'home-goods' | 'courses';

/**
 * Each site's search campaigns (`utm_campaign`), the search terms its ads answer (`utm_term`, from `{keyword}`) and the
 * pages they land on: first the campaigns the visitor simulator's google-cpc traffic carries, in its order, then
 * campaigns that spend without sending tracked visits. A test checks them against the simulator's sites.
 */
export const GOOGLE_SITE_CAMPAIGNS: Record<
  GoogleSite,
  { campaigns: readonly string[]; terms: readonly string[]; paths: readonly string[] }
> = {
  'trail-shop': {
    campaigns: [
      'brand-search',
      'trail-shoes-generic',
      'trail-coach-trial',
      'competitor-conquest',
      'running-gear-generic',
    ],
    terms: ['trail running shoes', 'best trail shoes', 'running coach app', 'northwind trail'],
    paths: ['/pricing', '/products/trail-runner', '/products/summit-pack', '/free-trial', '/'],
  },
  saas: {
    campaigns: ['brand', 'invoicing-software', 'quickbooks-competitor', 'expense-tracking-generic', 'remarketing-rlsa'],
    terms: ['invoicing software', 'quickbooks alternative', 'small business accounting', 'ledgerly pricing'],
    paths: ['/pricing', '/features/invoicing', '/alternatives/quickbooks', '/start-free-trial'],
  },
  'home-goods': {
    campaigns: ['sofas-generic', 'brand', 'dining-tables', 'bookcases-generic', 'lighting-generic'],
    terms: ['linen sofa', 'oak dining table', 'larchwood sofa', 'sofa delivered assembled'],
    paths: ['/collections/sofas', '/products/oslo-3-seater', '/products/fjord-oak-dining-table', '/'],
  },
  courses: {
    campaigns: ['data-career', 'ux-career', 'brand', 'python-beginners', 'bootcamp-competitor'],
    terms: ['data analyst course', 'ux design course online', 'career change course', 'brightpath reviews'],
    paths: ['/courses/data-analysis', '/courses/ux-design', '/pricing', '/free-lesson'],
  },
};

export type GoogleSandboxAccountOptions = {
  descriptiveName?: string;
  /** ISO 4217 (USD). */
  currency?: string;
  /** IANA time zone the account's dates are in. */
  timeZone?: string;
  site?: GoogleSite;
  /** Search campaigns (default 5: the site's). */
  campaigns?: number;
  /** Ad groups (default 2 per campaign). */
  adGroups?: number;
  /** Responsive search ads (default 2 per ad group). */
  ads?: number;
  /**
   * Performance Max campaigns (default 0), after the search campaigns: Google reports them at the campaign level only,
   * since they have no ad groups or ad group ads a query can read.
   */
  performanceMaxCampaigns?: number;
  /** Days of metrics, ending with today in the account's time zone (default 90). */
  days?: number;
  /** A test account (customer.test_account). */
  testAccount?: boolean;
  /** `CANCELED`: a client the manager still lists, whose own queries Google refuses (CUSTOMER_NOT_ENABLED). */
  status?: 'ENABLED' | 'CANCELED';
};

export type GoogleAccountSpec = Required<GoogleSandboxAccountOptions> & {
  index: number;
  /** The 10-digit customer id. */
  customerId: string;
  /** The 9-digit GA4 property of the account's site. */
  propertyId: string;
  /** Unix seconds (UTC midnight) of the first day of metrics: day 0. */
  firstDay: number;
};

const NAMES = ['Northwind Trail Co.', 'Ledgerly', 'Larchwood Home', 'Brightpath Academy'];
const SITES: GoogleSite[] = ['trail-shop', 'saas', 'home-goods', 'courses'];
const CURRENCIES = ['USD', 'GBP', 'EUR', 'JPY'];
const TIMEZONES = ['America/Los_Angeles', 'Europe/London', 'Europe/Berlin', 'Asia/Tokyo'];

/** The account's full description from its options: ids from (seed, index), sizes, and its first day. */
export const resolveGoogleAccount = (
  options: GoogleSandboxAccountOptions,
  index: number,
  seed: number,
  today: number,
): GoogleAccountSpec => {
  const days = options.days ?? 90;
  const campaigns = options.campaigns ?? 5;
  const adGroups = options.adGroups ?? campaigns * 2;
  return {
    index,
    descriptiveName: options.descriptiveName ?? NAMES[index % NAMES.length]!,
    currency: options.currency ?? CURRENCIES[index % CURRENCIES.length]!,
    timeZone: options.timeZone ?? TIMEZONES[index % TIMEZONES.length]!,
    site: options.site ?? SITES[index % SITES.length]!,
    campaigns,
    adGroups,
    ads: options.ads ?? adGroups * 2,
    performanceMaxCampaigns: options.performanceMaxCampaigns ?? 0,
    days,
    testAccount: options.testAccount ?? false,
    status: options.status ?? 'ENABLED',
    customerId: customerIdFor(seed, `client:${index}`),
    propertyId: String(drawFor(seed, 'google:property', index).int(100_000_000, 999_999_999)),
    firstDay: today - (days - 1) * 86_400,
  };
};

/** A 10-digit customer id, the same for the same seed and name. */
export const customerIdFor = (seed: number, name: string) =>
  String(drawFor(seed, `google:customer:${name}`, 0).int(1_000_000_000, 9_999_999_999));

/**
 * An OAuth access token as Google issues them (`ya29.a0…`, about 200 characters), the same for the same seed. Never
 * containing "test", which section 5 refuses.
 */
export const googleToken = (seed: number, stream: string) => {
  for (let i = 0; ; i++) {
    const token = `ya29.a0${charsFor(seed, `google:token:${stream}`, i, 190)}`;
    if (!token.toLowerCase().includes('test')) return token;
  }
};

/** A developer token as the API Center shows it: 22 characters. */
export const googleDeveloperToken = (seed: number) => charsFor(seed, 'google:developer-token', 0, 22);

/** `YYYY-MM-DD` of a Unix time (UTC). */
export const isoDay = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

/** Unix seconds (UTC midnight) of today's date in a time zone. */
export const todayIn = (timeZone: string, nowMs: number): number => {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(nowMs),
  );
  return Date.parse(`${day}T00:00:00Z`) / 1000;
};
