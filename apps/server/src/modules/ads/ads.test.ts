import type { AttributionMapping, Campaign, CampaignExtended, ChannelInsight, Creative } from '@ri/contracts';
import {
  type GoogleSandbox,
  insightFigures,
  type MetaSandbox,
  type StripeSandbox,
  startGoogleSandbox,
  startMetaSandbox,
  startStripeSandbox,
} from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, setUpTracking, signUp, type TestApp, wireBatch } from '../../test/harness.js';
import { ingestAndScore } from '../../test/visits.js';
import { refreshOnce } from './freshness.js';
import { findRecommendation } from './index.js';

// Ad Intelligence over sandbox-synced Meta Ads, Google Ads and Stripe data and sessions ingested through the real
// tracking endpoint: figures are checked against the sandboxes' own numbers.
// One file past 400 lines, as decision 0025 keeps capi-send.test.ts: every scenario reads the same app, three
// synced sandboxes and ingested sessions, which take most of the file's time to set up.

const DAY = 86_400_000;
const HOUR = 3_600_000;
let meta: MetaSandbox;
let google: GoogleSandbox;
let stripe: StripeSandbox;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let trackingId: string;

const get = (url: string, token = owner.token) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });

const today = new Date().toISOString().slice(0, 10);
const windowStart = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY).toISOString().slice(0, 10);

/** A session of `visitor` landing with `context` at `at`, with a conversion of `value` a minute later when given. */
function visit(visitor: string, context: Record<string, string>, at: number, conversion?: number) {
  return wireBatch(
    trackingId,
    [
      { type: 'page_view', url: 'https://shop.example/landing', title: 'Landing', ts: at },
      ...(conversion !== undefined ? [{ type: 'conversion', data: { value: conversion }, ts: at + 60_000 }] : []),
    ],
    { visitor },
    context,
  );
}

const META_TAGS = {
  utm_source: 'facebook',
  utm_medium: 'paid_social',
  utm_campaign: 'spring-sale',
  utm_content: 'video-15s',
};
const GOOGLE_TAGS = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'brand-search' };

type Charge = { id: string; created: number; amount: number; amount_refunded: number; visitor: string };
let verified: Charge[] = [];
let standalone: Charge[] = [];
const metaCampaign = () => `facebook_${meta.state.account().object('campaigns', 0).id}`;
const googleCampaign = () => `google_${google.state.account().campaignId(0)}`;

beforeAll(async () => {
  meta = await startMetaSandbox({ seed: 7, accounts: [{ campaigns: 6, ads: 24, days: 60 }] });
  meta.state.setJobPolls(1);
  google = await startGoogleSandbox({ seed: 7, accounts: [{ days: 60, timeZone: 'UTC' }] });
  stripe = await startStripeSandbox({
    seed: 7,
    now: Math.floor(Date.now() / 1000) - 60,
    accounts: [{ charges: 120, customers: 30, days: 5 }],
  });
  t = await createTestApp({ SYNC_SLICE_SECONDS: '5' });
  owner = await signUp(t);
  trackingId = await setUpTracking(t, owner.token);

  const businessId = owner.businessId;
  await t.integrations.connectSandbox({
    provider: 'facebook_ads',
    businessId,
    baseUrl: meta.url,
    body: { accessToken: meta.accessToken, pixelId: undefined, adAccountId: meta.state.account().id },
  });
  const client = google.state.account().spec;
  await t.integrations.connectSandbox({
    provider: 'google_ads',
    businessId,
    baseUrl: google.url,
    body: { accessToken: google.accessToken, customerId: client.customerId, propertyId: client.propertyId },
  });
  await t.integrations.connectSandbox({
    provider: 'stripe',
    businessId,
    baseUrl: stripe.url,
    body: { secretKey: stripe.secretKey, publishableKey: undefined },
  });
  await t.syncRunner.drain();

  // Paid USD payments of the last four days whose Checkout Session named a visitor (client_reference_id).
  const references = stripe.state.account().checkoutReferences();
  const charges = [...stripe.state.account().all('charges')]
    .map((c) => c as Record<string, unknown>)
    .filter(
      (c) =>
        c.paid === true &&
        c.status === 'succeeded' &&
        c.currency === 'usd' &&
        (c.amount_refunded as number) === 0 &&
        references.has(c.payment_intent as string) &&
        (c.created as number) * 1000 > Date.now() - 4 * DAY,
    )
    .map((c) => ({
      id: String(c.id),
      created: (c.created as number) * 1000,
      amount: c.amount as number,
      amount_refunded: c.amount_refunded as number,
      visitor: references.get(c.payment_intent as string)!,
    }));
  expect(charges.length).toBeGreaterThanOrEqual(6);
  verified = charges.slice(0, 3);
  standalone = charges.slice(3, 6);

  const now = Date.now();
  const batches = [
    // Three Meta visitors who buy on the site (the conversion event only).
    ...[1, 2, 3].map((i) => visit(crypto.randomUUID(), { ...META_TAGS, fbclid: `fb.${i}` }, now - i * HOUR, 50)),
    // Two Meta visitors who leave.
    ...[4, 5].map((i) => visit(crypto.randomUUID(), META_TAGS, now - i * HOUR)),
    // Visitors whose payment confirms their tracked conversion an hour later: counted once, with the payment's amount.
    ...verified.map((c) => visit(c.visitor, META_TAGS, c.created - 2 * HOUR, 10)),
    // Visitors from Google who pay three hours later without a tracked conversion.
    ...standalone.map((c) => visit(c.visitor, { ...GOOGLE_TAGS, gclid: `g.${c.id}` }, c.created - 3 * HOUR)),
    // Organic visitors.
    ...[1, 2].map((i) => visit(crypto.randomUUID(), {}, now - i * HOUR)),
  ];
  await ingestAndScore(t, batches);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([meta?.close(), google?.close(), stripe?.close()]);
});

/** The sandboxes' spend, impressions, clicks and claimed purchases per campaign id over the last `days` days. */
function sandboxTotals(days: number) {
  const first = windowStart(days);
  const totals = new Map<string, { spend: number; impressions: number; clicks: number; conversions: number }>();
  const add = (id: string, spend: number, impressions: number, clicks: number, conversions: number) => {
    const sum = totals.get(id) ?? { spend: 0, impressions: 0, clicks: 0, conversions: 0 };
    totals.set(id, {
      spend: sum.spend + spend,
      impressions: sum.impressions + impressions,
      clicks: sum.clicks + clicks,
      conversions: sum.conversions + conversions,
    });
  };
  const account = meta.state.account();
  for (let day = 0; day < account.spec.days; day++) {
    const date = new Date((account.spec.firstDay + day * 86_400) * 1000).toISOString().slice(0, 10);
    if (date < first || date > today) continue;
    for (let ad = 0; ad < account.spec.ads; ad++) {
      const f = insightFigures(account, day, ad);
      if (!f) continue;
      const id = `facebook_${account.object('campaigns', account.adCampaign(ad)).id}`;
      add(id, f.spendMinor, f.impressions, f.clicks, f.actions.purchase ?? 0);
    }
  }
  const data = google.state.account();
  for (let day = 0; day < data.spec.days; day++) {
    const date = data.dateOf(day);
    if (date < first || date > today) continue;
    for (let ad = 0; ad < data.spec.ads; ad++) {
      const m = data.metrics(ad, day);
      if (!m) continue;
      add(
        `google_${data.campaignId(data.adCampaign(ad))}`,
        m.costMicros / 10_000,
        m.impressions,
        m.clicks,
        m.conversions,
      );
    }
  }
  return totals;
}
const cents = (major: number) => Math.round(major * 100);

describe('Ad Intelligence over synced campaigns', () => {
  it('reports each campaign’s spend, impressions and clicks as the platforms do, over each window', async () => {
    for (const days of [7, 30]) {
      const expected = sandboxTotals(days);
      const res = await get(`/analytics/campaign-performance?days=${days}&limit=50`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(6 + google.state.account().spec.campaigns);
      for (const c of body.campaigns as { id: string; spend: number; impressions: number; clicks: number }[]) {
        const e = expected.get(c.id) ?? { spend: 0, impressions: 0, clicks: 0, conversions: 0 };
        expect({ id: c.id, spend: cents(c.spend), impressions: c.impressions, clicks: c.clicks }).toEqual({
          id: c.id,
          spend: Math.round(e.spend),
          impressions: e.impressions,
          clicks: e.clicks,
        });
      }
      // Highest spend first.
      const spends = body.campaigns.map((c: { spend: number }) => c.spend);
      expect(spends).toEqual([...spends].sort((a: number, b: number) => b - a));
    }
  });

  it('sums the cards over both platforms, with the previous window and each platform’s status', async () => {
    const expected = [...sandboxTotals(30).values()];
    const res = await get('/analytics/ad-intelligence-summary?days=30');
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(cents(s.total_spend)).toBe(Math.round(expected.reduce((sum, e) => sum + e.spend, 0)));
    expect(s.impressions).toBe(expected.reduce((sum, e) => sum + e.impressions, 0));
    expect(s.clicks).toBe(expected.reduce((sum, e) => sum + e.clicks, 0));
    expect(s.currency).toBe('USD');
    expect(s.avg_ctr).toBeCloseTo((s.clicks / s.impressions) * 100, 2);
    // 3 tracked, 3 confirmed by a payment, 3 payments after Google visits.
    expect(s.total_conversions).toBe(9);
    expect(s.avg_roas).toBeCloseTo(s.attributed_revenue / s.total_spend, 2);
    expect(s.previous.impressions).toBeGreaterThan(0);
    const platforms = Object.fromEntries(s.platforms.map((p: { platform: string }) => [p.platform, p]));
    expect(platforms.facebook).toMatchObject({ connected: true, reason: null, currency: 'USD' });
    expect(platforms.google).toMatchObject({ connected: true, reason: null });
    expect(platforms.linkedin).toMatchObject({ connected: false, reason: 'LinkedIn Ads has no integration yet.' });
    expect(platforms.tiktok).toMatchObject({ connected: false, reason: 'TikTok Ads has no integration yet.' });
  });

  it('attributes conversions by last click, a payment confirming a tracked conversion counted once', async () => {
    const res = await get('/analytics/campaign-performance-extended?days=30&platform=all');
    expect(res.statusCode).toBe(200);
    const campaigns = res.json().campaigns as CampaignExtended[];
    const spring = campaigns.find((c) => c.id === metaCampaign())!;
    const paid = (list: Charge[]) => list.reduce((sum, c) => sum + c.amount - c.amount_refunded, 0) / 100;
    expect(spring.conversions).toBe(6);
    expect(spring.attributed_revenue).toBeCloseTo(150 + paid(verified), 2);
    expect(spring.sessions).toBe(5 + verified.length);
    const brand = campaigns.find((c) => c.id === googleCampaign())!;
    expect(brand.conversions).toBe(3);
    expect(brand.attributed_revenue).toBeCloseTo(paid(standalone), 2);

    // The platform's claim against ours.
    const claimed = sandboxTotals(30).get(spring.id)!.conversions;
    expect(spring.reconciliation).toMatchObject({
      platform_conversions: claimed,
      attributed_conversions: 6,
      unmatched_conversions: Math.max(0, claimed - 6),
    });
    expect(['sufficient', 'limited', 'insufficient']).toContain(spring.reconciliation.sufficiency);
    expect(spring.reconciliation.reason).toMatch(/\w/);

    // Its visitors by profile and band: every session is in one profile slice or unclassified.
    const audience = spring.audience;
    expect(audience.sessions).toBe(spring.sessions);
    const profiled = audience.profiles.reduce((sum: number, p: { sessions: number }) => sum + p.sessions, 0);
    expect(profiled + audience.unclassified_sessions).toBe(audience.sessions);
    const banded = audience.bands.reduce((sum: number, b: { sessions: number }) => sum + b.sessions, 0);
    expect(banded).toBeLessThanOrEqual(audience.sessions);
    const converted = audience.bands.reduce((sum: number, b: { conversions: number }) => sum + b.conversions, 0);
    expect(converted).toBeLessThanOrEqual(6);
    for (const b of audience.bands) {
      expect(b.conversion_rate).toBe(b.sessions > 0 ? Math.round((b.conversions / b.sessions) * 10_000) / 100 : null);
    }
    // A handful of tracked visits from thousands of clicks: our ROAS (under 1 here) says more about the tracking than
    // the ads, so no budget change is recommended on it.
    expect(spring.reconciliation.sufficiency).toBe('insufficient');
    expect(spring.roas).toBeLessThan(1);
    expect(spring.recommendations.filter((r) => r.type === 'budget')).toEqual([]);
    // Recommendations cite numbers and say whether Implement changes the platform (read-only by default).
    for (const r of spring.recommendations) {
      expect(r.evidence.length).toBeGreaterThan(0);
      expect(r.applies_on_platform).toBe(false);
      expect(r.campaign_id).toBe(spring.id);
    }
  });

  it('joins UTM tags to synced campaigns, with visitors, click ids and confirmed conversions', async () => {
    const res = await get('/analytics/utm-attribution-analysis?days=30');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const row = body.rows.find((r: { utm_campaign: string }) => r.utm_campaign === 'spring-sale');
    expect(row).toMatchObject({
      utm_source: 'facebook',
      utm_medium: 'paid_social',
      sessions: 5 + verified.length,
      visitors: 5 + verified.length,
      click_id_sessions: 3,
      conversions: 6,
      verified_conversions: 3,
      campaign: { id: metaCampaign(), name: 'spring-sale', platform: 'facebook' },
    });
    const organic = body.rows.find((r: { utm_source: string | null }) => r.utm_source === null);
    expect(organic).toMatchObject({ sessions: 2, campaign: null });
    expect(body.totals.matched_sessions).toBe(5 + verified.length + standalone.length);
    const filtered = await get('/analytics/utm-attribution-analysis?days=30&utm_campaign=brand-search&platform=google');
    expect(filtered.json().rows).toEqual([
      expect.objectContaining({ utm_campaign: 'brand-search', sessions: 3, conversions: 3, verified_conversions: 3 }),
    ]);
  });

  it('compares the attribution models, each sharing out the same attributable conversions', async () => {
    const res = await get('/analytics/conversion-attribution-mapping?days=30&lookback_days=28&half_life_days=3');
    expect(res.statusCode).toBe(200);
    const body = res.json() as AttributionMapping;
    expect(body.models).toEqual([
      'last_click',
      'first_click',
      'linear',
      'time_decay',
      'position_based',
      'markov',
      'shapley',
    ]);
    expect(body.conversions_total).toBe(9);
    expect(body.paths.converting).toBe(9);
    expect(body.paths.unattributable_conversions).toBe(0);
    for (const model of body.models) {
      const total = body.rows.reduce((sum, r) => sum + r.credits[model].conversions, 0);
      expect(total, model).toBeCloseTo(9, 1);
    }
    const spring = body.rows.find((r) => r.key === metaCampaign())!;
    expect(spring).toMatchObject({ paid: true, name: 'spring-sale', platform: 'facebook' });
    expect(spring.credits.last_click.conversions).toBe(6);
    expect(spring.reconciliation?.attributed_conversions).toBe(6);
  });

  it('reads each creative’s delivery, fatigue, triggers and visitors', async () => {
    const res = await get(`/analytics/creative-performance-extended?days=30&campaign_id=${metaCampaign()}`);
    expect(res.statusCode).toBe(200);
    const creatives = res.json().creatives as Creative[];
    expect(creatives.length).toBe(4);
    for (const c of creatives) {
      const daily = c.daily.reduce((sum: number, d: { impressions: number }) => sum + d.impressions, 0);
      expect(daily).toBe(c.impressions);
      if (c.fatigue_score === null) expect(c.reasons.fatigue_score).toMatch(/\w/);
      if (c.engagement_score === null) expect(c.reasons.engagement_score).toMatch(/\w/);
      if (c.impressions < 1000) expect(c.reasons.engagement_score).toMatch(/impressions/);
    }
    // Only one ad of the campaign carries utm_content video-15s: its visitors are its own.
    const video = creatives.find((c) => c.name?.startsWith('video-15s'))!;
    expect(video.audience.sessions).toBe(5 + verified.length);
    expect(video.conversions).toBe(6);
    // Two carry carousel-a: their visits cannot be told apart.
    const carousels = creatives.filter((c) => c.name?.startsWith('carousel-a'));
    expect(carousels).toHaveLength(2);
    for (const c of carousels) expect(c.reasons.audience).toMatch(/cannot be told apart/);
  });

  it('shows channels for both platforms and the traffic sources seen', async () => {
    const res = await get('/analytics/channel-insights-extended?days=30');
    expect(res.statusCode).toBe(200);
    const channels = res.json().channels as ChannelInsight[];
    const keys = channels.map((c) => c.platform);
    expect(keys.slice(0, 2).sort()).toEqual(['facebook', 'google']);
    expect(keys).toContain('direct');
    const facebook = channels.find((c) => c.platform === 'facebook')!;
    expect(facebook).toMatchObject({ paid: true, total_conversions: 6, sessions: 5 + verified.length });
    expect(facebook.recommendation).toMatch(/\w/);
    const direct = channels.find((c) => c.platform === 'direct')!;
    expect(direct).toMatchObject({ paid: false, total_spend: null, avg_roas: null });
    expect(direct.reasons.total_spend).toMatch(/unpaid/);
  });

  it('gives a campaign’s details with its days, and 404 for a campaign that is not the business’s', async () => {
    const res = await get(`/analytics/campaigns/${googleCampaign()}?days=7`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.daily).toHaveLength(7);
    const expected = sandboxTotals(7).get(googleCampaign())!;
    expect(body.daily.reduce((sum: number, d: { clicks: number }) => sum + d.clicks, 0)).toBe(expected.clicks);
    expect(body.campaign.clicks).toBe(expected.clicks);
    expect(body.creatives.length).toBeGreaterThan(0);

    const other = await signUp(t);
    for (const url of [
      `/analytics/campaigns/${googleCampaign()}`,
      `/analytics/creative-performance-extended?campaign_id=${googleCampaign()}`,
    ]) {
      const res404 = await get(url, other.token);
      expect(res404.statusCode, url).toBe(404);
      expect(res404.json().error.code).toBe('not_found');
    }
    expect((await get('/analytics/campaigns/facebook_1')).statusCode).toBe(404);
    expect((await get('/analytics/campaigns/nonsense')).statusCode).toBe(404);
  });

  it('answers 400 naming the field for bad input', async () => {
    for (const [url, field] of [
      ['/analytics/ad-metrics?days=5', 'days'],
      ['/analytics/campaign-performance?platform=bing', 'platform'],
      ['/analytics/campaign-performance-extended?limit=0', 'limit'],
      ['/analytics/conversion-attribution-mapping?lookback_days=14', 'lookback_days'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.field, url).toBe(field);
    }
  });

  it('says why a figure is missing: no spend synced, no platform connected, no integration', async () => {
    const other = await signUp(t);
    const summary = (await get('/analytics/ad-intelligence-summary', other.token)).json();
    expect(summary).toMatchObject({ total_spend: null, avg_roas: null, campaigns: 0 });
    expect(summary.reasons.total_spend).toBe('No ad platform is connected.');
    const facebook = summary.platforms.find((p: { platform: string }) => p.platform === 'facebook');
    expect(facebook).toMatchObject({ connected: false, reason: 'Not connected' });
    const google = (await get('/analytics/ad-metrics?platform=google', other.token)).json();
    expect(google.reasons.spend).toBe('Not connected');
    expect(google.series).toHaveLength(30);

    const linkedin = (await get('/analytics/ad-intelligence-summary?platform=linkedin')).json();
    expect(linkedin.total_spend).toBeNull();
    expect(linkedin.reasons.total_spend).toBe('LinkedIn Ads has no integration yet.');
    expect((await get('/analytics/campaign-performance?platform=tiktok')).json().campaigns).toEqual([]);

    // A campaign that delivered nothing in the last 7 days: no spend, so no ROAS, CPC or CTR.
    const week = (await get('/analytics/campaign-performance?days=7')).json().campaigns as Campaign[];
    for (const c of week.filter((x) => x.impressions === 0)) {
      expect(c).toMatchObject({ ctr: null, cpc: null, roas: null });
      expect(c.reasons.roas).toBe('No spend synced in this period.');
      expect(c.reasons.ctr).toBe('No impressions in this period.');
    }
  });

  it('keeps up as visitors arrive: new conversions count, a returning visitor is one visitor', async () => {
    const spring = async (days = 30) =>
      (await get(`/analytics/utm-attribution-analysis?days=${days}&utm_campaign=spring-sale`)).json().rows[0];
    const before = await spring();
    const returning = crypto.randomUUID();
    await ingestAndScore(t, [visit(returning, META_TAGS, Date.now() - 3 * DAY)]);
    // A read answers at once from the last refresh and refreshes behind it: the visit shows on a later read. A
    // refresh behind reads waits five times the last one's length (lib/refresh-behind.ts): seconds on a busy
    // machine, so not Vitest's default second.
    const settle = { timeout: 15_000, interval: 100 };
    await vi.waitFor(
      async () =>
        expect(await spring()).toMatchObject({ sessions: before.sessions + 1, visitors: before.visitors + 1 }),
      settle,
    );
    // The same visitor again today, and buying: one more session and conversion, still one more visitor.
    await ingestAndScore(t, [visit(returning, META_TAGS, Date.now() - HOUR, 40)]);
    await vi.waitFor(
      async () =>
        expect(await spring()).toMatchObject({
          sessions: before.sessions + 2,
          visitors: before.visitors + 1,
          conversions: before.conversions + 1,
        }),
      settle,
    );
    expect((await spring(7)).visitors).toBeLessThanOrEqual(before.visitors + 1);
    const summary = (await get('/analytics/ad-intelligence-summary?days=30')).json();
    expect(summary.total_conversions).toBe(10);
  });

  it('keeps its rollups, built day by day as data arrived, equal to a rebuild from scratch', async () => {
    const snapshot = async () => {
      const { rows } = await t.database.executeSql(
        `SELECT
           (SELECT string_agg(concat_ws('|', key_id, date, profile, band, sessions, click_id_sessions, converted_sessions,
                    round(conversions::numeric, 4), round(revenue::numeric, 2), readiness_n), ',' ORDER BY key_id, date, profile, band)
              FROM ad_session_daily WHERE business_id = $1) AS sessions,
           (SELECT string_agg(concat_ws('|', date, utm_source, utm_medium, utm_campaign, sessions, visitors_last, conversions), ','
                    ORDER BY date, utm_source, utm_medium, utm_campaign)
              FROM ad_utm_daily WHERE business_id = $1) AS utm,
           (SELECT string_agg(concat_ws('|', id, session_id, conversions, verified, round(revenue::numeric, 2)), ',' ORDER BY id)
              FROM ad_conversions WHERE business_id = $1) AS conversions,
           (SELECT string_agg(concat_ws('|', channel, date, sessions), ',' ORDER BY channel, date)
              FROM ad_channel_daily WHERE business_id = $1) AS channels,
           (SELECT string_agg(concat_ws('|', date, channel, platform, round(conversions::numeric, 4),
                    round(revenue::numeric, 2), other_currency, round(verified::numeric, 4)), ',' ORDER BY date, channel, platform)
              FROM ad_conversion_daily WHERE business_id = $1) AS conversion_days`,
        [owner.businessId],
      );
      return rows[0];
    };
    await refreshOnce(t.database, owner.businessId);
    const kept = await snapshot();
    expect(kept!.conversions).toContain('|t|');
    expect(kept!.conversion_days).toBeTruthy();
    await t.database.executeSql('UPDATE ad_refresh_state SET sessions_built = false WHERE business_id = $1', [
      owner.businessId,
    ]);
    await refreshOnce(t.database, owner.businessId);
    expect(await snapshot()).toEqual(kept);
  });

  it('finds a campaign’s recommendation for Implement Optimization, with the campaign’s platform ids', async () => {
    const extended = (await get('/analytics/campaign-performance-extended?days=30')).json()
      .campaigns as CampaignExtended[];
    const spring = extended.find((c) => c.id === metaCampaign())!;
    const recommendation = spring.recommendations[0]!;
    const found = await findRecommendation(t.database, owner.businessId, spring.id, recommendation.id, 30);
    expect(found).toEqual({
      recommendation,
      campaign: {
        id: spring.id,
        name: 'spring-sale',
        platform: 'facebook',
        vendorId: spring.id.replace('facebook_', ''),
        integrationId: expect.any(String),
        currency: 'USD',
        budgetLevel: 'adset',
        dailyBudgetMinor: Math.round(spring.daily_budget! * 100),
      },
    });
    // Its budget is set on its ad sets: a budget change would set each active one (the directory keeps them).
    const account = meta.state.account();
    const sets = account.adsetsOf(0).filter((s) => account.status('adsets', s) === 'ACTIVE');
    expect(sets.length).toBeGreaterThanOrEqual(2);
    const directory = await t.database.executeSql(
      'SELECT budget_targets FROM ad_campaigns WHERE business_id = $1 AND id = $2',
      [owner.businessId, spring.id],
    );
    const targets = directory.rows[0]!.budget_targets as { id: string; name: string; daily_budget_minor: number }[];
    expect([...targets].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      sets
        .map((s) => ({
          id: String(account.object('adsets', s).id),
          name: String(account.object('adsets', s).name),
          daily_budget_minor: account.dailyBudget('adsets', s),
        }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(targets.reduce((sum, x) => sum + x.daily_budget_minor, 0)).toBe(Math.round(spring.daily_budget! * 100));
    expect(await findRecommendation(t.database, owner.businessId, spring.id, 'bidding:nothing', 30)).toBeNull();
    const other = await signUp(t);
    await expect(
      findRecommendation(t.database, other.businessId, spring.id, recommendation.id, 30),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
