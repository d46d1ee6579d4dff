import { dashboardSchema, recommendationListSchema } from '@ri/contracts';
import { startDemoVendors } from '@ri/server/demo';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';

// A new user signs up, switches to the demo business (connected to its vendor sandboxes through the real connect
// and sync path, as on every start of the product), reads the dashboard, opens the insights modal, runs the header
// Sync to its green chip, and walks the Revenue Strategist's four tabs.

let server: RunningServer;
let browser: Browser;
let vendors: { stop(): Promise<void> } | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  vendors = await startDemoVendors({
    db: server.database.db,
    integrations: server.integrations,
    log: server.app.log,
    activity: false,
  });
  await server.syncRunner.drain();
  // Visits the scorer has read: 60 visitors at readiness 90 of whom 3 bought, 40 others of whom 12 did (as the
  // strategist's server test stores them), so the ready-visitors rule has evidence to cite.
  await server.database.executeSql(
    `WITH demo AS (SELECT id FROM businesses WHERE is_demo LIMIT 1),
     s AS (
       INSERT INTO tracking_sessions (business_id, id, tracking_id, visitor_id, timeout_ms, started_at, last_event_at,
                                      page_views, conversions, traffic_source)
       SELECT demo.id, gen_random_uuid(), 'demo-journey', gen_random_uuid(), 1800000,
              now() - (g % 20) * interval '1 day' - interval '1 hour', now() - (g % 20) * interval '1 day' - interval '50 minutes',
              3, CASE WHEN g <= 3 OR g > 97 OR (g > 60 AND g <= 69) THEN 1 ELSE 0 END, 'direct'
         FROM demo, generate_series(1, 100) AS g
       RETURNING business_id, id, conversions)
     INSERT INTO session_intelligence (business_id, session_id, signal_state, journey_state, flow_state, signals,
                                       readiness_score, conversion_probability, neuromind_profile)
     SELECT business_id, id, '{}', '{}', '{}', '{}', r, r / 100.0 * 0.75, 'Skeptic'
       FROM (SELECT *, CASE WHEN row_number() OVER () <= 60 THEN 90.0 ELSE 40.0 END AS r FROM s) x`,
  );
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await vendors?.stop();
  await server?.stop();
});

async function signUp(page: Page) {
  await page.goto(server.url);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(`journey.${Date.now()}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('Dashboard-Journey-2026');
  await page.getByLabel('First name').fill('Noor');
  await page.getByLabel('Business name').fill('Noor Ceramics');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}

describe('the dashboard and the Revenue Strategist', () => {
  it('shows the demo business against its data, generates insights, syncs, and walks the strategist', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signUp(page);
    await page.getByRole('button', { name: 'Switch business' }).click();
    await page.getByRole('menuitemradio', { name: /Demo/ }).click();
    await page.getByRole('button', { name: 'Switch business' }).getByText('Demo Data').waitFor();

    // The dashboard: revenue from the Stripe sandbox, net of refunds, as the API computes it.
    await page.getByRole('heading', { name: 'Revenue Superintelligence Dashboard' }).waitFor();
    const api = await page.request.get(`${server.url}/api/v1/analytics/dashboard?days=30`, {
      headers: { 'x-business-id': await demoId(page) },
    });
    const data = dashboardSchema.parse(await api.json());
    expect(data.structural_tension.current_revenue).not.toBeNull();
    await page.getByRole('heading', { name: 'Goals vs Reality' }).waitFor();
    await page.getByText('Monthly Revenue').first().waitFor();
    await page.getByText('Neuromind Profile Distribution').waitFor();
    await screenshot(page, 'dashboard-demo');

    // Generate Strategic Insights: the modal with the rules' recommendations (or what data they lack).
    await page.getByRole('button', { name: 'Generate Strategic Insights' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Strategic Insights & Recommendations' });
    await modal.waitFor();
    const recs = recommendationListSchema.parse(
      await (
        await page.request.get(`${server.url}/api/v1/analytics/strategic-recommendations`, {
          headers: { 'x-business-id': await demoId(page) },
        })
      ).json(),
    );
    expect(recs.last_generated).not.toBeNull();
    if (recs.recommendations[0]) await modal.getByText(recs.recommendations[0].title).first().waitFor();
    await screenshot(page, 'dashboard-insights-modal');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });

    // The header Sync: the task runs every integration and recalculation; the chip turns green.
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    await page.getByRole('button', { name: /^Dashboard synced/ }).waitFor({ timeout: 120_000 });
    await screenshot(page, 'dashboard-synced');

    // The Revenue Strategist: four tabs, each with its content.
    await page.getByRole('navigation').first().getByRole('link', { name: 'Revenue Strategist' }).click();
    const tabs = page.getByRole('tablist', { name: 'Revenue Strategist' });
    await tabs.waitFor();
    for (const name of [
      'Strategic Recommendations',
      'Small Compounding Actions',
      'Revenue Simulations',
      'Market Insights',
    ]) {
      const tab = tabs.getByRole('tab', { name: new RegExp(name) });
      await tab.click();
      expect(await tab.getAttribute('aria-selected')).toBe('true');
      await page.getByRole('tabpanel').first().waitFor();
      await screenshot(page, `strategist-${name.toLowerCase().replaceAll(' ', '-')}`);
    }
    await context.close();
  }, 240_000);
});

/** The demo business's id, as the app stored the choice. */
async function demoId(page: Page): Promise<string> {
  const res = await page.request.get(`${server.url}/api/v1/businesses`);
  const body = (await res.json()) as { businesses: { id: string; is_demo?: boolean; name: string }[] };
  return body.businesses.find((b) => b.is_demo || /demo/i.test(b.name))!.id;
}
