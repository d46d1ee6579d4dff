import type {
  Customer,
  CustomerDetail,
  CustomerList,
  ProfileGenerationResult,
  SavedSegment,
  SegmentRules,
  TaskStatusResponse,
} from '@ri/contracts';
import { type CustomerRow, matchesRules } from '@ri/engine';
import { type GhlSandbox, type StripeSandbox, startGhlSandbox, startStripeSandbox } from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, setUpTracking, signUp, type TestApp } from '../../test/harness.js';
import { ingestAndScore, pricingVisit } from '../../test/visits.js';
import { loadChunk } from './facts.repo.js';
import { fitBusinessLtv } from './ltv.service.js';

// Customer Intelligence over sandbox-synced Stripe and GoHighLevel data (the same buyers in both, as the sandboxes
// share them) and sessions ingested for some buyers' visitor ids: merges, figures against the sandboxes' own
// payments, the generation task, segments, links and tenancy.

const STRIPE_ACCOUNT = { customers: 60, charges: 700, days: 240 };
let stripe: StripeSandbox;
let ghl: GhlSandbox;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = owner.token) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

type Row = Record<string, unknown>;
const charges = () => [...stripe.state.account().all('charges')] as Row[];
/** The visitor id each payment's Checkout Session carried, by payment intent (Stripe keeps it on the session only). */
const checkoutReferences = () => stripe.state.account().checkoutReferences();

/** A profile build's task status: its result is a profile build's. */
type ProfileTask = TaskStatusResponse & { result: ProfileGenerationResult | null };

async function generate(force = true): Promise<ProfileTask> {
  const started = await call('POST', `/analytics/generate-neuromind-profiles?force_regenerate=${force}`);
  expect(started.statusCode).toBe(200);
  const { task_id } = started.json() as { task_id: string };
  for (let i = 0; i < 600; i += 1) {
    const status = (await call('GET', `/analytics/task-status/${task_id}`)).json() as ProfileTask;
    if (status.status === 'completed' || status.status === 'failed') return status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('generation did not finish');
}

async function allCustomers(query = ''): Promise<Customer[]> {
  const out: Customer[] = [];
  for (let page = 1; ; page += 1) {
    const list = (
      await call('GET', `/analytics/customer-profiles?limit=200&page=${page}${query}`)
    ).json() as CustomerList;
    out.push(...list.customers);
    if (!list.pagination.has_next) return out;
  }
}

let first: ProfileTask;

beforeAll(async () => {
  const now = Math.floor(Date.now() / 1000) - 60;
  stripe = await startStripeSandbox({ seed: 5, now, accounts: [STRIPE_ACCOUNT] });
  ghl = await startGhlSandbox({
    seed: 5,
    now,
    locations: [{ contacts: 80, buyers: 30, opportunities: 40, stripe: STRIPE_ACCOUNT }],
  });
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
  await t.integrations.connectSandbox({
    provider: 'gohighlevel',
    businessId: owner.businessId,
    baseUrl: ghl.url,
    body: { apiKey: ghl.apiKey, locationId: ghl.locationId, integrationName: 'GoHighLevel' },
  });
  await t.syncRunner.drain();
  // Visits of the first buyers who paid with a visitor id (client_reference_id).
  const visitors = [
    ...new Set(
      charges()
        .map((c) => checkoutReferences().get(c.payment_intent as string))
        .filter(Boolean),
    ),
  ].slice(0, 6) as string[];
  await ingestAndScore(
    t,
    visitors.flatMap((v) => pricingVisit(trackingId, crypto.randomUUID(), v)),
  );
  first = await generate();
}, 180_000);

afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await ghl?.close();
});

describe('profile generation', () => {
  it('completes with counts and a distribution that add up to the customers', async () => {
    expect(first.status).toBe('completed');
    expect(first.progress.percentage).toBe(100);
    const customers = await allCustomers();
    expect(first.result!.profiles_generated).toBe(customers.length);
    const distributed = Object.values(first.result!.profile_distribution).reduce((a, b) => a + b, 0);
    expect(distributed).toBe(customers.length);
  });

  it('says the profiles exist when not forced, and a forced rebuild creates nobody twice', async () => {
    const again = (await call('POST', '/analytics/generate-neuromind-profiles?force_regenerate=false')).json();
    expect(again).toMatchObject({ success: true, task_id: null });
    expect(again.message).toMatch(/already exist/);
    const forced = await generate(true);
    expect(forced.result!.profiles_generated).toBe(0);
    expect(forced.result!.profiles_updated + forced.result!.profiles_skipped).toBe((await allCustomers()).length);
  });

  it("reads each customer's sessions from the build's staged copy as it finds them by visitor", async () => {
    const ids = (await allCustomers()).map((c) => c.id).sort();
    const staged = await loadChunk(t.database.executeSql, owner.businessId, ids, { staged: true });
    const byVisitor = await loadChunk(t.database.executeSql, owner.businessId, ids);
    expect(staged.filter((c) => c.sessions.length > 0).length).toBeGreaterThanOrEqual(6);
    expect(staged).toEqual(byVisitor);
  });

  it('answers another business 404 for the task', async () => {
    expect((await call('GET', `/analytics/task-status/${first.task_id}`, undefined, other.token)).statusCode).toBe(404);
  });
});

describe('one customer, many sources', () => {
  it('puts every Stripe customer and GoHighLevel contact in exactly one customer, merging shared buyers', async () => {
    const customers = await allCustomers();
    const records = new Map<string, string>();
    for (const c of customers) {
      const detail = (await call('GET', `/analytics/customer-profiles/${c.id}`)).json() as CustomerDetail;
      for (const r of detail.records) {
        expect(records.has(r.id)).toBe(false);
        records.set(r.id, c.id);
      }
    }
    const stripeIds = [...stripe.state.account().all('customers')].map((c) => `stripe:${(c as Row).id}`);
    for (const id of stripeIds) expect(records.has(id)).toBe(true);
    expect([...records.keys()].filter((k) => k.startsWith('ghl:'))).toHaveLength(80);
    // The 30 buyers are in both systems with the same e-mail: one customer each, from both sources.
    const both = customers.filter((c) => c.sources.includes('ghl') && c.sources.includes('stripe'));
    expect(both).toHaveLength(30);
  });

  it("holds each customer's net revenue to the sandbox's payments", async () => {
    const customers = await allCustomers();
    // A payment belongs to its Stripe customer, else to its billing e-mail, else to the visitor id it carries;
    // a customer's revenue is in their main currency.
    const byRecord = new Map<string, number>();
    const references = checkoutReferences();
    for (const c of charges()) {
      if (c.paid !== true || c.status !== 'succeeded') continue;
      const email = (c.billing_details as { email: string | null } | null)?.email?.trim().toLowerCase();
      const visitor = references.get(c.payment_intent as string);
      const key = c.customer
        ? `stripe:${c.customer}`
        : email
          ? `stripe-guest:${email}`
          : visitor
            ? `visitor:${visitor}`
            : null;
      if (!key) continue;
      const entry = `${key}|${String(c.currency).toUpperCase()}`;
      byRecord.set(entry, (byRecord.get(entry) ?? 0) + ((c.amount as number) - (c.amount_refunded as number)) / 100);
    }
    let checked = 0;
    for (const c of customers.filter((x) => x.sources.includes('stripe')).slice(0, 15)) {
      const detail = (await call('GET', `/analytics/customer-profiles/${c.id}`)).json() as CustomerDetail;
      const expected = detail.records.reduce((sum, r) => sum + (byRecord.get(`${r.id}|${c.currency}`) ?? 0), 0);
      expect(c.past_revenue).toBeCloseTo(expected, 2);
      checked += 1;
    }
    expect(checked).toBe(15);
  });

  it('forecasts lifetime value and churn from the fitted model', async () => {
    const list = (await call('GET', '/analytics/customer-profiles')).json() as CustomerList;
    expect(list.summary.ltv_model.status).toBe('fitted');
    const buyers = (await allCustomers()).filter((c) => c.orders > 1);
    expect(buyers.length).toBeGreaterThan(20);
    for (const c of buyers) {
      expect(c.churn_risk).toBeGreaterThanOrEqual(0);
      expect(c.churn_risk).toBeLessThanOrEqual(1);
      expect(c.lifetime_value!).toBeGreaterThanOrEqual(c.past_revenue - 1e-6);
    }
    // Every buyer in the model's currency is forecast, one-time buyers too; a buyer in another currency is not, and
    // is told why, with what they paid.
    const paying = (await allCustomers()).filter((c) => c.orders > 0 && c.subscription === null);
    expect(paying.filter((c) => c.currency === 'USD' && c.lifetime_value === null)).toEqual([]);
    const foreign = paying.filter((c) => c.currency !== 'USD');
    expect(foreign.length).toBeGreaterThan(0);
    for (const c of foreign) {
      expect(c.lifetime_value).toBeNull();
      expect(c.reasons.lifetime_value).toBe(
        `Not forecast. The lifetime-value model is fitted on payments in USD; this customer pays in ${c.currency}. Past net revenue: ${c.currency} ${c.past_revenue.toFixed(2)}.`,
      );
    }
    const leads = (await allCustomers()).filter((c) => c.orders === 0);
    expect(leads.length).toBeGreaterThan(0);
    expect(leads[0]!.churn_risk).toBeNull();
    expect(leads[0]!.reasons.churn_risk).toMatch(/No purchase/);
  });

  it('fits the BG/NBD instead, and says so, when the Pareto/NBD takes longer than its budget', async () => {
    const fit = await fitBusinessLtv(t.database.executeSql, owner.businessId, Date.now(), 1);
    expect(fit.status).toBe('fitted');
    expect(fit.model).toBe('bg-nbd');
    expect(fit.detail).toMatch(/Pareto\/NBD fit did not finish within 1 ms; the BG\/NBD was fitted instead/);
    expect(fit.forecasts.size).toBe(fit.customers);
  });

  it('estimates the model on a sample of the customers past its size, the same sample each time, and forecasts all', async () => {
    const whole = await fitBusinessLtv(t.database.executeSql, owner.businessId, Date.now());
    const fit = (sample: number) => fitBusinessLtv(t.database.executeSql, owner.businessId, Date.now(), 60_000, sample);
    const [once, again] = [await fit(40), await fit(40)];
    expect(once.detail).toMatch(new RegExp(`fitted on a sample of 40 of ${whole.customers} paying customers`));
    expect(once.customers).toBe(whole.customers);
    expect(once.forecasts.size).toBe(whole.customers);
    expect(again.params).toEqual(once.params);
    expect(once.params).not.toEqual(whole.params);
  });

  it('gives visitors with sessions their profile, readiness and sessions; names come from the CRM or Stripe', async () => {
    const seen = (await allCustomers()).filter((c) => c.total_sessions > 0);
    expect(seen.length).toBeGreaterThan(0);
    for (const c of seen) {
      expect(c.readiness_score).not.toBeNull();
      expect(c.acquisition_source).not.toBe('Unknown');
    }
    const named = (await allCustomers()).filter((c) => c.sources.includes('ghl'))[0]!;
    const detail = (await call('GET', `/analytics/customer-profiles/${named.id}`)).json() as CustomerDetail;
    const contact = ghl.contact(detail.records.find((r) => r.source === 'ghl')!.source_id)!;
    expect(named.name).toBe(`${contact.firstName} ${contact.lastName}`);
    expect(named.first_name).toBe(contact.firstName);
  });

  it('undoes a wrong merge and merges again when told', async () => {
    const merged = (await allCustomers()).find((c) => c.sources.includes('ghl') && c.sources.includes('stripe'))!;
    const detail = (await call('GET', `/analytics/customer-profiles/${merged.id}`)).json() as CustomerDetail;
    expect(detail.merges.some((m) => m.key === 'email')).toBe(true);
    const [a, b] = [
      detail.records.find((r) => r.source === 'ghl')!.id,
      detail.records.find((r) => r.source === 'stripe')!.id,
    ];
    const split = await call('POST', '/analytics/customer-links', {
      record_a: a,
      record_b: b,
      kind: 'not_same_person',
    });
    expect(split.statusCode).toBe(200);
    expect(split.json().customer_ids).toHaveLength(2);
    for (const id of split.json().customer_ids as string[]) {
      expect((await call('GET', `/analytics/customer-profiles/${id}`)).statusCode).toBe(200);
    }
    const join = await call('POST', '/analytics/customer-links', { record_a: a, record_b: b, kind: 'same_person' });
    expect(join.json().customer_ids).toHaveLength(1);
    const bad = await call('POST', '/analytics/customer-links', { record_a: a, record_b: a, kind: 'same_person' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field ?? bad.json().error?.field).toBe('record_b');
  });
});

describe('the list', () => {
  it('pages with the spec pagination fields and filters by profile, readiness and churn', async () => {
    const all = await allCustomers();
    const page2 = (await call('GET', '/analytics/customer-profiles?limit=10&page=2')).json() as CustomerList;
    expect(page2.pagination).toMatchObject({ page: 2, limit: 10, has_previous: true, total: all.length });
    expect(page2.pagination.total_pages).toBe(Math.ceil(all.length / 10));
    // Most recently active first; a page of 10 is the same customers as that stretch of pages of 200.
    const times = all.map((c) => Date.parse(c.last_activity));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    expect(page2.customers.map((c) => c.id)).toEqual(all.slice(10, 20).map((c) => c.id));
    const ready = await allCustomers('&min_readiness_score=1');
    expect(ready.length).toBe(all.filter((c) => (c.readiness_score ?? -1) >= 1).length);
    const safe = await allCustomers('&max_churn_risk=0.5');
    expect(safe.length).toBe(all.filter((c) => c.churn_risk !== null && c.churn_risk <= 0.5).length);
    const profile = all.find((c) => c.neuromind_profile)?.neuromind_profile;
    if (profile) {
      const only = await allCustomers(`&profile_type=${profile}`);
      expect(only.every((c) => c.neuromind_profile === profile)).toBe(true);
    }
  });

  it('names the bad parameter', async () => {
    const res = await call('GET', '/analytics/customer-profiles?limit=500');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/limit/);
    expect((await call('GET', '/analytics/customer-profiles?profile_type=Wizard')).statusCode).toBe(400);
  });
});

describe('segments', () => {
  it('saves, lists, filters the table, updates and deletes a segment', async () => {
    const all = await allCustomers();
    const created = await call('POST', '/analytics/customer-segments', {
      name: 'Valuable',
      rules: { min_lifetime_value: 100 },
    });
    expect(created.statusCode).toBe(201);
    const segment = created.json() as SavedSegment;
    const expected = all.filter((c) => c.lifetime_value !== null && c.lifetime_value >= 100);
    expect(segment.user_count).toBe(expected.length);
    const filtered = await allCustomers(`&segment_id=${segment.id}`);
    // The segment's customers, in the table's order.
    expect(filtered.map((c) => c.id)).toEqual(expected.map((c) => c.id));
    const listed = (await call('GET', '/analytics/customer-segments')).json();
    expect(listed.saved.map((s: SavedSegment) => s.id)).toContain(segment.id);
    expect(listed.suggestions).toHaveLength(4);
    const updated = await call('PUT', `/analytics/customer-segments/${segment.id}`, {
      name: 'Engaged',
      rules: { engagement_levels: ['high'] },
    });
    expect(updated.json().user_count).toBe(all.filter((c) => c.engagement_level === 'high').length);
    expect((await call('PUT', `/analytics/customer-segments/${segment.id}`, { name: 'x', rules: {} })).statusCode).toBe(
      400,
    );
    expect(
      (
        await call(
          'PUT',
          `/analytics/customer-segments/${segment.id}`,
          { name: 'x', rules: { min_readiness: 1 } },
          other.token,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/analytics/customer-segments/${segment.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/analytics/customer-segments/${segment.id}`)).statusCode).toBe(404);
  });
});

describe('segment rules', () => {
  it('select in SQL exactly the customers the engine rules select', async () => {
    const all = await allCustomers();
    const rowOf = (c: Customer): CustomerRow => ({
      id: c.id,
      profile: c.neuromind_profile,
      readiness: c.readiness_score,
      churnRisk: c.churn_risk,
      lifetimeValue: c.lifetime_value,
      journeyStage: c.journey_stage,
      engagementLevel: c.engagement_level,
      acquisitionSource: c.acquisition_source,
      sources: c.sources,
      lastActivity: Date.parse(c.last_activity),
      orders: c.orders,
      traits: c.behavioral_traits,
    });
    const ruleSets: SegmentRules[] = [
      { min_readiness: 30 },
      { profile_types: ['Fast-Mover', 'Skeptic', 'Optimizer'], max_churn_risk: 0.5 },
      { journey_stages: ['retention', 'advocacy'], min_lifetime_value: 100 },
      { inactive_for_days: 30 },
      { active_within_days: 60, has_source: 'ghl' },
      { engagement_levels: ['low', 'medium'], max_lifetime_value: 500 },
      { acquisition_sources: [all[0]!.acquisition_source] },
    ];
    for (const rules of ruleSets) {
      const created = (await call('POST', '/analytics/customer-segments', { name: 'rules', rules })).json();
      const listed = await allCustomers(`&segment_id=${created.id}`);
      const expected = all.filter((c) => matchesRules(rowOf(c), rules, Date.now()));
      expect(listed.map((c) => c.id).sort(), JSON.stringify(rules)).toEqual(expected.map((c) => c.id).sort());
      expect(created.user_count).toBe(expected.length);
      await call('DELETE', `/analytics/customer-segments/${created.id}`);
    }
  });
});

describe('tenancy and actions', () => {
  it("answers 404 for another business's customer", async () => {
    const [c] = await allCustomers();
    expect((await call('GET', `/analytics/customer-profiles/${c!.id}`, undefined, other.token)).statusCode).toBe(404);
    expect(
      (
        await call(
          'POST',
          `/analytics/customer-profiles/${c!.id}/actions`,
          { type: 'retention', title: 'Call', channel: 'owner_task' },
          other.token,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('records an owner task with its history, and offers recommendations grounded in the customer', async () => {
    const [c] = await allCustomers();
    const recs = await call('GET', `/analytics/customer-profiles/${c!.id}/engagement-recommendations`);
    expect(recs.statusCode).toBe(200);
    const action = await call('POST', `/analytics/customer-profiles/${c!.id}/actions`, {
      type: 'retention',
      title: 'Call them',
      channel: 'owner_task',
    });
    expect(action.statusCode).toBe(201);
    expect(action.json()).toMatchObject({ status: 'recorded', channel: 'owner_task', outcome: null });
    const listed = (await call('GET', `/analytics/customer-profiles/${c!.id}/actions`)).json();
    expect(listed.actions[0].history).toHaveLength(1);
  });

  it('reaches a customer with a GoHighLevel contact through the CRM: tag, task and workflow', async () => {
    const c = (await allCustomers()).find((x) => x.sources.includes('ghl'))!;
    const detail = (await call('GET', `/analytics/customer-profiles/${c.id}`)).json() as CustomerDetail;
    const contact = detail.records.find((r) => r.source === 'ghl')!.source_id;
    const recs = (await call('GET', `/analytics/customer-profiles/${c.id}/engagement-recommendations`)).json();
    expect(recs.delivery).toMatchObject({ crm_connected: true, crm_contact: true });
    expect(recs.delivery.workflows.length).toBeGreaterThan(0);
    const post = (payload: object) => call('POST', `/analytics/customer-profiles/${c.id}/actions`, payload);
    const tag = await post({ type: 'retention', title: 'Win back', channel: 'crm_tag', tag: 'win-back' });
    expect(tag.json()).toMatchObject({ status: 'delivered', channel: 'crm_tag' });
    expect(ghl.contact(contact)?.tags).toContain('win-back');
    const task = await post({ type: 'conversion', title: 'Call about the upgrade', channel: 'crm_task' });
    expect(task.json().status).toBe('delivered');
    expect(ghl.contactTasks(contact).map((x) => x.title)).toContain('Call about the upgrade');
    const workflow = recs.delivery.workflows[0].id as string;
    const enrol = await post({ type: 'retention', title: 'Nurture', channel: 'crm_workflow', workflow_id: workflow });
    expect(enrol.json().status).toBe('delivered');
    expect(ghl.workflowEnrollments(contact).map((x) => x.workflowId)).toContain(workflow);
    const missing = await post({ type: 'retention', title: 'Nurture', channel: 'crm_workflow' });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toMatch(/workflow_id/);
  });
});
