import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.js';
import { type RunningServer, startServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PASSWORD = 'Marmalade-Sky-2026';
let n = 0;
const freshEmail = () => `journey.${Date.now()}.${n++}@example.test`;

async function newPage(width = 1280, height = 860): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** Signs a user up through the API, as a quicker start for journeys about something else. */
async function apiSignUp(businessName: string) {
  const email = freshEmail();
  const res = await fetch(`${server.url}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      data: { first_name: 'Jo', last_name: 'Rivera', business_name: businessName, industry: 'ecommerce' },
    }),
  });
  expect(res.status).toBe(200);
  return email;
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto(server.url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}

describe('a new user', () => {
  it('signs up, sees the shell, signs out and signs back in', async () => {
    const { context, page } = await newPage();
    const email = freshEmail();
    await page.goto(server.url);
    await page.getByText('Decode the invisible. Unlock your profit.').waitFor();
    await page.getByRole('tab', { name: 'Sign Up' }).click();

    // The spec's own validation message shows before anything is sent.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Please fill in all required fields').waitFor();

    await page.getByLabel('First name').fill('Maya');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Business name').fill('Okafor Outdoor Supply');
    await page.getByLabel('Business website').fill('https://okafor.example');
    await page.getByLabel('Industry').selectOption('retail');
    await page.getByRole('button', { name: 'Create Account' }).click();

    const nav = page.getByRole('navigation').first();
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    for (const item of [
      'Conversion Spy Engine',
      'Behavioral Signals',
      'Ad Intelligence',
      'Customer Intelligence',
      'Revenue Strategist',
      'Integrations',
      'Dev Monitoring',
      'Data Map',
      'Prompts Editor',
      'Session Admin',
      'Tracking Script',
    ]) {
      expect(await nav.getByRole('link', { name: item }).count(), item).toBe(1);
    }
    await page.getByRole('button', { name: 'Switch business' }).getByText('Okafor Outdoor Supply').waitFor();
    expect(await page.getByRole('link', { name: 'Dashboard' }).first().getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'desktop-dashboard-after-signup');

    await page.getByRole('link', { name: 'Integrations' }).first().click();
    await page.waitForURL('**/integrations');
    await page.getByRole('heading', { name: 'Platform Integrations' }).waitFor();
    expect(await page.getByRole('link', { name: 'Integrations' }).first().getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('link', { name: 'Dashboard' }).first().getAttribute('aria-current')).toBeNull();
    // Honest sync button: nothing to sync yet.
    await page.getByText('No data source connected').first().waitFor();

    await page.getByRole('button', { name: 'User menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText(email).waitFor();
    await menu.getByText('Okafor Outdoor Supply').waitFor();
    await screenshot(page, 'desktop-user-menu');
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();

    await signIn(page, email);
    await page.getByRole('button', { name: 'Switch business' }).getByText('Okafor Outdoor Supply').waitFor();
    await context.close();
  });

  it('is refused with the server message on a wrong password', async () => {
    const email = await apiSignUp('Wrong Password Co');
    const { context, page } = await newPage();
    await page.goto(server.url);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Not-The-Password-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Invalid login credentials').waitFor();
    await context.close();
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const email = await apiSignUp('Reset Journey Ltd');
    const { context, page } = await newPage();
    await page.goto(server.url);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    // Switching modes keeps the e-mail.
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Password reset email sent! Check your inbox.').waitFor();
    // The spec returns to sign-in after 3 seconds.
    await page.getByRole('tab', { name: 'Sign In' }).waitFor({ timeout: 10_000 });

    const [mail] = await server.mailer.listFor(email, 1);
    const link = /(http:\/\/\S+\/auth\/reset#token=[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Fresh-Start-Garden-5');
    await page.getByLabel('Confirm new password').fill('Fresh-Start-Garden-5');
    await screenshot(page, 'reset-new-password');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Your password has been changed', { exact: false }).waitFor();

    await signIn(page, email, 'Fresh-Start-Garden-5');
    await context.close();
  });
});

describe('the shell', () => {
  it('becomes a slide-in drawer at 800 px that locks the page and closes on outside click or a link', async () => {
    const email = await apiSignUp('Drawer Testing Inc');
    const { context, page } = await newPage(800, 900);
    await signIn(page, email);
    const drawer = page.getByRole('dialog');
    expect(await drawer.count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await screenshot(page, 'drawer-800-open');

    // A click outside the drawer (on the backdrop, right of the panel) closes it.
    await page.mouse.click(780, 450);
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.body.style.overflow)).not.toBe('hidden');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Revenue Strategist' }).click();
    await page.waitForURL('**/revenue-strategist');
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Revenue Strategist Engine' }).waitFor();
    await context.close();
  });

  it('works at phone width', async () => {
    const email = await apiSignUp('Phone Width Shop');
    const { context, page } = await newPage(375, 812);
    await signIn(page, email);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-375-dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').waitFor();
    await screenshot(page, 'phone-375-drawer');
    await context.close();
  });

  it('switches to the read-only demo business from the badge', async () => {
    const email = await apiSignUp('Switcher Goods');
    const { context, page } = await newPage();
    await signIn(page, email);
    await page.getByRole('button', { name: 'Switch business' }).click();
    await page.getByRole('menuitemradio', { name: /Demo/ }).click();
    const badge = page.getByRole('button', { name: 'Switch business' });
    await badge.getByText('Demo Data').waitFor();
    await page.getByText('Read-only').first().waitFor();
    await screenshot(page, 'demo-business');
    // The choice survives a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Switch business' }).getByText('Demo Data').waitFor();
    await context.close();
  });

  it('shows the router fallback for an unknown route', async () => {
    const email = await apiSignUp('Lost Page Ltd');
    const { context, page } = await newPage();
    await signIn(page, email);
    await page.goto(`${server.url}/no/such/page`);
    await page.getByText('Unexpected Application Error!').waitFor();
    await page.getByText('404').first().waitFor();
    await context.close();
  });
});
