import { drawFor } from '../stripe/random.js';
import { type MetaKind, metaId } from './ids.js';
import { META_SITE_CAMPAIGNS, type MetaAccountSpec } from './spec.js';

/** A Graph object as JSON. */
export type GraphObject = Record<string, unknown>;

/** The statuses a write may set (Graph also takes ARCHIVED and DELETED; the sandbox's writes do not archive or delete). */
export type WritableStatus = 'ACTIVE' | 'PAUSED';
/** A campaign's, ad set's or ad's own (configured) status: some are generated archived or deleted. */
export type MetaStatus = WritableStatus | 'ARCHIVED' | 'DELETED';
/** What `POST /{id}` may change: the status, and a campaign's or ad set's daily budget (minor units). */
export type MetaWrite = { status?: WritableStatus; dailyBudget?: number };

const DAY = 86_400;

/** Graph's time format: `2026-08-01T09:15:00+0000`. */
export const graphTime = (unix: number) => new Date(unix * 1000).toISOString().replace(/\.\d{3}Z$/, '+0000');

/** `YYYY-MM-DD` of a Unix time (UTC). */
export const isoDay = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

type Objective = 'OUTCOME_SALES' | 'OUTCOME_TRAFFIC' | 'OUTCOME_AWARENESS' | 'OUTCOME_LEADS';
const GOAL: Record<Objective, string> = {
  OUTCOME_SALES: 'OFFSITE_CONVERSIONS',
  OUTCOME_TRAFFIC: 'LANDING_PAGE_VIEWS',
  OUTCOME_AWARENESS: 'REACH',
  OUTCOME_LEADS: 'LEAD_GENERATION',
};
const objectiveOf = (slug: string): Objective => {
  if (/sale|retarget|catalog|dpa|launch|buyers/.test(slug)) return 'OUTCOME_SALES';
  if (/awareness|brand|video/.test(slug)) return 'OUTCOME_AWARENESS';
  if (/lead|webinar|signup|lesson|career/.test(slug)) return 'OUTCOME_LEADS';
  return 'OUTCOME_TRAFFIC';
};
const AUDIENCES = ['Broad 25-54', 'Lookalike 1%', 'Interests', 'Website visitors 30d'];

/**
 * One ad account's campaigns, ad sets, ads and creatives, each computed from (seed, account, index) when asked
 * for: ad `i` is in ad set `i mod adsets`, ad set `j` in campaign `j mod campaigns`, and ad `i` has creative `i`.
 */
export class MetaAccountData {
  readonly spec: MetaAccountSpec;
  readonly seed: number;

  constructor(spec: MetaAccountSpec, seed: number) {
    this.spec = spec;
    this.seed = seed;
  }

  get id() {
    return `act_${this.spec.accountId}`;
  }

  count(kind: MetaKind): number {
    if (kind === 'campaigns') return this.spec.campaigns;
    if (kind === 'adsets') return this.spec.adsets;
    if (kind === 'ads' || kind === 'adcreatives') return this.spec.ads;
    return 0;
  }

  #draw(stream: string, index: number) {
    return drawFor(this.seed, `meta:${this.spec.index}:${stream}`, index);
  }

  /** The campaign's `utm_campaign` value, also its name. */
  campaignSlug(c: number): string {
    const names = META_SITE_CAMPAIGNS[this.spec.site].campaigns;
    const round = Math.floor(c / names.length);
    return round === 0 ? names[c]! : `${names[c % names.length]}-${round + 1}`;
  }

  /** Campaigns numbered 4, 9, 14… stopped part-way (9, 19… were then archived, the others paused). */
  campaignStopped = (c: number) => c % 5 === 4;
  /**
   * Ads numbered 5, 17, 29… were deleted and 9, 21, 33… archived, each 2 to 14 days before the last day: they
   * spent in the last 28 days, which Graph's edges and level=ad insights leave out unless asked for.
   */
  adRemoved = (a: number): 'DELETED' | 'ARCHIVED' | null =>
    a % 12 === 5 ? 'DELETED' : a % 12 === 9 ? 'ARCHIVED' : null;
  adsetCampaign = (s: number) => s % this.spec.campaigns;
  adAdset = (a: number) => a % this.spec.adsets;
  adCampaign = (a: number) => this.adsetCampaign(this.adAdset(a));
  adContent = (a: number) => {
    const contents = META_SITE_CAMPAIGNS[this.spec.site].contents;
    return contents[Math.floor(a / this.spec.campaigns) % contents.length]!;
  };
  adsInAdset = (s: number) => Math.floor((this.spec.ads - 1 - s) / this.spec.adsets) + 1;

  // Per-ad and per-ad-set draws are kept once made: a few numbers each, read for every insight row.
  #deliveries: { start: number; end: number; paused: boolean }[] = [];
  #budgets: number[] = [];

  /** The days (0 = the first day of data) an ad delivers on: [start, end). */
  delivery(a: number): { start: number; end: number; paused: boolean } {
    const known = this.#deliveries[a];
    if (known) return known;
    const days = this.spec.days;
    const d = this.#draw('delivery', a);
    const start = d.chance(0.7) ? 0 : d.int(1, Math.max(1, Math.floor(days * 0.3)));
    const adPaused = d.chance(0.1);
    const campaignStopped = this.campaignStopped(this.adCampaign(a));
    const cut = d.int(Math.floor(days * 0.6), Math.max(Math.floor(days * 0.6), days - 1));
    let end = adPaused || campaignStopped ? Math.max(start + 1, cut) : days;
    // A removed ad last delivered shortly before it was removed (its own draw, so other ads' figures stay put).
    if (this.adRemoved(a)) end = Math.max(start + 1, days - this.#draw('removed', a).int(2, 14));
    const found = { start, end: Math.min(end, days), paused: adPaused };
    this.#deliveries[a] = found;
    return found;
  }

  #profiles: { cpm: number; ctr: number; conversion: number; order: number }[] = [];

  /** An ad's constant rates: CPM (currency units), CTR, cart rate from landing views, and typical order (minor). */
  adProfile(a: number): { cpm: number; ctr: number; conversion: number; order: number } {
    const known = this.#profiles[a];
    if (known) return known;
    const d = this.#draw('ad-profile', a);
    const profile = {
      cpm: d.int(600, 2200) / 100,
      ctr: d.int(50, 250) / 10_000,
      conversion: d.int(2, 9) / 100,
      order: d.int(4000, 16000),
    };
    this.#profiles[a] = profile;
    return profile;
  }

  /**
   * An ad set's generated daily budget in minor units: about 15–60 a day for each of its ads. The insights spend
   * against it; what the API answers now (after writes, or at the campaign level) is `dailyBudget`.
   */
  adsetBudget(s: number): number {
    this.#budgets[s] ??= this.adsInAdset(s) * this.#draw('budget', s).int(15, 60) * 100;
    return this.#budgets[s];
  }

  // What `POST /{id}` changed, by `<kind>:<index>`: it overrides the generated value in every later read.
  #written = new Map<string, { status?: WritableStatus; dailyBudget?: number; updated: number }>();

  /** The ad sets of a campaign. */
  adsetsOf = (c: number) =>
    Array.from({ length: this.spec.adsets }, (_, s) => s).filter((s) => this.adsetCampaign(s) === c);

  /**
   * The daily budget (minor units) the object carries now, or null when it has none: with campaign budgets the
   * campaign carries its ad sets' sum, otherwise each ad set its own.
   */
  dailyBudget(kind: 'campaigns' | 'adsets', index: number): number | null {
    if ((kind === 'campaigns') !== this.spec.campaignBudgets) return null;
    const written = this.#written.get(`${kind}:${index}`)?.dailyBudget;
    if (written !== undefined) return written;
    if (kind === 'adsets') return this.adsetBudget(index);
    return this.adsetsOf(index).reduce((sum, s) => sum + this.adsetBudget(s), 0);
  }

  /** The configured status of a campaign, ad set or ad now: generated, or as last written. */
  status(kind: 'campaigns' | 'adsets' | 'ads', index: number): MetaStatus {
    const written = this.#written.get(`${kind}:${index}`)?.status;
    if (written) return written;
    if (kind === 'campaigns') {
      if (!this.campaignStopped(index)) return 'ACTIVE';
      return index % 10 === 9 ? 'ARCHIVED' : 'PAUSED';
    }
    if (kind === 'ads') return this.adRemoved(index) ?? (this.delivery(index).paused ? 'PAUSED' : 'ACTIVE');
    return 'ACTIVE';
  }

  /**
   * The effective status of a campaign, ad set or ad: DELETED or ARCHIVED when it or a parent is (Graph's children
   * inherit it, deleted before archived), else PAUSED when it is, else a paused parent's (ADSET_PAUSED,
   * CAMPAIGN_PAUSED), else ACTIVE.
   */
  effectiveStatus(kind: 'campaigns' | 'adsets' | 'ads', index: number): string {
    const own = this.status(kind, index);
    if (kind === 'campaigns') return own;
    const adset = kind === 'ads' ? this.status('adsets', this.adAdset(index)) : null;
    const campaign = this.status('campaigns', kind === 'ads' ? this.adCampaign(index) : this.adsetCampaign(index));
    const chain = [own, adset, campaign];
    for (const removed of ['DELETED', 'ARCHIVED'] as const) if (chain.includes(removed)) return removed;
    if (own === 'PAUSED') return 'PAUSED';
    if (adset === 'PAUSED') return 'ADSET_PAUSED';
    return campaign === 'PAUSED' ? 'CAMPAIGN_PAUSED' : 'ACTIVE';
  }

  /** Records a write (`POST /{id}`): a new status or daily budget, as of Unix time `now`. */
  write(kind: 'campaigns' | 'adsets' | 'ads', index: number, fields: MetaWrite, now: number): void {
    const key = `${kind}:${index}`;
    const known = this.#written.get(key);
    this.#written.set(key, {
      ...known,
      ...(fields.status ? { status: fields.status } : {}),
      ...(fields.dailyBudget !== undefined ? { dailyBudget: fields.dailyBudget } : {}),
      updated: now,
    });
  }

  #updated = (kind: string, index: number, generated: number) =>
    graphTime(this.#written.get(`${kind}:${index}`)?.updated ?? generated);

  urlTags(a: number): string {
    const campaign = this.campaignSlug(this.adCampaign(a));
    return `utm_source=facebook&utm_medium=paid_social&utm_campaign=${campaign}&utm_content=${this.adContent(a)}`;
  }

  /** The object of `kind` at `index`, with every field the sandbox knows. */
  object(kind: MetaKind, index: number): GraphObject {
    const base = { account_id: this.spec.accountId };
    const created = (stream: string) => this.spec.firstDay - this.#draw(stream, index).int(2, 20) * DAY + 9 * 3600;
    const budget = (k: 'campaigns' | 'adsets') => {
      const value = this.dailyBudget(k, index);
      return value === null ? {} : { daily_budget: String(value) };
    };
    if (kind === 'campaigns') {
      const slug = this.campaignSlug(index);
      const status = this.status('campaigns', index);
      return {
        id: metaId('campaigns', this.spec.index, index),
        ...base,
        name: slug,
        objective: objectiveOf(slug),
        status,
        configured_status: status,
        effective_status: this.effectiveStatus('campaigns', index),
        buying_type: 'AUCTION',
        special_ad_categories: [],
        ...budget('campaigns'),
        created_time: graphTime(created('campaign')),
        start_time: graphTime(created('campaign')),
        updated_time: this.#updated('campaigns', index, this.spec.firstDay + DAY * Math.floor(this.spec.days / 2)),
      };
    }
    if (kind === 'adsets') {
      const campaign = this.adsetCampaign(index);
      const status = this.status('adsets', index);
      return {
        id: metaId('adsets', this.spec.index, index),
        ...base,
        campaign_id: metaId('campaigns', this.spec.index, campaign),
        name: `${this.campaignSlug(campaign)} – ${AUDIENCES[index % AUDIENCES.length]}`,
        status,
        configured_status: status,
        effective_status: this.effectiveStatus('adsets', index),
        ...budget('adsets'),
        billing_event: 'IMPRESSIONS',
        optimization_goal: GOAL[objectiveOf(this.campaignSlug(campaign))],
        bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
        targeting: { age_min: 25, age_max: 54, geo_locations: { countries: ['US'] } },
        created_time: graphTime(created('adset')),
        start_time: graphTime(created('adset')),
        updated_time: this.#updated('adsets', index, created('adset') + DAY),
      };
    }
    if (kind === 'ads') {
      const { start, end } = this.delivery(index);
      const status = this.status('ads', index);
      // A removed ad was last changed when it was removed, the day after its last delivery.
      const changed = this.adRemoved(index)
        ? this.spec.firstDay + end * DAY + 11 * 3600
        : this.spec.firstDay + start * DAY;
      return {
        id: metaId('ads', this.spec.index, index),
        ...base,
        adset_id: metaId('adsets', this.spec.index, this.adAdset(index)),
        campaign_id: metaId('campaigns', this.spec.index, this.adCampaign(index)),
        name: `${this.adContent(index)} #${index + 1}`,
        status,
        configured_status: status,
        effective_status: this.effectiveStatus('ads', index),
        creative: { id: metaId('adcreatives', this.spec.index, index) },
        created_time: graphTime(this.spec.firstDay + start * DAY - DAY + 10 * 3600),
        updated_time: this.#updated('ads', index, changed),
      };
    }
    if (kind === 'adcreatives') {
      const content = this.adContent(index);
      const video = /video|reel|clip/.test(content);
      const link = `https://www.${this.spec.site}.example/`;
      const cta = objectiveOf(this.campaignSlug(this.adCampaign(index))) === 'OUTCOME_LEADS' ? 'SIGN_UP' : 'SHOP_NOW';
      return {
        id: metaId('adcreatives', this.spec.index, index),
        ...base,
        name: `${content} creative #${index + 1}`,
        title: `${this.spec.name}: ${content.replaceAll('-', ' ')}`,
        body: `See what ${this.spec.name} has for you.`,
        object_type: video ? 'VIDEO' : 'SHARE',
        call_to_action_type: cta,
        url_tags: this.urlTags(index),
        thumbnail_url: `https://scontent.example/${content}-${index + 1}.jpg`,
        object_story_spec: {
          page_id: `10${this.spec.accountId.slice(0, 13)}`,
          link_data: { link, message: `New from ${this.spec.name}`, call_to_action: { type: cta, value: { link } } },
        },
        status: 'ACTIVE',
      };
    }
    throw new Error(`not a listed kind: ${kind}`);
  }

  /** The account as `/me/adaccounts` and `/act_<id>` answer it. */
  account(): GraphObject {
    return {
      id: this.id,
      account_id: this.spec.accountId,
      name: this.spec.name,
      currency: this.spec.currency,
      timezone_name: this.spec.timezone,
      account_status: this.spec.status,
      created_time: graphTime(this.spec.firstDay - 30 * DAY),
    };
  }
}
