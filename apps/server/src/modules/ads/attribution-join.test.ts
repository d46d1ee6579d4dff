import { describe, expect, it } from 'vitest';
import {
  buildTagIndex,
  expandMetaMacros,
  googleUtmCampaign,
  platformHint,
  resolveTags,
  type SessionTags,
} from './attribution-join.js';

const tags = (over: Partial<SessionTags>): SessionTags => ({
  utmSource: '',
  utmMedium: '',
  utmCampaign: '',
  utmContent: '',
  trafficSource: 'direct',
  clickId: '',
  ...over,
});

// Meta: spring-sale runs ads a (carousel) and b (video); summer runs ads c and d with the same carousel tag.
// Google: brand-search, and a campaign sharing Meta's "summer" tag.
const index = buildTagIndex(
  [
    { campaignId: 'google_1', platform: 'google', utmCampaign: 'brand-search' },
    { campaignId: 'google_2', platform: 'google', utmCampaign: 'Summer' },
  ],
  [
    {
      adId: 'facebook_a',
      campaignId: 'facebook_10',
      platform: 'facebook',
      utmCampaign: 'spring-sale',
      utmContent: 'carousel',
    },
    {
      adId: 'facebook_b',
      campaignId: 'facebook_10',
      platform: 'facebook',
      utmCampaign: 'spring-sale',
      utmContent: 'video',
    },
    {
      adId: 'facebook_c',
      campaignId: 'facebook_11',
      platform: 'facebook',
      utmCampaign: 'summer',
      utmContent: 'carousel',
    },
    {
      adId: 'facebook_d',
      campaignId: 'facebook_11',
      platform: 'facebook',
      utmCampaign: 'summer',
      utmContent: 'carousel',
    },
  ],
);

describe('joining a session to the campaign and ad that brought it', () => {
  it('matches utm_campaign case-insensitively, and the ad by utm_content', () => {
    expect(
      resolveTags(tags({ utmSource: 'facebook', utmCampaign: 'Spring-Sale', utmContent: 'video' }), index),
    ).toEqual({
      platform: 'facebook',
      campaignId: 'facebook_10',
      adId: 'facebook_b',
      channel: 'facebook_10',
    });
    expect(resolveTags(tags({ utmCampaign: 'brand-search', clickId: 'gclid' }), index)).toMatchObject({
      campaignId: 'google_1',
      adId: null,
    });
  });

  it('lets the click id or utm_source decide a tag value both platforms use, and guesses nothing without them', () => {
    expect(resolveTags(tags({ utmCampaign: 'summer', clickId: 'fbclid' }), index).campaignId).toBe('facebook_11');
    expect(resolveTags(tags({ utmCampaign: 'summer', utmSource: 'google' }), index).campaignId).toBe('google_2');
    expect(resolveTags(tags({ utmCampaign: 'summer', trafficSource: 'referral' }), index)).toEqual({
      platform: null,
      campaignId: null,
      adId: null,
      channel: 'referral',
    });
  });

  it('credits the campaign but no ad when two of its ads carry the same utm_content', () => {
    expect(resolveTags(tags({ utmSource: 'fb', utmCampaign: 'summer', utmContent: 'carousel' }), index)).toMatchObject({
      campaignId: 'facebook_11',
      adId: null,
    });
  });

  it('leaves sessions without a known tag with their traffic source', () => {
    expect(resolveTags(tags({ utmCampaign: 'unknown', trafficSource: 'paid_social' }), index).channel).toBe(
      'paid_social',
    );
    expect(resolveTags(tags({ trafficSource: 'organic_search' }), index).channel).toBe('organic_search');
  });

  it('reads the platform from click ids first, then utm_source', () => {
    expect(platformHint({ utmSource: 'facebook', clickId: 'gclid' })).toBe('google');
    expect(platformHint({ utmSource: 'Instagram', clickId: '' })).toBe('facebook');
    expect(platformHint({ utmSource: 'youtube', clickId: '' })).toBe('google');
    expect(platformHint({ utmSource: 'newsletter', clickId: '' })).toBeNull();
  });
});

describe('the tag values ad platforms fill in on each click', () => {
  const ad = {
    campaignId: '120',
    campaignName: 'Spring sale',
    adsetId: '130',
    adsetName: 'Lookalike',
    adId: '200',
    adName: 'Video 15s',
  };
  it('fills Meta’s dynamic parameters for the ad', () => {
    expect(expandMetaMacros('{{campaign.name}}', ad)).toBe('Spring sale');
    expect(expandMetaMacros('ad-{{ad.id}}-{{ adset.id }}', ad)).toBe('ad-200-130');
    expect(expandMetaMacros('spring', ad)).toBe('spring');
  });
  it('gives up on parameters it cannot know', () => {
    expect(expandMetaMacros('{{placement}}', ad)).toBeNull();
    expect(expandMetaMacros(null, ad)).toBeNull();
  });
  it('reads Google’s {campaignid} as the campaign’s id', () => {
    expect(googleUtmCampaign(null, '987', 'utm_source=google&utm_campaign={campaignid}')).toBe('987');
    expect(googleUtmCampaign('brand', '987', 'utm_campaign={campaignid}')).toBe('brand');
    expect(googleUtmCampaign(null, '987', '{lpurl}?utm_term={keyword}')).toBeNull();
  });
});
