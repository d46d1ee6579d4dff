// How a tracked session is joined to the synced campaign and ad that brought it (decision 0026): by its landing
// tags (utm_campaign, then utm_content), with utm_source and the click id deciding the platform when a tag
// value is used on both. A tag that fits several campaigns of one platform is not guessed at: the session stays
// with its traffic source.

export type AdPlatformName = 'facebook' | 'google';

/** The tags a session landed with ('' for none) and what tracking made of its source. */
export type SessionTags = {
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  utmContent: string;
  trafficSource: string;
  clickId: '' | 'gclid' | 'fbclid';
};

/** One utm_campaign value a campaign's links carry. */
export type CampaignTag = { campaignId: string; platform: AdPlatformName; utmCampaign: string };
/** One ad's tags (from its creative's url_tags or link). */
export type AdTag = {
  adId: string;
  campaignId: string;
  platform: AdPlatformName;
  utmCampaign: string | null;
  utmContent: string | null;
};

export type TagIndex = {
  campaignsByUtm: Map<string, CampaignTag[]>;
  adsByUtm: Map<string, AdTag[]>;
};

export type ResolvedTags = {
  platform: AdPlatformName | null;
  campaignId: string | null;
  adId: string | null;
  /** The campaign id, or the traffic source when no campaign matches. */
  channel: string;
};

const norm = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();
const adKey = (utmCampaign: string, utmContent: string) => `${utmCampaign}\u0000${utmContent}`;

const META_SOURCE = /^(facebook|fb|instagram|ig|meta|messenger|audience_network|an|facebook_ads|fb_ads)$/;
const GOOGLE_SOURCE = /^(google|adwords|google_ads|googleads|gads|youtube|google-ads)$/;

/** The platform a session's click id or utm_source names, or null when they name none. */
export function platformHint(tags: Pick<SessionTags, 'utmSource' | 'clickId'>): AdPlatformName | null {
  if (tags.clickId === 'gclid') return 'google';
  if (tags.clickId === 'fbclid') return 'facebook';
  const source = norm(tags.utmSource);
  if (META_SOURCE.test(source)) return 'facebook';
  if (GOOGLE_SOURCE.test(source)) return 'google';
  return null;
}

/** Indexes the campaigns' and ads' tag values (compared trimmed and case-insensitively). */
export function buildTagIndex(campaigns: readonly CampaignTag[], ads: readonly AdTag[]): TagIndex {
  const campaignsByUtm = new Map<string, CampaignTag[]>();
  const seen = new Set<string>();
  const addCampaign = (tag: CampaignTag) => {
    const utm = norm(tag.utmCampaign);
    if (!utm || seen.has(`${tag.campaignId}\u0000${utm}`)) return;
    seen.add(`${tag.campaignId}\u0000${utm}`);
    campaignsByUtm.set(utm, [...(campaignsByUtm.get(utm) ?? []), { ...tag, utmCampaign: utm }]);
  };
  for (const tag of campaigns) addCampaign(tag);
  const adsByUtm = new Map<string, AdTag[]>();
  for (const ad of ads) {
    const utm = norm(ad.utmCampaign);
    if (!utm) continue;
    addCampaign({ campaignId: ad.campaignId, platform: ad.platform, utmCampaign: utm });
    const key = adKey(utm, norm(ad.utmContent));
    adsByUtm.set(key, [...(adsByUtm.get(key) ?? []), ad]);
  }
  return { campaignsByUtm, adsByUtm };
}

const distinct = <T>(values: T[]) => [...new Set(values)];

/**
 * The campaign and ad a session's tags point at. The campaign: the one whose links carry its utm_campaign (on
 * the platform its click id or utm_source names, when they name one); when several do, the one whose ads also
 * carry its utm_content. The ad: the campaign's only ad with both tags.
 */
export function resolveTags(tags: SessionTags, index: TagIndex): ResolvedTags {
  const unmatched: ResolvedTags = { platform: null, campaignId: null, adId: null, channel: tags.trafficSource };
  const utm = norm(tags.utmCampaign);
  if (!utm) return unmatched;
  const hint = platformHint(tags);
  const fits = <T extends { platform: AdPlatformName }>(list: T[] | undefined) =>
    (list ?? []).filter((x) => hint === null || x.platform === hint);
  const content = norm(tags.utmContent);
  const adsWithBoth = fits(index.adsByUtm.get(adKey(utm, content)));
  let campaigns = distinct(fits(index.campaignsByUtm.get(utm)).map((c) => c.campaignId));
  if (campaigns.length > 1 && content) {
    campaigns = distinct(adsWithBoth.map((a) => a.campaignId));
  }
  if (campaigns.length !== 1) return unmatched;
  const campaignId = campaigns[0]!;
  const platform = campaignId.startsWith('google_') ? 'google' : 'facebook';
  const ads = content ? adsWithBoth.filter((a) => a.campaignId === campaignId) : [];
  return { platform, campaignId, adId: ads.length === 1 ? ads[0]!.adId : null, channel: campaignId };
}

const META_MACROS: Record<string, (ad: MetaAdNames) => string | null> = {
  'campaign.name': (ad) => ad.campaignName,
  'campaign.id': (ad) => ad.campaignId,
  'adset.name': (ad) => ad.adsetName,
  'adset.id': (ad) => ad.adsetId,
  'ad.name': (ad) => ad.adName,
  'ad.id': (ad) => ad.adId,
};
export type MetaAdNames = {
  campaignId: string;
  campaignName: string | null;
  adsetId: string | null;
  adsetName: string | null;
  adId: string;
  adName: string | null;
};

/**
 * A Meta url_tags value with its dynamic parameters (`{{campaign.name}}`, `{{ad.id}}`…) filled in for one ad, as
 * Meta fills them on each click; null when it keeps one we cannot know (`{{placement}}`).
 */
export function expandMetaMacros(value: string | null | undefined, ad: MetaAdNames): string | null {
  if (!value) return null;
  let unknown = false;
  const filled = value.replace(/\{\{\s*([a-z_.]+)\s*\}\}/gi, (_, name: string) => {
    const found = META_MACROS[name.toLowerCase()]?.(ad);
    if (found == null) unknown = true;
    return found ?? '';
  });
  return unknown ? null : filled;
}

/**
 * The utm_campaign a Google campaign's clicks land with: the one stored by the sync, or, when its final URL suffix
 * or tracking template sets it to `{campaignid}`, the campaign's id.
 */
export function googleUtmCampaign(
  stored: string | null,
  campaignVendorId: string,
  ...templates: (string | null)[]
): string | null {
  if (stored) return stored;
  for (const template of templates) {
    if (!template) continue;
    const query = template.includes('?') ? template.slice(template.indexOf('?') + 1) : template;
    const value = new URLSearchParams(query).get('utm_campaign');
    if (value?.toLowerCase() === '{campaignid}') return campaignVendorId;
  }
  return null;
}
