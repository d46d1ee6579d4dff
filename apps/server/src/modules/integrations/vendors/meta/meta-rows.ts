import type { MetaActionStat, MetaInsightRow, MetaObject } from './meta-fields.js';

// Graph objects as the rows of meta.schema.ts (without the business and integration, which the store adds).

/**
 * Currencies whose Marketing API offset is 1 (Meta's "Currency Codes" table): budgets and minor units are whole
 * currency units. Every other ad-account currency has offset 100.
 */
const OFFSET_ONE = new Set(['CLP', 'COP', 'CRC', 'HUF', 'ISK', 'IDR', 'JPY', 'KRW', 'PYG', 'TWD', 'VND']);

/** How many minor units make one unit of the currency, as Meta counts budgets. */
export const currencyOffset = (currency: string): number => (OFFSET_ONE.has(currency.toUpperCase()) ? 1 : 100);

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
const int = (value: unknown): number | null => {
  const n = num(value);
  return n === null ? null : Math.round(n);
};
/** Graph's times (`2026-05-01T09:15:00+0000`) as dates. */
const time = (value: unknown): Date | null => {
  const text = str(value);
  if (!text) return null;
  const date = new Date(text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? null : date;
};
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A decimal amount in the account currency ("22.54") as minor units (2254), by Meta's offset. */
export const toMinor = (value: unknown, offset: number): number | null => {
  const n = num(value);
  return n === null ? null : Math.round(n * offset);
};

/** The fields every Meta object row has. */
const common = (o: MetaObject, accountId: string) => ({
  vendorId: o.id,
  accountId,
  name: str(o.name),
  createdAt: time(o.created_time),
  updatedTime: time(o.updated_time),
  syncedAt: new Date(),
});

/** Budgets come from Graph as strings already in minor units (offset applied); unset ones are absent. */
const budgets = (o: MetaObject, currency: string) => ({
  dailyBudget: int(o.daily_budget),
  lifetimeBudget: int(o.lifetime_budget),
  currency: currency.toLowerCase(),
});

export const campaignRow = (o: MetaObject, accountId: string, currency: string) => ({
  ...common(o, accountId),
  objective: str(o.objective),
  status: str(o.status),
  effectiveStatus: str(o.effective_status),
  ...budgets(o, currency),
  startTime: time(o.start_time),
  stopTime: time(o.stop_time),
});

export const adsetRow = (o: MetaObject, accountId: string, currency: string) => ({
  ...common(o, accountId),
  campaignId: str(o.campaign_id),
  status: str(o.status),
  effectiveStatus: str(o.effective_status),
  ...budgets(o, currency),
  optimizationGoal: str(o.optimization_goal),
  billingEvent: str(o.billing_event),
});

export const adRow = (o: MetaObject, accountId: string) => ({
  ...common(o, accountId),
  campaignId: str(o.campaign_id),
  adsetId: str(o.adset_id),
  creativeId: str(record(o.creative).id),
  status: str(o.status),
  effectiveStatus: str(o.effective_status),
});

const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'utm_id'];

/** The utm_* values of a query string (`url_tags`) or of a link's query. */
export const utmOf = (...sources: (string | null)[]): Record<string, string> => {
  const found: Record<string, string> = {};
  for (const source of sources) {
    if (!source) continue;
    const query = source.includes('?') ? source.slice(source.indexOf('?') + 1) : source;
    let params: URLSearchParams;
    try {
      params = new URLSearchParams(query.split('#')[0]);
    } catch {
      continue;
    }
    for (const key of UTM) {
      const value = params.get(key);
      if (value && !(key in found)) found[key] = value;
    }
  }
  return found;
};

/**
 * A creative: its texts, image, call to action and destination from the creative itself or, where it leaves them
 * out, from its `object_story_spec` (link_data or video_data), and the UTM values of `url_tags` or the link.
 */
export const creativeRow = (o: MetaObject, accountId: string) => {
  const spec = record(o.object_story_spec);
  const link = record(spec.link_data);
  const video = record(spec.video_data);
  const cta = record(link.call_to_action ?? video.call_to_action);
  const linkUrl = str(link.link) ?? str(record(cta.value).link);
  const urlTags = str(o.url_tags);
  return {
    ...common(o, accountId),
    status: str(o.status),
    title: str(o.title) ?? str(link.name) ?? str(video.title),
    body: str(o.body) ?? str(link.message) ?? str(video.message),
    objectType: str(o.object_type),
    callToAction: str(o.call_to_action_type) ?? str(cta.type),
    imageUrl: str(o.image_url) ?? str(link.picture) ?? str(video.image_url) ?? str(o.thumbnail_url),
    linkUrl,
    urlTags,
    utm: utmOf(urlTags, linkUrl),
  };
};

const stats = (list: MetaActionStat[] | undefined, value: (v: string) => number | null): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const stat of Array.isArray(list) ? list : []) {
    const n = value(stat.value);
    if (typeof stat.action_type === 'string' && n !== null) out[stat.action_type] = n;
  }
  return out;
};

/** One ad's day, keyed by (ad, date): spend and action values in minor units, counts as integers. */
export const insightRow = (row: MetaInsightRow, accountId: string, currency: string) => {
  const offset = currencyOffset(currency);
  return {
    adId: String(row.ad_id ?? ''),
    date: row.date_start,
    accountId: str(row.account_id) ?? accountId,
    campaignId: str(row.campaign_id),
    adsetId: str(row.adset_id),
    currency: currency.toLowerCase(),
    spend: toMinor(row.spend, offset) ?? 0,
    impressions: int(row.impressions) ?? 0,
    reach: int(row.reach),
    frequency: num(row.frequency),
    clicks: int(row.clicks),
    actions: stats(row.actions, (v) => num(v)),
    actionValues: stats(row.action_values, (v) => toMinor(v, offset)),
    purchaseRoas: stats(row.purchase_roas, (v) => num(v)),
    syncedAt: new Date(),
  };
};
