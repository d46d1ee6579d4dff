import type { CustomerList, SavedSegment } from '@ri/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { EXPORT_BATCH } from './export.service.js';

// Export Analysis over customers written straight into the table (the build has its own tests): every customer
// once, in the list's order across batches and ties of last activity, the filters, the header's currency, cells a
// spreadsheet cannot run, and the 4xx answers.

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

const PROFILES = ['Skeptic', 'Fast-Mover', 'Optimizer'] as const;
/** More than two batches, with 1,200 customers sharing one last activity and others a microsecond apart. */
const COUNT = 2 * EXPORT_BATCH + 503;

const get = (url: string, token = owner.token) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });

const NO_TRAITS = {
  decision_speed: null,
  price_sensitivity: null,
  social_proof_influence: null,
  authority_seeking: null,
  risk_tolerance: null,
};

const saveSegment = async (token: string, name: string, rules: object) => {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/analytics/customer-segments',
    headers: bearer(token),
    payload: { name, rules },
  });
  expect(created.statusCode).toBe(201);
  return created.json() as SavedSegment;
};

const lines = (body: string) => body.split('\r\n').slice(0, -1);
const names = (body: string) =>
  lines(body)
    .slice(1)
    .map((l) => l.split(',')[0]);

async function insertCustomers(businessId: string, from: number, to: number, currency: (i: number) => string) {
  const q = t.database.executeSql;
  for (let i = from; i < to; i += 500) {
    const rows = Array.from({ length: Math.min(500, to - i) }, (_, k) => i + k);
    await q(
      `INSERT INTO customers (business_id, id, name, email, sources, neuromind_profile, readiness_score,
         conversion_probability, engagement_level, journey_stage, churn_risk, lifetime_value, currency,
         acquisition_source, first_seen, last_activity, total_sessions, traits, merges, reasons, search, fingerprint)
       SELECT $1, gen_random_uuid(), 'Customer ' || i, 'c' || i || '@example.com', '["stripe"]'::jsonb,
              ($2::text[])[1 + i % 3], (i % 100) + 0.25, 0.1234, 'medium', 'consideration', (i % 10) / 10.0 + 0.0004,
              i * 1.005, ($3::text[])[1 + i - $4], 'google / cpc', '2026-01-01T00:00:00Z',
              CASE WHEN i < 1200 THEN '2026-11-01T12:00:00Z'::timestamptz
                   ELSE '2026-11-01T12:00:00Z'::timestamptz + (i * interval '1 microsecond') END,
              i % 7, $6::jsonb, '[]'::jsonb, '{}'::jsonb, 'customer ' || i || ' c' || i || '@example.com', 'f' || i
         FROM unnest($5::int[]) AS i`,
      [businessId, PROFILES, rows.map(currency), i, rows, JSON.stringify(NO_TRAITS)],
    );
  }
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t);
  await insertCustomers(owner.businessId, 0, COUNT, () => 'usd');
  await insertCustomers(other.businessId, 0, 3, (i) => (i === 0 ? 'eur' : 'usd'));
  await t.database.executeSql(
    `UPDATE customers SET name = '=HYPERLINK("https://evil.example"), click' WHERE business_id = $1 AND email = $2`,
    [owner.businessId, 'c7@example.com'],
  );
}, 60_000);

afterAll(() => t?.close());

describe('GET /analytics/customer-profiles/export', () => {
  it('streams every customer once, most recently active first, with the count and a dated file name', async () => {
    const res = await get('/analytics/customer-profiles/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['x-total-count']).toBe(String(COUNT));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="customer-analysis-all-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    const body = res.body;
    expect(lines(body)[0]).toBe(
      'Name,Email,Neuromind Profile,Readiness Score,Engagement Level,Churn Risk,Lifetime Value (USD),Journey Stage,' +
        'Acquisition Source,Total Sessions,Last Activity,Conversion Probability',
    );
    const { rows } = await t.database.executeSql(
      `SELECT name FROM customers WHERE business_id = $1 ORDER BY last_activity DESC, id DESC`,
      [owner.businessId],
    );
    const expected = rows.map((r) => r.name as string);
    const exported = names(body);
    expect(exported).toHaveLength(COUNT);
    expect(new Set(exported).size).toBe(COUNT);
    // The formula name is quoted and defused, so compare the others in order.
    const plain = (list: (string | undefined)[]) => list.filter((n) => n?.startsWith('Customer '));
    expect(plain(exported)).toEqual(plain(expected));
    expect(lines(body)[1]).toBe(
      `Customer ${COUNT - 1},c${COUNT - 1}@example.com,Skeptic,2.3,medium,0.2,2514.51,consideration,google / cpc,` +
        `3,2026-11-01T12:00:00.002Z,0.123`,
    );
  });

  it('exports what the list shows for the same filters, named with the profile', async () => {
    const filter = 'profile_type=Skeptic&min_readiness_score=50&max_churn_risk=0.5';
    const res = await get(`/analytics/customer-profiles/export?${filter}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('customer-analysis-Skeptic-');
    const listed: string[] = [];
    for (let page = 1; ; page += 1) {
      const reply = await get(`/analytics/customer-profiles?limit=200&page=${page}&${filter}`);
      expect(reply.statusCode, reply.body).toBe(200);
      const list = reply.json() as CustomerList;
      listed.push(...list.customers.map((c) => c.name!));
      if (!list.pagination.has_next) break;
    }
    expect(listed.length).toBeGreaterThan(100);
    expect(names(res.body)).toEqual(listed);
    expect(res.headers['x-total-count']).toBe(String(listed.length));
  });

  it("filters by a saved segment's rules", async () => {
    const segment = await saveSegment(owner.token, 'Valuable', { min_lifetime_value: 2000 });
    const res = await get(`/analytics/customer-profiles/export?segment_id=${segment.id}`);
    const valuable = Array.from({ length: COUNT }, (_, i) => i).filter((i) => i * 1.005 >= 2000).length;
    expect(names(res.body)).toHaveLength(valuable);
    expect(res.headers['x-total-count']).toBe(String(valuable));
  });

  it('defuses a name a spreadsheet would run and quotes its comma', async () => {
    const res = await get('/analytics/customer-profiles/export?search=c7@example.com');
    expect(lines(res.body)[1]).toMatch(/^"'=HYPERLINK\(""https:\/\/evil\.example""\), click",c7@example\.com,/);
  });

  it('names no currency when the customers pay in more than one', async () => {
    const res = await get('/analytics/customer-profiles/export', other.token);
    expect(lines(res.body)[0]).toContain(',Lifetime Value,');
    expect(names(res.body)).toHaveLength(3);
  });

  it('answers bad filters with a 400 that names the field, before any CSV', async () => {
    const res = await get('/analytics/customer-profiles/export?min_readiness_score=high');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('min_readiness_score');
    const profile = await get('/analytics/customer-profiles/export?profile_type=Dreamer');
    expect(profile.statusCode).toBe(400);
    expect(profile.json().error.message).toContain('profile_type');
  });

  it("answers 404 for another business's segment and never exports another business's customers", async () => {
    const theirs = await saveSegment(other.token, 'Theirs', { min_readiness: 1 });
    const res = await get(`/analytics/customer-profiles/export?segment_id=${theirs.id}`);
    expect(res.statusCode).toBe(404);
    const aimed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/customer-profiles/export',
      headers: { ...bearer(owner.token), 'x-business-id': other.businessId },
    });
    expect([403, 404]).toContain(aimed.statusCode);
    expect(aimed.body).not.toContain('@example.com');
  });
});
