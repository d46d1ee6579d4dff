import { drawFor } from '../stripe/random.js';
import { type GraphObject, isoDay, type MetaAccountData } from './account-data.js';
import { metaId } from './ids.js';

// Daily insights per ad (level=ad, time_increment=1), computed from (seed, account, day, ad) when asked for. Row
// positions run day by day, ads in index order within a day: position = day × ads + ad. Only days an ad delivered
// on have a row, as Graph leaves out rows without delivery; and only ads whose effective status the request keeps
// (statuses.ts: by default not archived or deleted ones).

const DAY = 86_400;

/** The fields the sandbox answers for insights (AdsInsights in facebook-python-business-sdk). */
export const INSIGHT_FIELDS = [
  'account_id',
  'account_name',
  'account_currency',
  'campaign_id',
  'campaign_name',
  'adset_id',
  'adset_name',
  'ad_id',
  'ad_name',
  'date_start',
  'date_stop',
  'spend',
  'impressions',
  'reach',
  'frequency',
  'clicks',
  'cpc',
  'cpm',
  'ctr',
  'actions',
  'action_values',
  'purchase_roas',
] as const;

/** One day of one ad in figures (minor units for money), before it is written as Graph strings. */
export type InsightFigures = {
  spendMinor: number;
  impressions: number;
  reach: number;
  clicks: number;
  actions: Record<string, number>;
  purchaseValueMinor: number;
};

const decimal = (value: number, digits: number) => String(Math.round(value * 10 ** digits) / 10 ** digits);
const money = (minor: number) => (minor / 100).toFixed(2);

/** The figures of ad `ad` on day `day` (0 = first day of data), or undefined when it did not deliver. */
export const insightFigures = (data: MetaAccountData, day: number, ad: number): InsightFigures | undefined => {
  const { start, end } = data.delivery(ad);
  if (day < start || day >= end || day < 0 || day >= data.spec.days) return undefined;
  const { cpm, ctr, conversion, order } = data.adProfile(ad);
  const d = drawFor(data.seed, `meta:${data.spec.index}:insight:${day}`, ad);
  const weekday = new Date((data.spec.firstDay + day * DAY) * 1000).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 1.12 : 1;
  const adset = data.adAdset(ad);
  const spendMinor = Math.max(
    1,
    Math.round((data.adsetBudget(adset) / data.adsInAdset(adset)) * weekend * (0.7 + d.float() * 0.45)),
  );
  const impressions = Math.max(1, Math.round((spendMinor / 100 / cpm) * 1000));
  const reach = Math.max(1, Math.round(impressions / (1.02 + d.float() * 0.5)));
  const clicks = Math.floor(impressions * ctr * (0.8 + d.float() * 0.4) + d.float());
  const linkClicks = Math.floor(clicks * 0.75 + d.float());
  const landing = Math.floor(linkClicks * 0.8 + d.float());
  const carts = Math.floor(landing * conversion * 2 + d.float());
  const checkouts = Math.floor(carts * 0.55 + d.float());
  const purchases = Math.floor(checkouts * 0.6 + d.float());
  const actions: Record<string, number> = {
    link_click: linkClicks,
    landing_page_view: landing,
    add_to_cart: carts,
    initiate_checkout: checkouts,
    purchase: purchases,
    omni_purchase: purchases,
    'offsite_conversion.fb_pixel_purchase': purchases,
  };
  let purchaseValueMinor = 0;
  for (let i = 0; i < purchases; i++) purchaseValueMinor += Math.round(order * (0.6 + d.float() * 0.8));
  return { spendMinor, impressions, reach, clicks, actions, purchaseValueMinor };
};

/** The Graph row of ad `ad` on day `day` with the requested fields (date_start and date_stop always). */
export const insightRow = (
  data: MetaAccountData,
  day: number,
  ad: number,
  fields: readonly string[],
): GraphObject | undefined => {
  const f = insightFigures(data, day, ad);
  if (!f) return undefined;
  const date = isoDay(data.spec.firstDay + day * DAY);
  const campaign = data.adCampaign(ad);
  const adset = data.adAdset(ad);
  const purchases = f.actions.purchase ?? 0;
  const spend = f.spendMinor / 100;
  const values: Record<string, () => unknown> = {
    account_id: () => data.spec.accountId,
    account_name: () => data.spec.name,
    account_currency: () => data.spec.currency,
    campaign_id: () => metaId('campaigns', data.spec.index, campaign),
    campaign_name: () => data.campaignSlug(campaign),
    adset_id: () => metaId('adsets', data.spec.index, adset),
    adset_name: () => data.object('adsets', adset).name,
    ad_id: () => metaId('ads', data.spec.index, ad),
    ad_name: () => data.object('ads', ad).name,
    spend: () => money(f.spendMinor),
    impressions: () => String(f.impressions),
    reach: () => String(f.reach),
    frequency: () => decimal(f.impressions / f.reach, 6),
    clicks: () => String(f.clicks),
    cpc: () => (f.clicks > 0 ? decimal(spend / f.clicks, 6) : undefined),
    cpm: () => decimal((spend / f.impressions) * 1000, 6),
    ctr: () => decimal((f.clicks / f.impressions) * 100, 6),
    actions: () => {
      const list = Object.entries(f.actions).filter(([, v]) => v > 0);
      return list.length ? list.map(([action_type, v]) => ({ action_type, value: String(v) })) : undefined;
    },
    action_values: () =>
      purchases > 0
        ? ['purchase', 'omni_purchase', 'offsite_conversion.fb_pixel_purchase'].map((action_type) => ({
            action_type,
            value: money(f.purchaseValueMinor),
          }))
        : undefined,
    purchase_roas: () =>
      purchases > 0
        ? [{ action_type: 'omni_purchase', value: decimal(f.purchaseValueMinor / f.spendMinor, 6) }]
        : undefined,
  };
  const row: GraphObject = {};
  for (const field of fields) {
    const value = values[field]?.();
    if (value !== undefined) row[field] = value;
  }
  row.date_start = date;
  row.date_stop = date;
  return row;
};

/** Which ads' rows are answered, from the ad effective statuses kept (every ad when none are given). */
const adsShown = (data: MetaAccountData, statuses?: ReadonlySet<string>): boolean[] =>
  Array.from({ length: data.spec.ads }, (_, ad) => !statuses || statuses.has(data.effectiveStatus('ads', ad)));

/** A range of data days, inclusive, clipped to the days there is data for. */
export type DayRange = { from: number; to: number };

/** The data days between two `YYYY-MM-DD` dates (inclusive). */
export const dayRange = (data: MetaAccountData, since: string, until: string): DayRange => {
  const dayOf = (date: string) => Math.round((Date.parse(`${date}T00:00:00Z`) / 1000 - data.spec.firstDay) / DAY);
  return { from: Math.max(0, dayOf(since)), to: Math.min(data.spec.days - 1, dayOf(until)) };
};

/**
 * Up to `limit` rows of a range from position `from` on, with the positions of the first and last row, and whether
 * rows remain after it. Positions without delivery, or of ads whose effective status is not in `statuses`, are
 * skipped, so a page may look at more positions than it returns.
 */
export const insightPage = (
  data: MetaAccountData,
  range: DayRange,
  fields: readonly string[],
  from: number,
  limit: number,
  statuses?: ReadonlySet<string>,
): { rows: GraphObject[]; first: number; last: number; next: number | undefined } => {
  const ads = data.spec.ads;
  const shown = adsShown(data, statuses);
  const end = (range.to + 1) * ads;
  const rows: GraphObject[] = [];
  let first = -1;
  let last = -1;
  let position = Math.max(from, range.from * ads);
  for (; position < end && rows.length < limit; position++) {
    if (!shown[position % ads]) continue;
    const row = insightRow(data, Math.floor(position / ads), position % ads, fields);
    if (!row) continue;
    rows.push(row);
    if (first < 0) first = position;
    last = position;
  }
  // Graph shows a next page only while rows remain; look ahead for one so the last page has no `next`.
  let ahead = position;
  while (ahead < end && !(shown[ahead % ads] && insightFigures(data, Math.floor(ahead / ads), ahead % ads))) ahead++;
  return { rows, first, last, next: ahead < end ? ahead : undefined };
};

/**
 * How many rows a range has, and their spend, impressions, clicks, purchases and purchase value (minor units): of
 * every ad, or of the ads whose effective status is in `statuses` (SHOWN_BY_DEFAULT: what Graph answers unasked).
 */
export const insightTotals = (data: MetaAccountData, range: DayRange, statuses?: ReadonlySet<string>) => {
  const totals = { rows: 0, spendMinor: 0, impressions: 0, clicks: 0, purchases: 0, purchaseValueMinor: 0 };
  const shown = adsShown(data, statuses);
  for (let day = range.from; day <= range.to; day++) {
    for (let ad = 0; ad < data.spec.ads; ad++) {
      if (!shown[ad]) continue;
      const f = insightFigures(data, day, ad);
      if (!f) continue;
      totals.rows += 1;
      totals.spendMinor += f.spendMinor;
      totals.impressions += f.impressions;
      totals.clicks += f.clicks;
      totals.purchases += f.actions.purchase ?? 0;
      totals.purchaseValueMinor += f.purchaseValueMinor;
    }
  }
  return totals;
};
