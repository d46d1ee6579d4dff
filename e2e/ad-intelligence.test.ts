import { readFile } from 'node:fs/promises';
import {
  adIntelligenceSummarySchema,
  adOptimizationActionSchema,
  type CampaignExtended,
  campaignExtendedListSchema,
  campaignListSchema,
  integrationSchema,
  type OptimizationRecommendation,
} from '@ri/contracts';
import { type MetaSandbox, startMetaSandbox } from '@ri/sandboxes';
import { wireBatch } from '@ri/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { launchBrowser, screenshot } from './support/browser.js';
import { type OwnerApi, signUpOwner } from './support/owner-api.js';
import { type RunningServer, startServer } from './support/server.js';

const SHOP = 'https://shop.example';
const HOUR = 3_600_000;
const UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let meta: MetaSandbox;
let server: RunningServer;
let browser: Browser;
let owner: OwnerApi;

/** A visit landing from an ad of `campaign` (its utm values), converting for `value` when given. */
function adVisit(trackingId: string, campaign: string, content: string, at: number, value?: number) {
  return wireBatch(
    trackingId,
    [
      { type: 'page_view', url: `${SHOP}/collections/trail`, title: 'Trail shoes', ts: at },
      { type: 'scroll', url: `${SHOP}/collections/trail`, data: { depth: 70, velocity: 600 }, ts: at + 20_000 },
      ...(value === undefined ? [] : [{ type: 'conversion', data: { value }, ts: at + 90_000 }]),
    ],
    {},
    {
      utm_source: 'facebook',
      utm_medium: 'paid_social',
      utm_campaign: campaign,
      utm_content: content,
      fbclid: `IwAR${Math.floor(at / 1000)}`,
    },
  );
}

/** Posts a batch as the SDK would, from the visitor's own address (documentation range; the server trusts the proxy). */
async function postBatch(batch: object, visitor: number) {
  const res = await fetch(`${server.url}/api/v1/tracking/batch-events`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain',
      origin: SHOP,
      'user-agent': UA,
      'x-forwarded-for': `198.51.${100 + (visitor >> 8)}.${visitor & 255}`,
    },
    body: JSON.stringify(batch),
  });
  expect(res.status).toBe(200);
}

/** The Graph object's daily budget (minor units), as the sandbox holds it now. */
async function graphBudget(id: string): Promise<number> {
  const res = await fetch(`${meta.url}/v25.0/${id}?fields=daily_budget&access_token=${meta.accessToken}`);
  return Number(((await res.json()) as { daily_budget: string }).daily_budget);
}

const usd = (major: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(major);

beforeAll(async () => {
  meta = await startMetaSandbox({
    seed: 17,
    accounts: [{ campaigns: 6, ads: 12, days: 60, currency: 'USD' }],
  });
  meta.state.setJobPolls(1);
  [server, browser] = await Promise.all([startServer({ META_GRAPH_URL: meta.url, TRUST_PROXY: '1' }), launchBrowser()]);
  owner = await signUpOwner(server.url, 'Northwind Trail Co.');
  const script = await owner.post(
    '/tracking/generate-script',
    { allowed_origins: [SHOP] },
    z.object({ trackingId: z.string() }),
  );

  // The owner connects Meta Ads and the first sync brings 60 days of delivery.
  const saved = await owner.post(
    '/integrations/facebook/save',
    { accessToken: meta.accessToken, adAccountId: meta.state.account().id },
    z.object({ integration: integrationSchema.pick({ id: true }) }),
  );
  await owner.post(`/integrations/${saved.integration.id}/sync`, {});
  await server.syncRunner.drain();

  // Visitors from two campaigns over the last days. Spring-sale's arrive for a third of its clicks (enough for our
  // ROAS to mean something) and three of them buy; retargeting-cart's few never do.
  const campaigns = await owner.get('/analytics/campaign-performance?days=30', campaignListSchema);
  const springClicks = campaigns.campaigns.find((c) => c.name === 'spring-sale')!.clicks;
  const now = Date.now();
  const visits = Math.ceil(springClicks / 3);
  for (let i = 0; i < visits; i++) {
    const at = now - HOUR - Math.floor((i / visits) * 5 * 24 * HOUR);
    await postBatch(adVisit(script.trackingId, 'spring-sale', 'carousel-a', at, i < 3 ? 120 : undefined), i);
  }
  for (let i = 0; i < 6; i++)
    await postBatch(adVisit(script.trackingId, 'retargeting-cart', 'video-15s', now - (i + 1) * HOUR), visits + i);
  await server.ingest.drain();
  await server.scorer.drain();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await meta?.close();
});

async function signIn(page: Page) {
  await page.goto(server.url);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}

/** The figure of a summary card, as shown. */
const card = (page: Page, label: string) =>
  page.locator('dl[aria-label="Ad summary"] dt', { hasText: label }).locator('+ dd');

describe('Ad Intelligence on a synced Meta account', () => {
  it('shows the cards, opens a campaign, implements and undoes an optimisation, and exports the report', async () => {
    // New visits are served from rollups at most a minute old (decision 0026): the first read may start their refresh.
    let summary = await owner.get('/analytics/ad-intelligence-summary?days=30', adIntelligenceSummarySchema);
    for (let i = 0; i < 60 && summary.total_conversions !== 3; i++) {
      await new Promise((r) => setTimeout(r, 500));
      summary = await owner.get('/analytics/ad-intelligence-summary?days=30', adIntelligenceSummarySchema);
    }
    expect(summary.total_spend).toBeGreaterThan(0);
    expect(summary.total_conversions).toBe(3);
    const list = await owner.get('/analytics/campaign-performance-extended?days=30', campaignExtendedListSchema);
    const spring = list.campaigns.find((c) => c.name === 'spring-sale') as CampaignExtended;
    expect(spring.conversions).toBe(3);
    // A campaign whose recommendation changes a budget on Meta (the account's credentials allow writes).
    const withBudget = list.campaigns
      .map((c) => ({ c, rec: c.recommendations.find((r) => r.action.kind === 'set_budget' && r.applies_on_platform) }))
      .find((x) => x.rec) as { c: CampaignExtended; rec: OptimizationRecommendation };
    expect(withBudget, 'a budget recommendation on some campaign').toBeDefined();
    const action = withBudget.rec.action as Extract<OptimizationRecommendation['action'], { kind: 'set_budget' }>;
    // Meta's usual structure: the budget is set on the campaign's ad sets, each changed by the same step.
    expect(action.level).toBe('adset');
    const budgets = () => Promise.all(action.targets.map((target) => graphBudget(target.id)));
    const budgetsBefore = await budgets();
    expect(budgetsBefore).toEqual(action.targets.map((target) => Math.round(target.from * 100)));

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page);
    await page.getByRole('navigation').first().getByRole('link', { name: 'Ad Intelligence' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ad Intelligence' }).waitFor();
    await page.getByRole('heading', { name: 'Campaign Performance Analysis' }).waitFor();

    // The cards say what the API says, in the account's currency.
    await card(page, 'Total Ad Spend').getByText(usd(summary.total_spend!)).waitFor();
    expect(await card(page, 'Total Conversions').textContent()).toMatch(/^3\b/);
    await page.getByRole('heading', { name: 'Channel Performance Insights' }).waitFor();
    await page.getByRole('heading', { name: 'Attribution Model Comparison' }).waitFor();
    await screenshot(page, 'ad-intelligence-desktop');

    // Campaign Details: reconciliation and the visitors the campaign brought.
    const view = page.getByRole('button', { name: 'View spring-sale' });
    await view.click();
    const details = page.getByRole('dialog', { name: 'spring-sale' });
    await details
      .getByText(/platform/i)
      .first()
      .waitFor();
    await details.getByRole('table', { name: 'By readiness band' }).waitFor();
    await screenshot(page, 'ad-intelligence-campaign-details');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    // Focus goes back to the button that opened the dialog, even if the table was refreshed behind it.
    await expect.poll(() => view.evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);

    // Optimize → Implement → Confirm changes the budget on Meta; Undo puts it back.
    await page.getByRole('button', { name: `Optimize ${withBudget.c.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Optimization Recommendations' });
    const rec = dialog.getByRole('article', { name: withBudget.rec.title }).first();
    await rec.getByRole('button', { name: 'Implement Optimization' }).click();
    await rec.getByText(usd(action.targets[0]!.to)).first().waitFor();
    await rec.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('Applied').first().waitFor();
    expect(await budgets()).toEqual(action.targets.map((target) => Math.round(target.to * 100)));
    const recorded = await owner.get(
      `/analytics/ad-optimizations?campaign_id=${withBudget.c.id}`,
      z.object({ actions: z.array(adOptimizationActionSchema) }),
    );
    expect(recorded.actions[0]).toMatchObject({ status: 'applied', created_by: expect.any(String) });
    await screenshot(page, 'ad-intelligence-optimization-applied');
    await dialog.getByRole('button', { name: 'Undo' }).first().click();
    await dialog.getByText('Undone').first().waitFor();
    expect(await budgets()).toEqual(budgetsBefore);
    await page.keyboard.press('Escape');

    // Export Report: 13 columns, named by time frame and date.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Report' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ad-intelligence-30d-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header!.split(',')).toHaveLength(13);
    expect(rows.length).toBe(list.campaigns.length);
    await context.close();
  });

  it('works at 375 px and by keyboard', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page);
    await page.goto(`${server.url}/ad-intelligence?range=7d`);
    await page.getByRole('heading', { name: 'Campaign Performance Analysis' }).waitFor();
    expect(await page.getByRole('radio', { name: '7d' }).isChecked()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const view = page.getByRole('button', { name: 'View spring-sale' });
    await view.focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'spring-sale' });
    await details.waitFor();
    const box = await details.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    await screenshot(page, 'ad-intelligence-mobile-details');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await context.close();
  });
});
