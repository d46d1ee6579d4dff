import type {
  Dashboard,
  DashboardGoals,
  DashboardSyncResult,
  SyncDashboardResponse,
  TaskStatusResponse,
} from '@ri/contracts';
import { type StripeSandbox, startStripeSandbox } from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, setUpTracking, signUp, type TestApp, wireBatch } from '../../test/harness.js';
import { ingestAndScore, pricingVisit, SHOP } from '../../test/visits.js';

// The main dashboard over a Stripe sandbox account (charges in USD and EUR settled in USD, refunds, disputes) and
// four tracked sessions, each figure against a value computed here from the source rows; goals; the header's sync.

const STRIPE_ACCOUNT = { customers: 40, charges: 400, days: 80 };
let stripe: StripeSandbox;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = owner.token) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const dashboard = async (days = 30, token = owner.token) => {
  const res = await call('GET', `/analytics/dashboard?days=${days}`, undefined, token);
  expect(res.statusCode).toBe(200);
  return res.json() as Dashboard;
};

type Txn = { created: number; amount: number; reporting_category: string; currency: string };
const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Net revenue and orders from the sandbox's own balance transactions over UTC days [first, last]. */
function expectedMoney(first: string, last: string) {
  let net = 0;
  let orders = 0;
  for (const txn of [...stripe.state.account().all('balance_transactions')] as unknown as Txn[]) {
    const day = utcDay(txn.created * 1000);
    if (day < first || day > last) continue;
    if (['charge', 'refund', 'refund_failure', 'dispute', 'dispute_reversal'].includes(txn.reporting_category)) {
      net += txn.amount;
    }
    if (txn.reporting_category === 'charge' && txn.amount > 0) orders++;
  }
  return { net: net / 100, orders };
}

beforeAll(async () => {
  stripe = await startStripeSandbox({ seed: 11, now: Math.floor(Date.now() / 1000) - 60, accounts: [STRIPE_ACCOUNT] });
  t = await createTestApp({ SYNC_SLICE_SECONDS: '5' });
  owner = await signUp(t);
  other = await signUp(t);
  const trackingId = await setUpTracking(t, owner.token);
  await t.integrations.connectSandbox({
    provider: 'stripe',
    businessId: owner.businessId,
    baseUrl: stripe.url,
    body: { secretKey: stripe.secretKey, publishableKey: undefined },
  });
  await t.syncRunner.drain();
  await ingestAndScore(t, [
    // Direct, two pages, a rage click: engaged, with friction.
    ...pricingVisit(trackingId, crypto.randomUUID(), crypto.randomUUID()),
    // From a Google ad, one page and gone: a bounce.
    wireBatch(trackingId, [{ type: 'page_view', url: `${SHOP}/?gclid=g1` }], {}, { gclid: 'g1', utm_medium: 'cpc' }),
    // From a Meta ad, one page and a purchase: converted, not a bounce.
    wireBatch(
      trackingId,
      [
        { type: 'page_view', url: `${SHOP}/boots?fbclid=f1` },
        { type: 'conversion', url: `${SHOP}/thanks`, data: { name: 'purchase', value: 120, currency: 'usd' } },
      ],
      {},
      { fbclid: 'f1', utm_source: 'facebook', utm_medium: 'paid_social' },
    ),
    // Direct, two pages.
    wireBatch(trackingId, [
      { type: 'page_view', url: `${SHOP}/` },
      { type: 'page_view', url: `${SHOP}/about` },
    ]),
  ]);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

describe('the dashboard', () => {
  it('counts net revenue, orders and order value from the balance transactions, both currencies in one', async () => {
    const d = await dashboard(30);
    const now = Date.now();
    const current = expectedMoney(utcDay(now - 29 * DAY_MS), utcDay(now));
    const previous = expectedMoney(utcDay(now - 59 * DAY_MS), utcDay(now - 30 * DAY_MS));
    const charges = [...stripe.state.account().all('charges')] as unknown as { currency: string }[];
    expect(new Set(charges.map((c) => c.currency))).toEqual(new Set(['usd', 'eur']));
    expect(d.currency).toBe('USD');
    expect(d.structural_tension.current_revenue).toBeCloseTo(current.net, 2);
    expect(d.figures['structural_tension.current_revenue']!.previous).toBeCloseTo(previous.net, 2);
    expect(d.structural_tension.current_aov).toBeCloseTo(current.net / current.orders, 2);
    expect(d.metric_intelligence.aov).toBe(d.structural_tension.current_aov);
    expect(d.series.reduce((s, day) => s + (day.orders ?? 0), 0)).toBe(current.orders);
    expect(d.series.reduce((s, day) => s + (day.revenue ?? 0), 0)).toBeCloseTo(current.net, 1);
    expect(d.figures['structural_tension.current_revenue']!.source).toMatch(/Stripe balance transactions in USD/);
  });

  it('includes refunds and disputes: revenue is below the charges settled', async () => {
    const txns = [...stripe.state.account().all('balance_transactions')] as unknown as Txn[];
    expect(txns.some((x) => x.reporting_category === 'refund')).toBe(true);
    const d = await dashboard(90);
    const now = Date.now();
    const gross =
      txns
        .filter((x) => x.reporting_category === 'charge' && utcDay(x.created * 1000) >= utcDay(now - 89 * DAY_MS))
        .reduce((s, x) => s + x.amount, 0) / 100;
    expect(d.structural_tension.current_revenue!).toBeLessThan(gross);
    expect(d.structural_tension.current_revenue).toBeCloseTo(
      expectedMoney(utcDay(now - 89 * DAY_MS), utcDay(now)).net,
      2,
    );
  });

  it('computes the session figures from the tracked sessions', async () => {
    const d = await dashboard(7);
    const { rows } = await t.database.executeSql(
      `SELECT count(*) AS n, sum(extract(epoch FROM last_event_at - started_at)) AS seconds, sum(rage_clicks) AS rage
         FROM tracking_sessions WHERE business_id = $1`,
      [owner.businessId],
    );
    expect(Number(rows[0]!.n)).toBe(4);
    expect(d.metric_intelligence.cvr).toBe(25); // 1 of 4 converted
    expect(d.structural_tension.current_cvr).toBe(25);
    expect(d.behavior_intelligence.bounce_rate).toBe(25); // the Google visitor's single page
    expect(d.copy_intelligence.friction_analysis).toBe(25); // the rage click
    expect(d.copy_intelligence.message_resonance).toBe(50); // of the two ad visitors, the buyer stayed
    expect(d.behavior_intelligence.friction_points).toBe(Number(rows[0]!.rage));
    expect(d.behavior_intelligence.avg_session_duration).toBeCloseTo(Number(rows[0]!.seconds) / 4, 1);
    expect(d.readiness_score).not.toBeNull();
    expect(d.series.at(-1)!.sessions).toBe(4);
  });

  it('says why ad figures are unknown in a window with no ad platform, and never defaults them', async () => {
    const d = await dashboard(30);
    expect(d.ad_intelligence).toEqual({
      ad_spend: null,
      impressions: null,
      clicks: null,
      conversions: null,
      ctr: null,
    });
    expect(d.metric_intelligence.roas).toBeNull();
    expect(d.metric_intelligence.mer).toBeNull();
    expect(d.figures['ad_intelligence.ad_spend']!.reason).toMatch(/connect/i);
    expect(d.figures['metric_intelligence.mer']!.reason).toBeTruthy();
    expect(d.series.every((day) => day.ad_spend === null)).toBe(true);
    expect(d.trends.spend_trend.direction).toBe('neutral');
  });

  it('shows another business nothing of this one', async () => {
    const d = await dashboard(30, other.token);
    expect(d.structural_tension.current_revenue).toBeNull();
    expect(d.figures['structural_tension.current_revenue']!.reason).toBe('Connect Stripe to see revenue.');
    expect(d.metric_intelligence.cvr).toBeNull();
    expect(d.series.every((day) => day.sessions === 0)).toBe(true);
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/dashboard',
      headers: { ...bearer(other.token), 'x-business-id': owner.businessId },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('rejects a window it cannot read, naming the field', async () => {
    for (const days of ['0', '400', 'week']) {
      const res = await call('GET', `/analytics/dashboard?days=${days}`);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(/days/);
    }
  });
});

describe('goals', () => {
  it('are set by the owner, prorated to the window, and named with who set them', async () => {
    const put = await call('PUT', '/analytics/goals', {
      monthly_revenue: 30_000,
      conversion_rate: 3.5,
      average_order_value: 80,
    });
    expect(put.statusCode).toBe(200);
    const goals = put.json() as DashboardGoals;
    expect(goals).toMatchObject({
      monthly_revenue: 30_000,
      conversion_rate: 3.5,
      average_order_value: 80,
      currency: 'USD',
    });
    expect(goals.updated_by).toBeTruthy();
    const d = await dashboard(7);
    expect(d.structural_tension.goal_revenue).toBe(7_000);
    expect(d.structural_tension.goal_cvr).toBe(3.5);
    expect((await dashboard(30)).structural_tension.goal_revenue).toBe(30_000);
    const cleared = await call('PUT', '/analytics/goals', {
      monthly_revenue: null,
      conversion_rate: 3.5,
      average_order_value: 80,
    });
    expect(cleared.json().monthly_revenue).toBeNull();
    expect((await dashboard(30)).figures['structural_tension.goal_revenue']!.reason).toMatch(/No goal set/);
  });

  it('rejects a bad goal naming the field and changes nothing', async () => {
    const before = (await call('GET', '/analytics/goals')).json();
    const res = await call('PUT', '/analytics/goals', {
      monthly_revenue: 10,
      conversion_rate: 120,
      average_order_value: 5,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/conversion_rate/);
    expect((await call('GET', '/analytics/goals')).json()).toEqual(before);
  });

  it("are each business's own", async () => {
    expect((await call('GET', '/analytics/goals', undefined, other.token)).json().monthly_revenue).toBeNull();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/analytics/goals',
      headers: { ...bearer(other.token), 'x-business-id': owner.businessId },
      payload: { monthly_revenue: 1, conversion_rate: 1, average_order_value: 1 },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the header sync', () => {
  it('syncs the integrations and recalculates, with progress, to completion', async () => {
    const status = await call('GET', '/sync/status');
    expect(status.json()).toMatchObject({ sync_available: true, connected_sources: 1 });
    const started = await call('POST', '/analytics/sync-dashboard');
    expect(started.statusCode).toBe(202);
    const reply = started.json() as SyncDashboardResponse;
    expect(reply.status).toBe('in_progress');
    expect(reply.endpoints_recalculating).toContain('/analytics/dashboard');
    let task: TaskStatusResponse | undefined;
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) {
      task = (await call('GET', `/analytics/task-status/${reply.task_id}`)).json() as TaskStatusResponse;
      seen.add(task.progress.current_step);
      if (task.status === 'completed' || task.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(task!.status).toBe('completed');
    const result = task!.result as DashboardSyncResult;
    expect(result.integrations).toEqual([expect.objectContaining({ provider: 'stripe', status: 'completed' })]);
    expect(result.endpoints_recalculated).toEqual(reply.endpoints_recalculating);
    expect(task!.progress).toMatchObject({ percentage: 100, completed: reply.endpoints_recalculating.length });
    expect((await call('GET', `/analytics/task-status/${reply.task_id}`, undefined, other.token)).statusCode).toBe(404);
  }, 120_000);

  it('clears the caches and rebuilds the rollups on request', async () => {
    const res = await call('POST', '/analytics/cache-invalidate');
    expect(res.json()).toEqual({ frontend_cleared: true, backend_cleared: true });
    expect((await dashboard(7)).metric_intelligence.cvr).toBe(25);
  });
});
