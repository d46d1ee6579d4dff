import { readFile } from 'node:fs/promises';
import {
  behavioralSignalsResponseSchema,
  engagementActionsResponseSchema,
  type LiveSession,
  liveSessionsResponseSchema,
  sessionJourneySchema,
  trackingConfigSchema,
} from '@ri/contracts';
import { getPage, runSimulation } from '@ri/simulator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP_CHROME_UA, launchBrowser, screenshot } from './support/browser.js';
import { type OwnerApi, signUpOwner } from './support/owner-api.js';
import { shownCards, shownSessions, watchedRows, watchLiveRows } from './support/screen-reading.js';
import { type RunningServer, startServer } from './support/server.js';
import { startTestSite, type TestSite } from './support/test-site.js';

/** The simulated shop's origin; the real browser's visits come from the local test site. */
const SIM_ORIGIN = 'https://trail-shop.example';
/** Few visitors, fast: the journey is about what the screens show, not about load. */
const VISITORS = 8;
/** Spec doc 2, sections 3 and 9: the sessions export's nine columns, in the Session entity's terms. */
const EXPORT_HEADER = [
  'Session ID',
  'Profile',
  'Readiness Score',
  'Conversion Probability',
  'Scroll Velocity (px/s)',
  'CTA Hover Time (s)',
  'Source',
  'Device',
  'Status',
];
/** Live pushes land within a second or two; the screen's fallback poll is every 30 s, so waits stay below it. */
const LIVE = { timeout: 15_000, interval: 200 };

let server: RunningServer;
let browser: Browser;
let site: TestSite | undefined;
beforeAll(async () => {
  // Each simulated visitor sends an X-Forwarded-For address of its own, as real visitors come from their
  // own addresses; the visitor's browser gets a normal user agent (the server drops HeadlessChrome).
  [server, browser] = await Promise.all([
    startServer({ TRUST_PROXY: '1' }),
    launchBrowser({ userAgent: DESKTOP_CHROME_UA }),
  ]);
});
afterAll(async () => {
  await site?.close();
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page, owner: OwnerApi) {
  await page.goto(server.url);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}

const readinessText = (session: LiveSession | undefined) =>
  session?.readiness_score === undefined ? 'Not scored yet' : session.readiness_score.toFixed(1);

it('shows simulated and real visitors live on the Conversion Spy Engine, and their signals on the Signal Graph', async () => {
  // ── A fresh install: an owner, a tracking script, a site with the snippet pasted in ──
  const owner = await signUpOwner(server.url, 'Northwind Trail Co.');
  // A short flush interval so that the real visitor's actions reach the server within about a second.
  const customization = { batchSize: 10, flushInterval: 1000, sessionTimeout: 1_800_000 };
  const generated = await owner.post(
    '/tracking/generate-script',
    { customization, allowed_origins: [SIM_ORIGIN] },
    trackingConfigSchema,
  );
  site = await startTestSite(generated.snippet);
  const siteUrl = site.url;
  // The site's origin is known once it is served: allow it too. The pasted snippet stays the same.
  const config = await owner.post(
    '/tracking/generate-script',
    { customization, allowed_origins: [SIM_ORIGIN, siteUrl] },
    trackingConfigSchema,
  );
  expect(config.snippet).toBe(generated.snippet);
  expect(config.allowed_origins).toEqual([SIM_ORIGIN, siteUrl]);

  const liveSessions = async () =>
    owner.get('/analytics/digital-body-language-sessions?limit=200&time_filter=24h', liveSessionsResponseSchema);
  const storedSession = async (id: string) => (await liveSessions()).sessions.find((s) => s.session_id === id);

  // ── The owner signs in and opens the Conversion Spy Engine before any visitor came ──
  // Reduced motion stills the Live indicator's endless pulse, so that screenshots can wait for a settled page.
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await ownerContext.newPage();
  page.setDefaultTimeout(10_000);
  await signIn(page, owner);
  await page.getByRole('navigation').first().getByRole('link', { name: 'Conversion Spy Engine' }).click();
  await page.getByRole('heading', { name: 'Digital Body Language™' }).waitFor();
  await page.getByRole('heading', { name: 'No visitor sessions yet' }).waitFor();
  await page.getByText('No sessions were recorded in the last 24 hours.').waitFor();
  // Connected to the live stream before any traffic, so that no push is missed.
  await page
    .getByRole('status')
    .filter({ hasText: /^Live$/ })
    .waitFor();
  const empty = await liveSessions();
  expect(empty.total).toBe(0);
  expect((await shownCards(page))['Active Sessions']?.value).toBe(String(empty.summary.active_sessions));
  await screenshot(page, 'spy-engine-before-traffic');
  await watchLiveRows(page);

  // ── Traffic, with the page left open: the simulator's visitors, and a person in a real browser ──
  const simulation = runSimulation({
    baseUrl: server.url,
    trackingId: config.trackingId,
    origin: SIM_ORIGIN,
    visitors: VISITORS,
    ratePerSecond: 4,
    concurrency: 4,
    seed: 42,
  });
  // Awaited further down; a failure meanwhile is reported there, not as an unhandled rejection.
  simulation.catch(() => {});

  const visitorContext = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${siteUrl}/`);
  await visitor.waitForFunction(() => {
    // Booted: the snippet's queueing stub (which carries c and q) has been replaced by the SDK's API.
    const ri = (window as unknown as { RI?: ((...a: unknown[]) => void) & { c?: unknown; q?: unknown } }).RI;
    return typeof ri === 'function' && !ri.c && !ri.q;
  });
  await visitor.mouse.move(600, 300);
  await visitor.mouse.wheel(0, 700);
  // The visitor's session is the one that began on the test site.
  const sessionsFromSite = async () =>
    (
      await server.database.executeSql('select id from tracking_sessions where first_url like $1', [`${siteUrl}/%`])
    ).rows.map((row) => String(row.id));
  await expect.poll(sessionsFromSite, LIVE).toHaveLength(1);
  const [realId] = (await sessionsFromSite()) as [string];

  // The visitor's row appears, scored as the server scored it.
  const realRow = async () => {
    const session = await storedSession(realId);
    const shown = (await shownSessions(page)).find((s) => s.id === realId)?.readiness;
    return { shown, stored: readinessText(session), conversions: session?.conversions ?? 0 };
  };
  let scoreBefore = '';
  await expect.poll(realRow, LIVE).toSatisfy(({ shown, stored }) => {
    scoreBefore = stored;
    return shown === stored && stored !== 'Not scored yet';
  });

  // The visitor goes on: hovers Buy now, opens the pricing page, adds to cart and buys; the site's own
  // script reports the purchase (RI('conversion'), as a checkout page does).
  await visitor.hover('#buy');
  await visitor.click('#to-pricing');
  await visitor.waitForURL('**/pricing');
  await visitor.click('#add');
  await visitor.evaluate(() =>
    (window as unknown as { RI: (...a: unknown[]) => void }).RI('conversion', {
      name: 'purchase',
      value: 129,
      currency: 'EUR',
    }),
  );
  // The same row moves to the score the purchase earned, on screen, still without a reload.
  let scoreAfter = '';
  // Ingestion counts the conversion first and the scorer rescores right after: a converted session reads
  // 100 (it is certain), so wait for that score, on screen as in the API.
  await expect.poll(realRow, LIVE).toSatisfy(({ shown, stored, conversions }) => {
    scoreAfter = stored;
    return conversions > 0 && stored === '100.0' && shown === stored;
  });
  expect(scoreAfter).not.toBe(scoreBefore);
  console.log(`Real visitor's readiness on screen: ${scoreBefore} → ${scoreAfter}`);

  const result = await simulation;
  expect(result.errors).toEqual([]);
  expect(result.eventsLost).toBe(0);
  expect(result.sessions).toHaveLength(VISITORS);
  // The visitor leaves: the SDK sends the pricing page's summary (page_hide) by beacon. Once it is stored
  // and scored, nothing is in flight any more.
  await visitor.goto('about:blank');
  const leftPricing = async () =>
    (
      await server.database.executeSql(
        `select count(*)::int as n from tracking_events where session_id = $1 and type = 'page_hide' and url = $2`,
        [realId, `${siteUrl}/pricing`],
      )
    ).rows[0]!.n;
  await expect.poll(leftPricing, LIVE).toBe(1);
  await visitorContext.close();
  await server.ingest.drain();
  await server.scorer.drain();

  // Every session is on screen with the score the server holds, and the cards say what the server says.
  const stored = await liveSessions();
  const inDb = await server.database.executeSql('select count(*)::int as n from tracking_sessions');
  expect(stored.total).toBe(Number(inDb.rows[0]!.n));
  expect(stored.total).toBe(VISITORS + 1);
  const expectedRows = stored.sessions.map((s) => ({ id: s.session_id, readiness: readinessText(s) }));
  const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
  await expect.poll(async () => (await shownSessions(page)).sort(byId), LIVE).toEqual(expectedRows.sort(byId));
  const { summary } = stored;
  expect(summary.avg_readiness_score).not.toBeNull();
  expect(summary.avg_conversion_probability).not.toBeNull();
  const cards = await shownCards(page);
  expect(cards['Active Sessions']?.value).toBe(String(summary.active_sessions));
  expect(cards['Active Sessions']?.description).toBe(`of ${summary.sessions} sessions in the last 24 hours`);
  expect(cards['Avg Readiness Score']?.value).toBe(summary.avg_readiness_score?.toFixed(1));
  expect(cards['High-Intent Users']?.value).toBe(String(summary.high_intent_users));
  expect(cards['Conversion Probability']?.value).toBe(`${(summary.avg_conversion_probability! * 100).toFixed(1)}%`);

  // All of it arrived while the page stayed open: the watch kept in the page survived, and saw each row
  // come in, the real visitor's with both of its scores.
  const watched = await watchedRows(page);
  expect(watched, 'the page was reloaded').toBeDefined();
  expect(Object.keys(watched!).sort()).toEqual(expectedRows.map((r) => r.id).sort());
  expect(watched![realId]?.readiness).toContain(scoreBefore);
  expect(watched![realId]?.readiness.at(-1)).toBe(scoreAfter);
  // The simulated visitors' scores moved on screen too, as their batches came in and were rescored.
  const simulatedIds = new Set(result.sessions.map((s) => s.sessionId));
  const rescored = Object.entries(watched!).filter(
    ([id, row]) => simulatedIds.has(id) && row.readiness.filter((shown) => /\d/.test(shown)).length > 1,
  );
  console.log(`Simulated sessions shown with two or more scores in turn: ${rescored.length} of ${VISITORS}`);
  expect(rescored.length).toBeGreaterThan(0);
  await screenshot(page, 'spy-engine-live');

  // ── Details: the journey path is the pages the simulated visitor actually went through ──
  const longest = [...result.results].sort((a, b) => b.pages.length - a.pages.length)[0]!;
  const detailsId = longest.sessionIds[0]!;
  const detailsRow = page.locator('table tbody tr').filter({ has: page.locator(`a[title="${detailsId}"]`) });
  await detailsRow.getByRole('button', { name: /^Details/ }).click();
  const details = page.getByRole('dialog', { name: 'Session Details' });
  const path = details.getByRole('list', { name: 'Journey path' }).getByRole('listitem');
  await expect.poll(() => path.count()).toBe(longest.pages.length);
  const shownPath = await path.evaluateAll((items) =>
    items.map((li) => ({
      title: li.querySelector('p span')?.textContent ?? '',
      url: (li.querySelector('a') ?? li.querySelector('p.break-all'))?.textContent ?? '',
    })),
  );
  expect(shownPath.map((step) => step.title)).toEqual(longest.pages.map((p) => getPage(p).title));
  expect(shownPath.map((step) => new URL(step.url).pathname)).toEqual(longest.pages);
  expect(shownPath.every((step) => step.url.startsWith(`${SIM_ORIGIN}/`))).toBe(true);
  const journey = await owner.get(`/tracking/sessions/${detailsId}/journey`, sessionJourneySchema);
  expect(shownPath.map((step) => step.url)).toEqual(journey.journey_path.map((step) => step.url));
  await screenshot(page, 'spy-engine-session-details');
  await page.keyboard.press('Escape');
  await details.waitFor({ state: 'detached' });

  // ── Engage: offered exactly on the high-intent rows; recorded, and it says nothing reached the site ──
  const highIntent = stored.sessions.filter((s) => (s.readiness_score ?? 0) >= 80).map((s) => s.session_id);
  expect(highIntent).toContain(realId);
  const engageRows = page.locator('table tbody tr').filter({ has: page.getByRole('button', { name: 'Engage' }) });
  const offered = await engageRows.evaluateAll((rows) =>
    rows.map((r) => r.querySelector('a[title]')?.getAttribute('title')),
  );
  expect(offered.sort()).toEqual([...highIntent].sort());
  const engageRow = page.locator('table tbody tr').filter({ has: page.locator(`a[title="${realId}"]`) });
  await engageRow.getByRole('button', { name: 'Engage' }).click();
  const status = engageRow.getByRole('status');
  await status.getByText('Recorded', { exact: true }).waitFor();
  const { actions } = await owner.get(`/engagement/actions?session_id=${realId}`, engagementActionsResponseSchema);
  expect(actions).toHaveLength(1);
  const action = actions[0]!;
  expect(action).toMatchObject({ kind: 'engage', status: 'recorded', session_id: realId });
  expect(action.status_detail).toMatch(/on-site delivery to the visitor is not set up yet/i);
  await status.getByText(action.status_detail).waitFor();

  // After a reload the action is still there, in the session's engagement history.
  await page.reload();
  await engageRow.getByRole('button', { name: /^Details/ }).click();
  await details.getByRole('tab', { name: 'Score & profile' }).click();
  const history = details.locator('section').filter({ has: page.getByRole('heading', { name: 'Engagement history' }) });
  await history.getByText(`${action.title} · Recorded`).waitFor();
  await history.getByText(action.status_detail).waitFor();
  await page.keyboard.press('Escape');
  await details.waitFor({ state: 'detached' });

  // ── Export Insights: a CSV of the sessions with the spec's nine columns ──
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Insights' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^digital-body-language-sessions-24h-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), 'utf8')).split('\r\n');
  expect(lines[0]!.split(',')).toEqual(EXPORT_HEADER);
  const exported = lines.slice(1).map((line) => line.split(','));
  const afterExport = await liveSessions();
  expect(exported.map((cells) => cells[0]).sort()).toEqual(afterExport.sessions.map((s) => s.session_id).sort());
  for (const session of afterExport.sessions) {
    const cells = exported.find((c) => c[0] === session.session_id)!;
    expect(cells[1]).toBe(session.neuromind_profile ?? '');
    expect(cells[2]).toBe(session.readiness_score === undefined ? '' : String(session.readiness_score));
    expect(cells[8]).toBe(session.end_time ? 'Completed' : 'Live');
  }

  // ── The Behavioral Signal Graph: the same sessions, analysed ──
  await page.getByRole('navigation').first().getByRole('link', { name: 'Behavioral Signals' }).click();
  await page.getByRole('heading', { name: 'Behavioral Signal Graph' }).waitFor();
  await page.getByRole('heading', { name: 'Signal Strength Matrix' }).waitFor();
  const graph = await owner.get('/analytics/behavioral-signals?time_range=24h', behavioralSignalsResponseSchema);
  const scoredInDb = await server.database.executeSql('select count(*)::int as n from session_intelligence');
  expect(graph.sessions_analyzed).toBe(Number(scoredInDb.rows[0]!.n));
  expect(graph.sessions_analyzed).toBe(VISITORS + 1);
  const graphCards = await shownCards(page);
  expect(graphCards).toEqual({
    'Active Signals': {
      value: String(graph.summary.active_signals),
      description: `from ${graph.sessions_analyzed} sessions analysed`,
    },
    'Pattern Matches': {
      value: String(graph.summary.pattern_matches),
      description: `across ${graph.patterns.length} patterns`,
    },
    'High Impact Signals': {
      value: String(graph.summary.high_impact_signals),
      description: `of ${graph.signals.length} signals`,
    },
    'Signal Flows': { value: String(graph.summary.signal_flows), description: 'transitions in the last 24 hours' },
  });

  // The matrix lists every signal the server found, under its type.
  expect(graph.signals.length).toBeGreaterThan(0);
  for (const [type, label] of [
    ['engagement', 'Engagement'],
    ['intent', 'Intent'],
    ['hesitation', 'Hesitation'],
    ['friction', 'Friction'],
  ] as const) {
    const expected = graph.signals.filter((s) => s.type === type).map((s) => s.name.replaceAll('_', ' '));
    const shown = await page
      .getByRole('list', { name: `${label} signals` })
      .locator('h4')
      .allTextContents();
    expect(shown.map((name) => name.toLowerCase()).sort(), `${label} signals`).toEqual(expected.sort());
  }

  // A pattern card opens to its analysis, and closes again.
  expect(graph.patterns.length).toBeGreaterThan(0);
  const pattern = graph.patterns[0]!;
  const card = page
    .locator('article')
    .filter({ has: page.getByText(pattern.name, { exact: true }) })
    .getByRole('button');
  await expect.poll(() => card.getAttribute('aria-expanded')).toBe('false');
  await card.click();
  await expect.poll(() => card.getAttribute('aria-expanded')).toBe('true');
  await page.getByText(pattern.description).waitFor();
  await screenshot(page, 'signal-graph-after-traffic');
  await card.click();
  await page.getByText(pattern.description).waitFor({ state: 'hidden' });
});
