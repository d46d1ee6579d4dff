import { type StripeSandbox, startStripeSandbox } from '@ri/sandboxes';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';

let sandbox: StripeSandbox;
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  // Enough charges that a sync takes a few seconds, so its progress can be seen.
  sandbox = await startStripeSandbox({ seed: 7, accounts: [{ customers: 400, charges: 4000 }] });
  [server, browser] = await Promise.all([startServer({ STRIPE_API_URL: sandbox.url }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sandbox?.close();
});

async function signUp(page: Page) {
  await page.goto(server.url);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(`integrations.${Date.now()}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill('Solar-Panels-On-2026');
  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Last name').fill('Brooks');
  await page.getByLabel('Business name').fill('Brooks Solar');
  await page.getByLabel('Business website').fill('https://brooks-solar.example');
  await page.getByLabel('Industry').selectOption('retail');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}

/** The figure under a card's label, e.g. its data points. */
const fact = (card: Locator, label: string) => card.locator('dt', { hasText: label }).locator('+ dd');

describe('an owner connects Stripe', () => {
  it('connects through the dialog, syncs with progress, and disconnects', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signUp(page);

    await page.getByRole('link', { name: 'Integrations' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Platform Integrations' }).waitFor();
    const connected = page.getByRole('region', { name: 'Connected Platforms' });
    const available = page.getByRole('region', { name: 'Available Platforms' });
    await connected.getByText('No platforms connected yet').waitFor();

    await available.getByRole('article', { name: 'Stripe' }).getByRole('button', { name: 'Connect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Stripe' });
    const key = dialog.getByLabel('Secret Key', { exact: true });
    await key.fill('sk_test_123');
    await dialog.getByText('Secret key appears to be incomplete. Please check your key.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Connect Stripe' }).isDisabled()).toBe(true);
    await key.fill(sandbox.secretKey);
    await dialog.getByRole('button', { name: 'Connect Stripe' }).click();

    const summary = page.getByRole('dialog', { name: 'Payment Processor Connected' });
    await summary.getByText('Full Access Connected').waitFor();
    const account = sandbox.state.account();
    await summary.getByText(account.spec.id).waitFor();
    await summary.getByText('Northwind Solar Co.').waitFor();
    await screenshot(page, 'integrations-stripe-summary');
    await summary.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await page.waitForURL(`${server.url}/`);

    await page.getByRole('link', { name: 'Integrations' }).first().click();
    const stripe = connected.getByRole('article', { name: 'Stripe' });
    await stripe.getByText('Sandbox').waitFor();
    await stripe.getByText('Never').waitFor();
    await stripe.getByRole('button', { name: 'Sync Now' }).click();
    await stripe.getByRole('progressbar', { name: 'Sync progress' }).waitFor();
    await stripe.getByRole('button', { name: 'Syncing' }).waitFor();

    await stripe.getByRole('button', { name: 'Sync Now' }).waitFor({ timeout: 30_000 });
    expect(await fact(stripe, 'Connection Status').textContent()).toBe('Connected');
    const points = Number((await fact(stripe, 'Data points').textContent())?.replaceAll(',', ''));
    expect(points).toBeGreaterThan(0);
    expect(await stripe.getByText('Never').count()).toBe(0);
    await screenshot(page, 'integrations-stripe-synced');

    await stripe.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('dialog', { name: 'Disconnect Stripe?' });
    await confirm
      .getByText('Are you sure you want to disconnect this integration? This will stop data synchronization.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await connected.getByText('No platforms connected yet').waitFor();
    await available.getByRole('article', { name: 'Stripe' }).getByRole('button', { name: 'Connect' }).waitFor();

    // The same screen on a phone, by keyboard: the dialog opens, Escape closes it and focus comes back.
    await page.setViewportSize({ width: 375, height: 800 });
    const add = page.getByRole('button', { name: 'Add Integration' });
    await add.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Add Integration' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('Add Integration'), null, {
      timeout: 10_000,
    });
    await screenshot(page, 'integrations-phone');
    await context.close();
  });
});
