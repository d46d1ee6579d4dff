import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  ActionList,
  MarketInsights,
  RecommendationList,
  RevenueSimulation,
  RevenueSimulations,
  StrategyAction,
} from '@ri/contracts';
import { type StripeSandbox, startStripeSandbox } from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, setUpTracking, signUp, type TestApp } from '../../test/harness.js';
import { neuromindModelInUse } from '../scoring/index.js';

// The Revenue Strategist over a Stripe sandbox account and sessions stored as the scorer leaves them (ready
// visitors who do not buy, buyers): recommendations saved and regenerated without duplicates, a language model's
// rewrite kept only when its numbers are in the evidence, actions moved through their statuses and measured,
// simulations, market figures from competitor prices, and tenancy.

const STRIPE_ACCOUNT = { customers: 60, charges: 900, days: 150 };
let stripe: StripeSandbox;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

/** A stand-in OpenAI-compatible provider: rewords with the original numbers, or invents one when told to. */
let llm: Server;
let llmMode: 'faithful' | 'invent' = 'faithful';
const llmRequests: { model: string; auth: string | undefined }[] = [];

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = owner.token) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

/**
 * Sessions as the scorer stores them: `n` over the last days with this readiness, `converted` of them converting,
 * profiled by the model in use (else the scoring sweep would refold them from their events, of which they have none,
 * while a test reads them).
 */
async function seedSessions(trackingId: string, n: number, readiness: number, converted: number) {
  await t.database.executeSql(
    `WITH s AS (
       INSERT INTO tracking_sessions (business_id, id, tracking_id, visitor_id, timeout_ms, started_at, last_event_at,
                                      page_views, conversions, traffic_source)
       SELECT $1, gen_random_uuid(), $2, gen_random_uuid(), 1800000, now() - (g % 20) * interval '1 day' - interval '1 hour',
              now() - (g % 20) * interval '1 day' - interval '50 minutes', 3, CASE WHEN g <= $5 THEN 1 ELSE 0 END, 'direct'
         FROM generate_series(1, $3) AS g
       RETURNING business_id, id)
     INSERT INTO session_intelligence (business_id, session_id, signal_state, journey_state, flow_state, signals,
                                       readiness_score, conversion_probability, neuromind_profile, profile_model)
     SELECT business_id, id, '{}', '{}', '{}', '{}', $4::float8, $4::float8 / 100.0 * 0.75, 'Skeptic', $6 FROM s`,
    [owner.businessId, trackingId, n, readiness, converted, neuromindModelInUse()],
  );
}

beforeAll(async () => {
  llm = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; messages: { role: string; content: string }[] };
      llmRequests.push({ model: body.model, auth: req.headers.authorization });
      const original = JSON.parse(body.messages.at(-1)!.content).recommendation as {
        title: string;
        description: string;
        action_steps: string[];
      };
      const rewrite =
        llmMode === 'faithful'
          ? { ...original, title: `In short: ${original.title}` }
          : { ...original, title: `${original.title}: worth 987,654 dollars` };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify(rewrite) } }] }));
    });
  });
  await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
  stripe = await startStripeSandbox({ seed: 3, now: Math.floor(Date.now() / 1000) - 60, accounts: [STRIPE_ACCOUNT] });
  t = await createTestApp({
    SYNC_SLICE_SECONDS: '5',
    LLM_BASE_URL: `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`,
    LLM_API_KEY: 'sk-test-stand-in',
    LLM_MODEL: 'stand-in-model',
  });
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
  // 60 ready visitors (readiness 90), 3 of whom bought; 40 others, 12 of whom bought.
  await seedSessions(trackingId, 60, 90, 3);
  await seedSessions(trackingId, 40, 40, 12);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await new Promise((r) => llm?.close(r));
});

describe('recommendations', () => {
  it('are empty before the first generation, then found, cited and saved', async () => {
    const before = (await call('GET', '/analytics/strategic-recommendations')).json() as RecommendationList;
    expect(before).toMatchObject({ recommendations: [], last_generated: null });
    const res = await call('POST', '/analytics/generate-strategic-insights');
    expect(res.statusCode).toBe(200);
    const list = res.json() as RecommendationList;
    const ready = list.recommendations.find((r) => r.rule === 'ready_not_converting');
    expect(ready, JSON.stringify(list.skipped)).toBeDefined();
    expect(ready!.evidence).toEqual(expect.arrayContaining([expect.objectContaining({ sample_size: 60 })]));
    expect(ready!.confidence).toBeGreaterThan(0);
    expect(ready!.confidence).toBeLessThan(1);
    expect(ready!.lift_method).toMatch(/60/);
    // No ad platform: the ad rules say what they lack.
    expect(list.skipped.map((s) => s.rule)).toEqual(
      expect.arrayContaining([expect.stringMatching(/campaign|creative/)]),
    );
    const saved = (await call('GET', '/analytics/strategic-recommendations?limit=20')).json() as RecommendationList;
    expect(saved.recommendations.map((r) => r.id)).toEqual(list.recommendations.map((r) => r.id).slice(0, 20));
    expect(saved.last_generated).not.toBeNull();
  });

  it('keeps a language model rewrite whose numbers are the evidence, and the engine text when it invents one', async () => {
    llmMode = 'faithful';
    const faithful = (await call('POST', '/strategy/recommendations', { days: 30 })).json() as RecommendationList;
    const reworded = faithful.recommendations.find((r) => r.rule === 'ready_not_converting')!;
    expect(reworded.wording).toBe('model');
    expect(reworded.title).toMatch(/^In short: /);
    expect(llmRequests.at(-1)).toEqual({ model: 'stand-in-model', auth: 'Bearer sk-test-stand-in' });

    llmMode = 'invent';
    const invented = (await call('POST', '/strategy/recommendations', { days: 30 })).json() as RecommendationList;
    const kept = invented.recommendations.find((r) => r.rule === 'ready_not_converting')!;
    expect(kept.wording).toBe('engine');
    expect(kept.title).not.toMatch(/987,654/);
    // Regenerating updates by id: one recommendation per rule and subject, first seen when it first was.
    expect(new Set(invented.recommendations.map((r) => r.id)).size).toBe(invented.recommendations.length);
    expect(kept.first_generated_at).toBe(reworded.first_generated_at);
  });

  it('filters by category and rejects a bad query or window naming the field', async () => {
    const conversion = (await call('GET', '/analytics/strategic-recommendations?category=conversion')).json();
    expect(conversion.recommendations.every((r: { category: string }) => r.category === 'conversion')).toBe(true);
    const badCategory = await call('GET', '/analytics/strategic-recommendations?category=magic');
    expect(badCategory.statusCode).toBe(400);
    expect(JSON.stringify(badCategory.json())).toMatch(/category/);
    const badDays = await call('POST', '/strategy/recommendations', { days: 12 });
    expect(badDays.statusCode).toBe(400);
    expect(JSON.stringify(badDays.json())).toMatch(/days/);
  });
});

describe('small compounding actions', () => {
  let action: StrategyAction;

  it('are derived from the recommendations as suggestions', async () => {
    const { actions } = (await call('GET', '/strategy/small-compounding-actions')).json() as ActionList;
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((a) => a.status === 'suggested' && a.history.length === 0)).toBe(true);
    action = actions[0]!;
    expect(action.leverage_ratio).toBeCloseTo(action.impact_score / Math.max(1, action.effort_score), 5);
  });

  it('move through their statuses with who and when, and refuse a move that cannot follow', async () => {
    const started = await call('PATCH', `/strategy/small-compounding-actions/${encodeURIComponent(action.id)}`, {
      status: 'in_progress',
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'in_progress', status_changed_by: expect.any(String) });
    const completed = (
      await call('PATCH', `/strategy/small-compounding-actions/${encodeURIComponent(action.id)}`, {
        status: 'completed',
      })
    ).json() as StrategyAction;
    expect(completed.status).toBe('completed');
    expect(completed.history.map((h) => h.status)).toEqual(['in_progress', 'completed']);
    // Completed today: the days after it are still to come.
    expect(completed.outcome).toMatchObject({ verdict: expect.stringMatching(/waiting|too_little_data/) });
    const back = await call('PATCH', `/strategy/small-compounding-actions/${encodeURIComponent(action.id)}`, {
      status: 'suggested',
    });
    expect(back.statusCode).toBe(409);
    const unknown = await call('PATCH', '/strategy/small-compounding-actions/nope%23a', { status: 'dismissed' });
    expect(unknown.statusCode).toBe(404);
    const bad = await call('PATCH', `/strategy/small-compounding-actions/${encodeURIComponent(action.id)}`, {
      status: 'finished',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('are created in progress by Implement, once', async () => {
    const { recommendations } = (
      await call('GET', '/analytics/strategic-recommendations')
    ).json() as RecommendationList;
    const rec = recommendations.find((r) => r.status === 'open')!;
    const first = (await call('POST', `/strategy/recommendations/${encodeURIComponent(rec.id)}/implement`)).json();
    expect(first.actions.length).toBeGreaterThan(0);
    expect(first.actions.every((a: StrategyAction) => ['in_progress', 'completed'].includes(a.status))).toBe(true);
    const again = (await call('POST', `/strategy/recommendations/${encodeURIComponent(rec.id)}/implement`)).json();
    expect(again.actions.map((a: StrategyAction) => a.id)).toEqual(first.actions.map((a: StrategyAction) => a.id));
    const after = (await call('GET', '/analytics/strategic-recommendations')).json() as RecommendationList;
    expect(after.recommendations.find((r) => r.id === rec.id)!.status).toBe('implemented');
  });

  it("are not another business's to see or change", async () => {
    expect(
      ((await call('GET', '/strategy/small-compounding-actions', undefined, other.token)).json() as ActionList).actions,
    ).toEqual([]);
    const res = await call(
      'PATCH',
      `/strategy/small-compounding-actions/${encodeURIComponent(action.id)}`,
      { status: 'dismissed' },
      other.token,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('revenue simulations', () => {
  it('project the next 30 days from the daily history with an 80 % interval', async () => {
    const sims = (await call('GET', '/strategy/revenue-simulations')).json() as RevenueSimulations;
    expect(sims.reason).toBeNull();
    expect(sims.currency).toBe('USD');
    const base = sims.simulations.find((s) => s.id === 'baseline')!;
    expect(base.confidence_interval.low).toBeLessThan(base.projected_metrics.monthly_revenue);
    expect(base.confidence_interval.high).toBeGreaterThan(base.projected_metrics.monthly_revenue);
    // The site has been tracked for 20 days only: the model works on orders over the payment history.
    expect(base.current_metrics.traffic).toBeNull();
    expect(base.basis).toMatch(/no tracked sessions/);
  });

  it('run the changes a person enters, and refuse changes out of range naming them', async () => {
    const res = await call('POST', '/strategy/revenue-simulations', {
      scenario_name: 'Better checkout',
      changes: { conversion_rate: 0.2 },
    });
    expect(res.statusCode).toBe(200);
    const sim = res.json() as RevenueSimulation;
    expect(sim.scenario_name).toBe('Better checkout');
    expect(sim.projected_metrics.monthly_revenue).toBeGreaterThan(sim.current_metrics.monthly_revenue);
    const bad = await call('POST', '/strategy/revenue-simulations', { changes: { order_value: -2 } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/order_value/);
  });

  it('say why there is none without payments', async () => {
    const sims = (
      await call('GET', '/strategy/revenue-simulations', undefined, other.token)
    ).json() as RevenueSimulations;
    expect(sims).toMatchObject({ simulations: [], reason: expect.stringMatching(/Connect Stripe/) });
  });
});

describe('market insights and competitor prices', () => {
  it('compute the price difference from the prices entered, naming the source', async () => {
    const empty = (await call('GET', '/strategy/market-insights')).json() as MarketInsights;
    expect(empty.market_intelligence.competitor_price_diff.value).toBeNull();
    expect(empty.market_intelligence.competitor_price_diff.reason).toBeTruthy();
    for (const [competitor, price] of [
      ['Acme', 90],
      ['Globex', 110],
      ['Initech', 100],
    ] as const) {
      const added = await call('POST', '/strategy/competitor-prices', {
        competitor,
        product: 'Pro plan',
        price,
        own_price: 120,
        currency: 'usd',
      });
      expect(added.statusCode).toBe(201);
      expect(added.json().currency).toBe('USD');
    }
    const market = (await call('GET', '/strategy/market-insights')).json() as MarketInsights;
    // Own 120 against the competitors' median of 100: 20 % above.
    expect(market.market_intelligence.competitor_price_diff.value).toBeCloseTo(0.2, 5);
    const insight = market.insights.find((i) => i.type === 'competitive')!;
    expect(insight.data_source).toMatch(/Competitor prices you entered/);
    const plan = await call('POST', `/strategy/market-insights/${encodeURIComponent(insight.id)}/action-plan`);
    expect(plan.statusCode).toBe(200);
    expect(plan.json().actions.length).toBe(insight.recommended_actions.length);
    const dashboard = (await call('GET', '/analytics/dashboard?days=30')).json();
    expect(dashboard.market_intelligence.competitor_price_diff).toBeCloseTo(20, 5);
  });

  it('refuse a bad price naming the field, and delete only their own', async () => {
    const bad = await call('POST', '/strategy/competitor-prices', {
      competitor: 'X',
      product: 'Y',
      price: 10,
      own_price: 12,
      currency: 'dollars',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/currency/);
    const { prices } = (await call('GET', '/strategy/competitor-prices')).json();
    expect(
      (await call('DELETE', `/strategy/competitor-prices/${prices[0].id}`, undefined, other.token)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/strategy/competitor-prices/${prices[0].id}`)).json()).toEqual({ deleted: true });
    expect((await call('GET', '/strategy/competitor-prices')).json().prices).toHaveLength(prices.length - 1);
  });
});
