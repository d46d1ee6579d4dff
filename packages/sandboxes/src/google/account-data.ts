import { drawFor } from '../stripe/random.js';
import { GOOGLE_SITE_CAMPAIGNS, type GoogleAccountSpec, isoDay } from './spec.js';

const DAY = 86_400;

/** Digits after the decimal point of a currency's minor unit (JPY 0, USD 2, KWD 3), as Intl knows them. */
export const currencyExponent = (currency: string): number =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** The statuses an ad group ad update may set (REMOVED goes through a remove operation). */
export type GoogleAdStatus = 'ENABLED' | 'PAUSED';

/** One ad's figures on one day, as Google Ads reports them (cost in micros of the account currency). */
export type GoogleDayMetrics = {
  impressions: number;
  clicks: number;
  costMicros: number;
  conversions: number;
  conversionsValue: number;
};

export type GoogleTotals = GoogleDayMetrics & {
  /** Rows an ad-by-day query answers (days with impressions), and Performance Max campaigns' campaign-by-day rows. */
  rows: number;
  /** Cost in minor units of the account currency (exact: costs are whole minor units). */
  costMinor: number;
};

const HEADLINE_TAILS = ['Free Delivery', 'Official Site', 'Rated 4.8 by Customers', 'Shop Today', 'Start Free'];
const DESCRIPTIONS = [
  'Compare options side by side and choose what fits you.',
  'Order today and get it delivered this week. Easy returns.',
  'Trusted by thousands of customers. See reviews and pricing.',
];

/**
 * One client account's search campaigns, ad groups and responsive search ads, and each ad's daily metrics, computed
 * from (seed, account, index) when asked for: ad `i` is in ad group `i mod adGroups`, ad group `j` in campaign
 * `j mod campaigns`. Ids are int64 decimal strings that carry their index.
 */
export class GoogleAccountData {
  readonly spec: GoogleAccountSpec;
  readonly seed: number;
  /** Micros per minor unit: 10,000 for USD, 1,000,000 for JPY. */
  readonly microsPerMinor: number;
  readonly #exponent: number;

  constructor(spec: GoogleAccountSpec, seed: number) {
    this.spec = spec;
    this.seed = seed;
    this.#exponent = currencyExponent(spec.currency);
    this.microsPerMinor = 10 ** (6 - this.#exponent);
  }

  #draw(stream: string, index: number) {
    return drawFor(this.seed, `google:${this.spec.index}:${stream}`, index);
  }

  campaignId = (c: number) => String(21_000_000_000 + this.spec.index * 1_000_000 + c);
  adGroupId = (g: number) => String(151_000_000_000 + this.spec.index * 10_000_000 + g);
  adId = (a: number) => String(701_000_000_000 + this.spec.index * 10_000_000 + a);
  campaignOf = (g: number) => g % this.spec.campaigns;
  adGroupOf = (a: number) => a % this.spec.adGroups;
  adCampaign = (a: number) => this.campaignOf(this.adGroupOf(a));

  /** Every campaign, search and Performance Max. */
  get allCampaigns() {
    return this.spec.campaigns + this.spec.performanceMaxCampaigns;
  }
  /** Campaigns from `spec.campaigns` on are Performance Max: no ad groups, metrics at the campaign level only. */
  isPerformanceMax = (c: number) => c >= this.spec.campaigns && c < this.allCampaigns;

  /** The campaign's name, also its `utm_campaign`. */
  campaignName(c: number): string {
    if (this.isPerformanceMax(c)) {
      const n = c - this.spec.campaigns;
      return n === 0 ? 'performance-max' : `performance-max-${n + 1}`;
    }
    const names = GOOGLE_SITE_CAMPAIGNS[this.spec.site].campaigns;
    const round = Math.floor(c / names.length);
    return round === 0 ? names[c]! : `${names[c % names.length]}-${round + 1}`;
  }

  /** Campaigns 4, 9, 14… were paused part-way through the period. */
  campaignPaused = (c: number) => !this.isPerformanceMax(c) && c % 5 === 4;

  /** The query parameters every click of the campaign lands with (besides the gclid auto-tagging adds). */
  finalUrlSuffix = (c: number) => `utm_source=google&utm_medium=cpc&utm_campaign=${this.campaignName(c)}`;

  // What a mutate changed: it overrides the generated value in every later search.
  #budgets = new Map<number, number>();
  #adStatuses = new Map<number, GoogleAdStatus>();

  /** Daily budget of a campaign, in micros: generated, or as last mutated. */
  budgetMicros(c: number): number {
    return this.#budgets.get(c) ?? this.#draw('budget', c).int(20, 120) * 1_000_000;
  }

  /** The campaign budget's id (one budget per campaign, not shared). */
  budgetId = (c: number) => String(9_100_000_000 + c);
  /** The campaign whose budget has this id, or undefined. */
  budgetCampaign(id: string): number | undefined {
    const c = Number(id) - 9_100_000_000;
    return Number.isInteger(c) && c >= 0 && c < this.allCampaigns && this.budgetId(c) === id ? c : undefined;
  }

  /** The ad whose ad group ad is `<ad group id>~<ad id>`, or undefined. */
  adOf(key: string): number | undefined {
    const [group, ad] = key.split('~');
    const a = Number(ad) - (701_000_000_000 + this.spec.index * 10_000_000);
    if (!Number.isInteger(a) || a < 0 || a >= this.spec.ads || this.adId(a) !== ad) return undefined;
    return this.adGroupId(this.adGroupOf(a)) === group ? a : undefined;
  }

  /** An ad group ad's status: generated, or as last mutated. */
  adStatus(a: number): GoogleAdStatus {
    return this.#adStatuses.get(a) ?? (this.delivery(a).paused ? 'PAUSED' : 'ENABLED');
  }

  /** Records a budget mutate (micros). */
  setBudgetMicros(c: number, micros: number): void {
    this.#budgets.set(c, micros);
  }

  /** Records an ad group ad status mutate. */
  setAdStatus(a: number, status: GoogleAdStatus): void {
    this.#adStatuses.set(a, status);
  }

  #deliveries: { start: number; end: number; paused: boolean }[] = [];

  /** The days (0 = the first day of metrics) an ad serves on: [start, end). */
  delivery(a: number): { start: number; end: number; paused: boolean } {
    const known = this.#deliveries[a];
    if (known) return known;
    const days = this.spec.days;
    const d = this.#draw('delivery', a);
    const start = d.chance(0.75) ? 0 : d.int(1, Math.max(1, Math.floor(days * 0.3)));
    const paused = d.chance(0.1);
    const cut = d.int(Math.floor(days * 0.6), Math.max(Math.floor(days * 0.6), days - 1));
    const end = paused || this.campaignPaused(this.adCampaign(a)) ? Math.max(start + 1, cut) : days;
    const found = { start, end: Math.min(end, days), paused };
    this.#deliveries[a] = found;
    return found;
  }

  #profiles: { impressions: number; ctr: number; cpcMicros: number; cvr: number; order: number }[] = [];

  /** An ad's constant rates: daily impressions, CTR, cost per click, conversion rate and typical order value. */
  profile(a: number) {
    const known = this.#profiles[a];
    if (known) return known;
    const d = this.#draw('profile', a);
    const brand = /brand/.test(this.campaignName(this.adCampaign(a)));
    const profile = {
      impressions: d.int(80, 900),
      ctr: (brand ? d.int(800, 2000) : d.int(200, 900)) / 10_000,
      cpcMicros: (brand ? d.int(30, 120) : d.int(80, 450)) * 10_000,
      cvr: d.int(2, 9) / 100,
      order: d.int(40, 180),
    };
    this.#profiles[a] = profile;
    return profile;
  }

  /** An ad's metrics on a day, or null when it did not serve (Google Ads answers no row for it). */
  metrics(a: number, day: number): GoogleDayMetrics | null {
    const { start, end } = this.delivery(a);
    if (day < start || day >= end || day < 0 || day >= this.spec.days) return null;
    const p = this.profile(a);
    const d = this.#draw(`metrics:${a}`, day);
    const weekday = new Date((this.spec.firstDay + day * DAY) * 1000).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 0.8 : 1;
    const impressions = Math.round(p.impressions * weekend * (0.6 + d.float() * 0.8));
    if (impressions === 0) return null;
    const clicks = Math.round(impressions * p.ctr * (0.7 + d.float() * 0.6));
    const step = this.microsPerMinor;
    const costMicros = Math.round((clicks * p.cpcMicros * (0.8 + d.float() * 0.4)) / step) * step;
    // Whole conversions mostly; data-driven attribution gives fractions now and then.
    const raw = clicks * p.cvr * (0.5 + d.float());
    const conversions = d.chance(0.2) ? Math.round(raw * 2) / 2 : Math.round(raw);
    const conversionsValue = Number((conversions * p.order * (0.8 + d.float() * 0.4)).toFixed(this.#exponent));
    return { impressions, clicks, costMicros, conversions, conversionsValue };
  }

  /**
   * A Performance Max campaign's metrics on a day (campaign level: Google has no ad rows for it), or null when it did
   * not serve. It serves every day of the period.
   */
  campaignMetrics(c: number, day: number): GoogleDayMetrics | null {
    if (!this.isPerformanceMax(c) || day < 0 || day >= this.spec.days) return null;
    const p = this.#draw('pmax-profile', c);
    const d = this.#draw(`pmax-metrics:${c}`, day);
    const impressions = Math.round(p.int(2_000, 9_000) * (0.6 + d.float() * 0.8));
    if (impressions === 0) return null;
    const clicks = Math.round(impressions * (p.int(60, 250) / 10_000) * (0.7 + d.float() * 0.6));
    const step = this.microsPerMinor;
    const costMicros = Math.round((clicks * p.int(40, 200) * 10_000 * (0.8 + d.float() * 0.4)) / step) * step;
    const conversions = Math.round(clicks * (p.int(2, 8) / 100) * (0.5 + d.float()));
    const conversionsValue = Number((conversions * p.int(40, 180) * (0.8 + d.float() * 0.4)).toFixed(this.#exponent));
    return { impressions, clicks, costMicros, conversions, conversionsValue };
  }

  /**
   * Sums over the ads in `ads` (all when absent) and the days [from, to], with the Performance Max campaigns' days
   * when no `ads` filter is given: what a sync of every cost must match.
   */
  totals(from = 0, to = this.spec.days - 1, ads?: (a: number) => boolean): GoogleTotals {
    const sum: GoogleTotals = {
      rows: 0,
      impressions: 0,
      clicks: 0,
      costMicros: 0,
      costMinor: 0,
      conversions: 0,
      conversionsValue: 0,
    };
    const addDays = (metricsOn: (day: number) => GoogleDayMetrics | null) => {
      for (let day = Math.max(0, from); day <= Math.min(to, this.spec.days - 1); day++) {
        const m = metricsOn(day);
        if (!m) continue;
        sum.rows += 1;
        sum.impressions += m.impressions;
        sum.clicks += m.clicks;
        sum.costMicros += m.costMicros;
        sum.costMinor += m.costMicros / this.microsPerMinor;
        sum.conversions += m.conversions;
        sum.conversionsValue += m.conversionsValue;
      }
    };
    for (let a = 0; a < this.spec.ads; a++) if (!ads || ads(a)) addDays((day) => this.metrics(a, day));
    for (let c = this.spec.campaigns; !ads && c < this.allCampaigns; c++)
      addDays((day) => this.campaignMetrics(c, day));
    return sum;
  }

  /** The day number of a `YYYY-MM-DD` date (may be outside [0, days)). */
  dayOf = (date: string) => Math.round((Date.parse(`${date}T00:00:00Z`) / 1000 - this.spec.firstDay) / DAY);
  #dates: string[] = [];
  dateOf = (day: number) => {
    if (day < 0 || day >= this.spec.days) return isoDay(this.spec.firstDay + day * DAY);
    this.#dates[day] ??= isoDay(this.spec.firstDay + day * DAY);
    return this.#dates[day];
  };

  /** The customer as GAQL's `customer` resource holds it (snake_case, plain values). */
  customer(): Record<string, unknown> {
    return {
      resource_name: `customers/${this.spec.customerId}`,
      id: this.spec.customerId,
      descriptive_name: this.spec.descriptiveName,
      currency_code: this.spec.currency,
      time_zone: this.spec.timeZone,
      manager: false,
      test_account: this.spec.testAccount,
      auto_tagging_enabled: true,
      status: this.spec.status,
    };
  }

  campaign(c: number): Record<string, unknown> {
    const paused = this.campaignPaused(c);
    return {
      resource_name: `customers/${this.spec.customerId}/campaigns/${this.campaignId(c)}`,
      id: this.campaignId(c),
      name: this.campaignName(c),
      status: paused ? 'PAUSED' : 'ENABLED',
      serving_status: paused ? 'SUSPENDED' : 'SERVING',
      advertising_channel_type: this.isPerformanceMax(c) ? 'PERFORMANCE_MAX' : 'SEARCH',
      bidding_strategy_type: c % 2 === 0 ? 'MAXIMIZE_CONVERSIONS' : 'TARGET_SPEND',
      campaign_budget: `customers/${this.spec.customerId}/campaignBudgets/${this.budgetId(c)}`,
      tracking_url_template: '{lpurl}?utm_term={keyword}',
      final_url_suffix: this.finalUrlSuffix(c),
    };
  }

  campaignBudget(c: number): Record<string, unknown> {
    return {
      resource_name: `customers/${this.spec.customerId}/campaignBudgets/${this.budgetId(c)}`,
      id: this.budgetId(c),
      amount_micros: this.budgetMicros(c),
      delivery_method: 'STANDARD',
    };
  }

  adGroup(g: number): Record<string, unknown> {
    const c = this.campaignOf(g);
    const terms = GOOGLE_SITE_CAMPAIGNS[this.spec.site].terms;
    return {
      resource_name: `customers/${this.spec.customerId}/adGroups/${this.adGroupId(g)}`,
      id: this.adGroupId(g),
      name: `${this.campaignName(c)} – ${terms[g % terms.length]}`,
      status: 'ENABLED',
      type: 'SEARCH_STANDARD',
      campaign: `customers/${this.spec.customerId}/campaigns/${this.campaignId(c)}`,
      cpc_bid_micros: this.#draw('bid', g).int(50, 300) * 10_000,
    };
  }

  adGroupAd(a: number): Record<string, unknown> {
    const g = this.adGroupOf(a);
    const { site, descriptiveName } = this.spec;
    const spec = GOOGLE_SITE_CAMPAIGNS[site];
    const term = spec.terms[g % spec.terms.length]!;
    const path = spec.paths[a % spec.paths.length]!;
    const title = (text: string) => text.replace(/\b\w/g, (ch) => ch.toUpperCase()).slice(0, 30);
    const headlines = [title(term), title(descriptiveName), HEADLINE_TAILS[a % HEADLINE_TAILS.length]!];
    return {
      resource_name: `customers/${this.spec.customerId}/adGroupAds/${this.adGroupId(g)}~${this.adId(a)}`,
      status: this.adStatus(a),
      ad_group: `customers/${this.spec.customerId}/adGroups/${this.adGroupId(g)}`,
      ad: {
        resource_name: `customers/${this.spec.customerId}/ads/${this.adId(a)}`,
        id: this.adId(a),
        name: `${title(term)} RSA #${a + 1}`,
        type: 'RESPONSIVE_SEARCH_AD',
        final_urls: [`https://www.${site}.example${path}`],
        responsive_search_ad: {
          headlines: headlines.map((text) => ({ text })),
          descriptions: [DESCRIPTIONS[a % DESCRIPTIONS.length]!, DESCRIPTIONS[(a + 1) % DESCRIPTIONS.length]!].map(
            (text) => ({ text }),
          ),
          path1: path.split('/').filter(Boolean)[0]?.slice(0, 15) ?? '',
        },
      },
    };
  }
}
