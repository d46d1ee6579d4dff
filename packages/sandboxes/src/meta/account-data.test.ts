import { getSite, SITE_IDS } from '@ri/simulator';
import { describe, expect, it } from 'vitest';
import { isoDay, MetaAccountData } from './account-data.js';
import { metaId, parseMetaId } from './ids.js';
import { dayRange, INSIGHT_FIELDS, insightFigures, insightPage, insightRow, insightTotals } from './insights.js';
import { META_SITE_CAMPAIGNS, type MetaSandboxAccountOptions, resolveMetaAccount } from './spec.js';
import { SHOWN_BY_DEFAULT } from './statuses.js';

const NOW = 1_780_000_000;
const account = (options: MetaSandboxAccountOptions = {}, seed = 3, index = 0) =>
  new MetaAccountData(resolveMetaAccount(options, index, seed, NOW), seed);

describe('Meta sandbox data', () => {
  it('carries every facebook-paid campaign and content of the simulated sites, so attribution can join', () => {
    for (const id of SITE_IDS) {
      const paid = getSite(id).landing['facebook-paid'];
      const ours = META_SITE_CAMPAIGNS[id];
      expect(ours.campaigns.slice(0, paid.campaigns?.length), id).toEqual(paid.campaigns);
      expect(ours.contents, id).toEqual(paid.contents);
      const data = account({ site: id });
      const tags = Array.from({ length: data.spec.ads }, (_, i) => new URLSearchParams(data.urlTags(i)));
      expect(new Set(tags.map((t) => t.get('utm_campaign')))).toEqual(new Set(ours.campaigns));
      expect(new Set(tags.map((t) => t.get('utm_content')))).toEqual(new Set(ours.contents));
      expect(tags.every((t) => t.get('utm_source') === 'facebook' && t.get('utm_medium') === 'paid_social')).toBe(true);
    }
  });

  it('is the same for the same seed, in any order, and different for another', () => {
    const a = account();
    const b = account();
    expect(b.object('ads', 17)).toEqual(a.object('ads', 17));
    expect(insightRow(b, 40, 5, INSIGHT_FIELDS)).toEqual(insightRow(a, 40, 5, INSIGHT_FIELDS));
    expect(insightTotals(b, { from: 0, to: 89 })).toEqual(insightTotals(a, { from: 0, to: 89 }));
    expect(account({}, 4).spec.accountId).not.toBe(a.spec.accountId);
    expect(insightFigures(account({}, 4), 10, 0)).not.toEqual(insightFigures(a, 10, 0));
  });

  it('links ads, ad sets, campaigns and creatives, and ids name what they are', () => {
    const data = account({ ads: 50, campaigns: 6 });
    for (let i = 0; i < 50; i++) {
      const ad = data.object('ads', i);
      const adset = data.object('adsets', parseMetaId(ad.adset_id as string)!.index);
      expect(adset.campaign_id).toBe(ad.campaign_id);
      expect((ad.creative as { id: string }).id).toBe(metaId('adcreatives', 0, i));
      const campaign = data.object('campaigns', parseMetaId(ad.campaign_id as string)!.index);
      expect(new URLSearchParams(data.urlTags(i)).get('utm_campaign')).toBe(campaign.name);
    }
    expect(parseMetaId(metaId('campaigns', 2, 5))).toEqual({ kind: 'campaigns', account: 2, index: 5 });
    expect(parseMetaId('act_1')).toBeUndefined();
  });

  it('has rows only on the days an ad delivered, with figures that hold together', () => {
    const data = account();
    const last = isoDay(data.spec.firstDay + 89 * 86_400);
    expect(last).toBe('2026-05-27');
    let paused = 0;
    for (let ad = 0; ad < data.spec.ads; ad++) {
      const { start, end } = data.delivery(ad);
      if (end < 90) paused += 1;
      for (let day = 0; day < 90; day++) {
        const f = insightFigures(data, day, ad);
        expect(f !== undefined, `${ad}@${day}`).toBe(day >= start && day < end);
        if (!f) continue;
        expect(f.reach).toBeLessThanOrEqual(f.impressions);
        expect(f.clicks).toBeLessThanOrEqual(f.impressions);
        expect(f.actions.purchase).toBeLessThanOrEqual(f.actions.add_to_cart!);
        expect(f.purchaseValueMinor > 0).toBe(f.actions.purchase! > 0);
      }
    }
    expect(paused).toBeGreaterThan(0);
    const delivering = data.delivery(1);
    const row = insightRow(data, delivering.start, 1, INSIGHT_FIELDS)!;
    expect(row.spend).toMatch(/^\d+\.\d{2}$/);
    expect(Number(row.impressions) / Number(row.reach)).toBeCloseTo(Number(row.frequency), 4);
    // Spend follows the ad sets' budgets: over the days every ad ran, within 30 % of them.
    const totals = insightTotals(data, { from: 0, to: 29 });
    let budget = 0;
    for (let s = 0; s < data.spec.adsets; s++) budget += data.adsetBudget(s) * 30;
    expect(totals.spendMinor / budget).toBeGreaterThan(0.6);
    expect(totals.spendMinor / budget).toBeLessThan(1.1);
  });

  it('has deleted and archived ads that spent in the last 28 days, and an archived campaign whose children inherit it', () => {
    const data = account({ ads: 60, campaigns: 10 });
    const removed = Array.from({ length: 60 }, (_, a) => a).filter((a) => data.adRemoved(a));
    expect(removed.map((a) => data.status('ads', a))).toEqual(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? 'DELETED' : 'ARCHIVED')),
    );
    const window = { from: data.spec.days - 28, to: data.spec.days - 1 };
    for (const a of removed) {
      const { end } = data.delivery(a);
      // Stopped 2 to 14 days before the last day, with rows inside the restated window.
      expect(end, `ad ${a}`).toBeGreaterThanOrEqual(data.spec.days - 14);
      expect(end, `ad ${a}`).toBeLessThanOrEqual(data.spec.days - 2);
      expect(insightFigures(data, end - 1, a), `ad ${a}`).toBeDefined();
      expect(data.object('ads', a).effective_status).toBe(data.status('ads', a));
    }
    // What Graph answers unasked is less than what the account spent in the window.
    expect(insightTotals(data, window).spendMinor).toBeGreaterThan(
      insightTotals(data, window, SHOWN_BY_DEFAULT).spendMinor,
    );
    // Campaign 9 stopped part-way and was archived; campaign 4 stopped and was paused.
    expect([data.status('campaigns', 4), data.status('campaigns', 9)]).toEqual(['PAUSED', 'ARCHIVED']);
    const adset = data.adsetsOf(9)[0]!;
    expect(data.object('adsets', adset)).toMatchObject({ status: 'ACTIVE', effective_status: 'ARCHIVED' });
    expect(data.object('adsets', data.adsetsOf(4)[0]!).effective_status).toBe('CAMPAIGN_PAUSED');
    const child = Array.from({ length: 60 }, (_, a) => a).find((a) => data.adCampaign(a) === 9 && !data.adRemoved(a))!;
    expect(data.effectiveStatus('ads', child)).toBe('ARCHIVED');
  });

  it('pages a range by position without gaps or repeats, and serves 2,000 ads × 90 days without holding them', () => {
    const data = account({ ads: 2000 });
    const range = dayRange(data, '2026-02-27', '2026-05-27');
    expect(range).toEqual({ from: 0, to: 89 });
    const seen = new Set<string>();
    let from = 0;
    let pages = 0;
    for (;;) {
      const page = insightPage(data, range, ['ad_id'], from, 5000);
      for (const row of page.rows) seen.add(`${row.ad_id}@${row.date_start}`);
      pages += 1;
      if (page.next === undefined) break;
      from = page.last + 1;
    }
    const totals = insightTotals(data, range);
    expect(seen.size).toBe(totals.rows);
    expect(totals.rows).toBeGreaterThan(2000 * 90 * 0.7);
    expect(pages).toBe(Math.ceil(totals.rows / 5000));
  });
});
