import {
  liveSessionsResponseSchema,
  neuromindProfileResultSchema,
  sessionBehavioralSignalsSchema,
  sessionJourneySchema,
  trackingConfigSchema,
} from '@ri/contracts';
import { typePage } from '@ri/engine';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_CHROME_UA, launchBrowser, screenshot } from './support/browser.js';
import { type OwnerApi, signUpOwner } from './support/owner-api.js';
import { type JourneyOutcome, profileTable } from './support/profile-table.js';
import { type RunningServer, startServer } from './support/server.js';
import { SiteVisitor, seededRandom } from './support/site-visitor.js';
import { JOURNEYS } from './support/solar-journeys.js';
import { type SolarSite, startSolarSite } from './support/solar-site.js';
import { SOLAR_PAGES } from './support/solar-site-pages.js';

/** The origin the owner's site would have on the web. */
const LIVE_ORIGIN = 'https://www.brightpath-solar.example';
/** Reading times and gestures repeat from run to run. */
const SEED = 20_261_124;
/** Beacons and scoring settle within a second or two of the last page. */
const SETTLE = { timeout: 20_000, interval: 250 };

let server: RunningServer;
let browser: Browser;
let site: SolarSite | undefined;
beforeAll(async () => {
  // A normal user agent on every request, beacons included (the server drops HeadlessChrome).
  [server, browser] = await Promise.all([startServer(), launchBrowser({ userAgent: DESKTOP_CHROME_UA })]);
});
afterAll(async () => {
  await site?.close();
  await browser?.close();
  await server?.stop();
});

describe('Brightpath Solar, a site that is not one of the simulator’s', () => {
  it('has pages typed as a person reading their addresses and titles would type them', () => {
    const typed = SOLAR_PAGES.map((p) => ({ path: p.path, type: typePage(p.path, p.title).type }));
    expect(typed).toEqual(SOLAR_PAGES.map((p) => ({ path: p.path, type: p.type })));
  });

  it('classifies seven scripted visitors, reading at human speed in Chromium, as the profiles they act out', async () => {
    const started = Date.now();
    // ── A new user: signs up, generates the snippet, pastes it into every page of the site ──
    const owner = await signUpOwner(server.url, 'Brightpath Solar');
    const generated = await owner.post(
      '/tracking/generate-script',
      { allowed_origins: [LIVE_ORIGIN] },
      trackingConfigSchema,
    );
    site = await startSolarSite(generated.snippet);
    const siteUrl = site.url;
    // The site's origin here is known once it is served: allowed too; the pasted snippet stays the same.
    const config = await owner.post(
      '/tracking/generate-script',
      { allowed_origins: [LIVE_ORIGIN, siteUrl] },
      trackingConfigSchema,
    );
    expect(config.snippet).toBe(generated.snippet);

    // ── The visitors, each in a browser of their own, all at once ──
    const visits = await Promise.all(
      JOURNEYS.map(async (journey, index) => {
        const context = await browser.newContext({ viewport: journey.viewport, locale: 'en-GB' });
        const page = await context.newPage();
        page.setDefaultTimeout(20_000);
        const visitor = new SiteVisitor(page, siteUrl, journey.style, seededRandom(SEED + index), journey.dwell);
        const from = Date.now();
        let visitorId: string | null = null;
        try {
          await journey.run(visitor);
          visitorId = await page.evaluate(() => localStorage.getItem('ri_vid'));
          // Leaving the site: the SDK sends the last page's summary by beacon.
          await visitor.leave();
        } finally {
          await context.close();
        }
        return {
          journey,
          visitorId,
          pages: visitor.pages,
          dwell: visitor.seconds,
          seconds: (Date.now() - from) / 1000,
        };
      }),
    );
    for (const visit of visits) {
      const steps = visit.pages.map((path, i) => `${path} ${visit.dwell[i]} s`);
      console.log(`${visit.journey.name} (${visit.seconds.toFixed(0)} s): ${steps.join(' → ')}`);
      expect(visit.visitorId, `${visit.journey.name} has a visitor id`).toBeTruthy();
    }

    // ── Every visit is one session, with all its pages and their summaries stored and scored ──
    const liveSessions = async () =>
      (
        await owner.get(
          '/analytics/digital-body-language-sessions?limit=200&time_filter=24h',
          liveSessionsResponseSchema,
        )
      ).sessions;
    const sessionOf = async (visitorId: string) => (await liveSessions()).filter((s) => s.visitor_id === visitorId);
    const summaries = async (sessionId: string) =>
      Number(
        (
          await server.database.executeSql(
            `select count(*)::int as n from tracking_events where session_id = $1 and type = 'page_hide'`,
            [sessionId],
          )
        ).rows[0]!.n,
      );
    const sessionIds = new Map<string, string>();
    for (const visit of visits) {
      await expect.poll(async () => (await sessionOf(visit.visitorId!)).length, SETTLE).toBe(1);
      const [session] = await sessionOf(visit.visitorId!);
      sessionIds.set(visit.journey.name, session!.session_id);
      await expect.poll(() => summaries(session!.session_id), SETTLE).toBe(visit.pages.length);
    }
    await server.ingest.drain();
    await server.scorer.drain();
    const sessions = await liveSessions();
    const expectedType = new Map(SOLAR_PAGES.map((p) => [p.path, p.type]));
    const outcomes: JourneyOutcome[] = [];
    for (const visit of visits) {
      const id = sessionIds.get(visit.journey.name)!;
      const session = sessions.find((s) => s.session_id === id)!;
      expect(session.page_views, `${visit.journey.name}'s page views`).toBe(visit.pages.length);
      const signals = await owner.get(`/tracking/sessions/${id}/behavioral-signals`, sessionBehavioralSignalsSchema);
      expect(signals.events_scored, `${visit.journey.name}: every stored event scored`).toBe(session.events_count);
      const journey = await owner.get(`/tracking/sessions/${id}/journey`, sessionJourneySchema);
      expect(journey.journey_path.map((step) => new URL(step.url).pathname)).toEqual(visit.pages);
      expect(journey.journey_path.map((step) => step.page_type)).toEqual(visit.pages.map((p) => expectedType.get(p)));
      const signal = (name: string) => signals.signals.find((s) => s.name === name)?.value ?? null;
      outcomes.push({
        name: visit.journey.name,
        intended: visit.journey.intended,
        result: await owner.get(`/tracking/sessions/${id}/neuromind-profile`, neuromindProfileResultSchema),
        pages: session.page_views,
        dwellPerPage: signal('dwell_per_page'),
        scrollVelocity: signal('scroll_velocity'),
      });
    }
    const fastMover = sessions.find((s) => s.session_id === sessionIds.get('fast-mover'))!;
    expect(fastMover.conversions, 'the Fast-Mover paid the deposit').toBeGreaterThan(0);

    console.log(profileTable(outcomes));

    // ── On screen: the owner sees the profile the API answers, in the list and in the details ──
    const shown = outcomes.find((o) => o.name === 'proof-driven')!.result;
    const ownerPage = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })
    ).newPage();
    ownerPage.setDefaultTimeout(15_000);
    await signIn(ownerPage, owner);
    await ownerPage.getByRole('navigation').first().getByRole('link', { name: 'Conversion Spy Engine' }).click();
    const row = ownerPage
      .locator('table tbody tr')
      .filter({ has: ownerPage.locator(`a[title="${shown.session_id}"]`) });
    // The profile badge: the profile's name, its meaning as the hover title, and the confidence. The server may
    // refold the session after the table above was read (a sweep, a newer baseline), moving the confidence by a
    // point, so the screen is compared with what the API answers at the moment it is read.
    const badge = (within: typeof row) => within.locator(`span[title^="${shown.neuromind_profile}:"]`).first();
    const showsWhatApiAnswers = async (within: typeof row) => {
      const now = await owner.get(
        `/tracking/sessions/${shown.session_id}/neuromind-profile`,
        neuromindProfileResultSchema,
      );
      const text = await badge(within).innerText();
      return new RegExp(`^${now.neuromind_profile}\\s+${Math.round(now.confidence * 100)}%`).test(text) ? 'same' : text;
    };
    await badge(row).waitFor();
    await expect.poll(() => showsWhatApiAnswers(row), SETTLE).toBe('same');
    await row.getByRole('button', { name: /^Details/ }).click();
    const details = ownerPage.getByRole('dialog', { name: 'Session Details' });
    await details.getByRole('tab', { name: 'Score & profile' }).click();
    const why = details
      .locator('section')
      .filter({ has: ownerPage.getByRole('heading', { name: 'Why this profile' }) });
    await badge(why).waitFor();
    expect(await showsWhatApiAnswers(why)).toBe('same');
    await screenshot(ownerPage, 'neuromind-journey-profile');
    console.log(`Test wall time before the profile assertions: ${((Date.now() - started) / 1000).toFixed(0)} s`);

    // ── Each visitor is the profile they acted out ──
    // Except the sceptic, a known miss (docs/neuromind.md, "Limits"): on this site they read the warranty's
    // terms twice, and time on a warranty block counts as guarantee attention, what a Reassurer looks at,
    // so the model leans Reassurer (60-74% in our runs). It must still see the sceptic in them (second most
    // likely) and never call them a Fast-Mover, the failure this test was written against.
    const exact = outcomes.filter((o) => o.intended !== 'Skeptic');
    expect(exact.length).toBeGreaterThanOrEqual(6);
    expect(Object.fromEntries(exact.map((o) => [o.name, o.result.neuromind_profile]))).toEqual(
      Object.fromEntries(exact.map((o) => [o.name, o.intended])),
    );
    const sceptic = outcomes.find((o) => o.intended === 'Skeptic')!.result;
    expect(sceptic.neuromind_profile).not.toBe('Fast-Mover');
    expect(sceptic.probabilities.slice(0, 2).map((p) => p.profile)).toContain('Skeptic');
  }, 330_000);
});

async function signIn(page: Page, owner: OwnerApi) {
  await page.goto(server.url);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}
