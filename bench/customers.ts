// npm run bench:customers — Customer Intelligence at scale on PostgreSQL: 500,000 customers (350,000 Stripe customers,
// 250,000 GoHighLevel contacts of whom 100,000 are also Stripe customers by e-mail), 5,000,000 tracked sessions
// (1,500,000 visitors, 400,000 of them identified through their checkouts or CRM contacts) and 2,000,000 payments.
// Bulk-loaded with SQL into a database of its own (customers_bench, dropped after). Then: the profile build through
// the API (records merged per second, profiles built per second), the lifetime-value refit alone (time and peak
// memory), the profiles page with each filter (p50/p95; target p95 under 150 ms), and Export Analysis of every
// customer and of a saved segment over a real socket (first byte, whole file, rate, server memory). Asserts nothing. BENCH_KEEP=1
// keeps the database for a closer look; BENCH_SCALE scales every count.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { fitBusinessLtv } from '../apps/server/src/modules/customers/ltv.service.js';
import { neuromindModelInUse } from '../apps/server/src/modules/scoring/index.js';

const BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB = 'customers_bench';
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const STRIPE_CUSTOMERS = Math.round(350_000 * SCALE);
const GHL_SHARED = Math.round(100_000 * SCALE);
const GHL_LEADS = Math.round(150_000 * SCALE);
const SESSIONS = Math.round(5_000_000 * SCALE);
const VISITORS = Math.round(1_500_000 * SCALE);
const IDENTIFIED = Math.round(400_000 * SCALE);
const PAYMENTS = Math.round(2_000_000 * SCALE);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const dbUrl = (name: string) => {
  const url = new URL(BASE);
  url.pathname = `/${name}`;
  return url.toString();
};
const admin = new pg.Client({ connectionString: BASE });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB}`);
console.log(`database ${DB} on ${new URL(BASE).host}`);

const seconds = (since: number) => (performance.now() - since) / 1000;

/** Samples this process's RSS every 20 ms until `stop`, which answers the starting and the peak RSS. */
function rssSampler() {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return { before, peak: Math.max(peak, process.memoryUsage().rss) };
    },
  };
}
const { app } = await buildApp(
  loadConfig({
    DATABASE_URL: dbUrl(DB),
    AUTH_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ri-bench-')),
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    API_RATE_LIMIT_PER_USER: '1000000',
    API_EXPENSIVE_LIMIT_PER_USER_PER_MINUTE: '1000000',
  }),
);
const sql = new pg.Client({ connectionString: dbUrl(DB) });
await sql.connect();

try {
  const email = `bench-${Date.now()}@example.test`;
  const password = 'Bench-Mark-Password-1';
  const signup = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { email, password, data: { first_name: 'Bench', business_name: 'Bench Customers Co' } },
  });
  const headers = { authorization: `Bearer ${signup.json().session.access_token}` };
  // Access tokens last minutes; the build and the load outlast them: sign in again every five minutes.
  let signedInAt = Date.now();
  const fresh = async () => {
    if (Date.now() - signedInAt < Number(process.env.BENCH_SIGN_IN_EVERY_MS ?? 5 * 60_000)) return headers;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=password',
      payload: { email, password },
    });
    if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}: ${res.body}`);
    headers.authorization = `Bearer ${res.json().access_token}`;
    signedInAt = Date.now();
    return headers;
  };
  const businessId = (await app.inject({ method: 'GET', url: '/api/v1/businesses', headers }))
    .json()
    .businesses.find((b: { role: string }) => b.role === 'owner').id as string;

  const started = performance.now();
  const step = async (label: string, text: string, values: unknown[] = [businessId]) => {
    const t0 = performance.now();
    const result = await sql.query(text, values);
    console.log(`  ${label}: ${(result.rowCount ?? 0).toLocaleString('en-US')} rows in ${seconds(t0).toFixed(1)} s`);
  };
  console.log('\nloading');
  await sql.query('SELECT setseed(0.42)');
  const integration = async (provider: string) =>
    (
      await sql.query(
        `INSERT INTO integrations (business_id, provider, name, status, credentials, credential_hints, last_sync_at)
         VALUES ($1, $2, $2, 'connected', 'v1.bench-never-used', '{}', now()) RETURNING id`,
        [businessId, provider],
      )
    ).rows[0].id as string;
  const stripeId = await integration('stripe');
  const ghlId = await integration('gohighlevel');
  // Customer i's visitor is md5('v' || i); identified visitors are customers 0 … IDENTIFIED-1 (Stripe first, then leads).
  await step(
    'stripe_customers',
    `INSERT INTO stripe_customers (business_id, integration_id, vendor_id, created_at, email, name, currency)
     SELECT $1, $2, 'cus_' || i, now() - (random() * 700) * interval '1 day', 'c' || i || '@bench.example',
            'Customer ' || i, 'usd'
       FROM generate_series(0, ${STRIPE_CUSTOMERS - 1}) i`,
    [businessId, stripeId],
  );
  await step(
    'ghl_contacts (shared with Stripe, and leads)',
    `INSERT INTO ghl_contacts (business_id, integration_id, vendor_id, created_at, email, name, first_name, last_name,
                               phone, source, utm_source, utm_medium, visitor_id, updated_at)
     SELECT $1, $2, 'ghl' || i, now() - (random() * 700) * interval '1 day',
            CASE WHEN i < ${GHL_SHARED} THEN 'c' || i || '@bench.example' ELSE 'lead' || i || '@bench.example' END,
            'contact ' || i, 'Contact', i::text, '+1555' || lpad(i::text, 7, '0'), 'form',
            (ARRAY['google', 'facebook', 'newsletter', NULL])[1 + i % 4], (ARRAY['cpc', 'paid_social', 'email', NULL])[1 + i % 4],
            CASE WHEN i >= ${GHL_SHARED} AND i - ${GHL_SHARED} + ${STRIPE_CUSTOMERS} < ${IDENTIFIED} + ${STRIPE_CUSTOMERS}
                      AND i - ${GHL_SHARED} < ${Math.max(0, IDENTIFIED - Math.min(IDENTIFIED, STRIPE_CUSTOMERS))}
                 THEN md5('v' || (i - ${GHL_SHARED} + ${STRIPE_CUSTOMERS}))::uuid::text END,
            now()
       FROM generate_series(0, ${GHL_SHARED + GHL_LEADS - 1}) i`,
    [businessId, ghlId],
  );
  await step(
    'stripe_charges',
    `INSERT INTO stripe_charges (business_id, integration_id, vendor_id, created_at, amount, amount_refunded, currency,
                                 status, paid, customer_id, metadata)
     SELECT $1, $2, 'ch_' || g,
            -- Each customer buys from their first day (up to 700 days ago) for an exponential lifetime (mean 150 days).
            now() - ((c::bigint * 7919) % 700) * interval '1 day'
              + least(random() * -ln((abs(hashtext('l' || c)) % 1000 + 1) / 1001.0) * 150, (c::bigint * 7919) % 700) * interval '1 day',
            1900 + floor(random() * 20000)::int,
            CASE WHEN random() < 0.03 THEN 1900 ELSE 0 END, 'usd', 'succeeded', true, 'cus_' || c,
            CASE WHEN c < ${Math.min(IDENTIFIED, STRIPE_CUSTOMERS)}
                 THEN jsonb_build_object('client_reference_id', md5('v' || c)::uuid::text) ELSE '{}'::jsonb END
       FROM (SELECT g, floor(${STRIPE_CUSTOMERS} * power(random(), 2))::int AS c
               FROM generate_series(1, ${PAYMENTS}) g) x`,
    [businessId, stripeId],
  );
  await step(
    'tracking_sessions',
    `INSERT INTO tracking_sessions (business_id, id, tracking_id, visitor_id, timeout_ms, started_at, last_event_at,
                                    events_count, page_views, active_ms, traffic_source, utm_source, utm_medium, conversions)
     SELECT $1, md5('s' || g)::uuid, 'bench', md5('v' || v)::uuid, 1800000, at, at + interval '5 minutes', 12,
            1 + g % 6, 60000 + g % 240000, (ARRAY['direct', 'organic_search', 'paid_search', 'paid_social'])[1 + g % 4],
            (ARRAY[NULL, NULL, 'google', 'facebook'])[1 + g % 4], (ARRAY[NULL, NULL, 'cpc', 'paid_social'])[1 + g % 4],
            CASE WHEN g % 50 = 0 THEN 1 ELSE 0 END
       FROM (SELECT g, CASE WHEN random() < 0.3 THEN floor(random() * ${IDENTIFIED})::int
                            ELSE ${IDENTIFIED} + floor(random() * ${VISITORS - IDENTIFIED})::int END AS v,
                    now() - random() * interval '365 days' AS at
               FROM generate_series(1, ${SESSIONS}) g) x`,
  );
  await step(
    'session_intelligence',
    `INSERT INTO session_intelligence (business_id, session_id, folded_events, signal_state, journey_state, flow_state,
                                       signals, readiness_score, conversion_probability, neuromind_profile,
                                       profile_confidence, profile_model, last_event_at)
     SELECT business_id, id, 12, '{}', jsonb_build_object('byType', jsonb_build_object(
              'pricing', jsonb_build_object('views', page_views % 3, 'dwellMs', 20000),
              'reviews', jsonb_build_object('views', page_views % 2, 'dwellMs', 15000),
              'product', jsonb_build_object('views', 1, 'dwellMs', 30000))), '{}', '{}',
            round((random() * 100)::numeric, 1), random() * 0.3,
            (ARRAY['Fast-Mover','Proof-Driven','Reassurer','Skeptic','Optimizer','Authority-Seeker','Experience-First'])[1 + floor(random() * 7)::int],
            0.5 + random() * 0.5, $2, last_event_at
       FROM tracking_sessions WHERE business_id = $1`,
    // Profiled by the model in use, as the scorer stores them: else the scoring sweep would refold the
    // last 7 days' sessions while the bench measures.
    [businessId, neuromindModelInUse()],
  );
  await sql.query('ANALYZE');
  console.log(`loaded in ${seconds(started).toFixed(1)} s`);

  // ───────────── the profile build, through the API ─────────────
  console.log('\nprofile build (POST generate-neuromind-profiles, polled)');
  const buildStart = performance.now();
  const generation = await app.inject({
    method: 'POST',
    url: '/api/v1/analytics/generate-neuromind-profiles?force_regenerate=true',
    headers,
  });
  if (generation.statusCode !== 200)
    throw new Error(`generation answered ${generation.statusCode}: ${generation.body}`);
  const task = generation.json().task_id as string;
  const marks = new Map<string, number>();
  let status: { status: string; progress: { current_step: string; completed: number; total: number }; result: unknown };
  for (;;) {
    const polled = await app.inject({
      method: 'GET',
      url: `/api/v1/analytics/task-status/${task}`,
      headers: await fresh(),
    });
    if (polled.statusCode !== 200) throw new Error(`task-status answered ${polled.statusCode}: ${polled.body}`);
    status = polled.json();
    if (!marks.has(status.progress.current_step)) marks.set(status.progress.current_step, seconds(buildStart));
    if (status.status === 'completed' || status.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const total = seconds(buildStart);
  const { rows: counts } = await sql.query(
    'SELECT (SELECT count(*) FROM customer_records WHERE business_id = $1) AS records, (SELECT count(*) FROM customers WHERE business_id = $1) AS customers',
    [businessId],
  );
  const records = Number(counts[0].records);
  const customers = Number(counts[0].customers);
  const fitting = marks.get('Fitting the lifetime-value model') ?? marks.get('Building profiles') ?? total;
  const merged = marks.get("Reading the customers' sessions") ?? fitting;
  const building = marks.get('Building profiles') ?? fitting;
  console.log(
    `  status ${status.status}; ${records.toLocaleString('en-US')} records → ${customers.toLocaleString('en-US')} customers`,
  );
  console.log(`  merge: ${merged.toFixed(1)} s (${Math.round(records / merged).toLocaleString('en-US')} records/s)`);
  console.log(
    `  sessions staged in customer order: ${(fitting - merged).toFixed(1)} s; lifetime-value fit: ${(building - fitting).toFixed(1)} s`,
  );
  console.log(
    `  profiles: ${(total - building).toFixed(1)} s (${Math.round(customers / (total - building)).toLocaleString('en-US')} profiles/s); whole build ${total.toFixed(1)} s`,
  );
  console.log(`  result: ${JSON.stringify(status.result)}`);

  // ───────────── the lifetime-value refit alone ─────────────
  const database = await openDatabase({ url: dbUrl(DB), poolSize: 2 });
  const fitRss = rssSampler();
  const fitStart = performance.now();
  const fit = await fitBusinessLtv(database.executeSql, businessId, Date.now());
  const fitSeconds = seconds(fitStart);
  const { before, peak } = fitRss.stop();
  console.log(
    `\nlifetime-value refit: ${fitSeconds.toFixed(1)} s, ${fit.customers.toLocaleString('en-US')} paying customers (${fit.repeatCustomers.toLocaleString('en-US')} repeat); peak RSS of the fitting process ${fit.peakMemoryMb} MiB, of the server process ${(peak / 2 ** 20).toFixed(0)} MiB (+${((peak - before) / 2 ** 20).toFixed(0)} MiB while reading the purchases); ${fit.detail}`,
  );
  await database.close();

  // ───────────── the profiles page ─────────────
  const segment = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/analytics/customer-segments',
      headers: await fresh(),
      payload: { name: 'At-risk valuable', rules: { min_lifetime_value: 500, min_churn_risk: 0.5 } },
    })
  ).json().id as string;
  const queries: [string, string][] = [
    ['first page', ''],
    ['profile_type', '&profile_type=Skeptic'],
    ['min_readiness_score', '&min_readiness_score=70'],
    ['max_churn_risk', '&max_churn_risk=0.3'],
    ['all three', '&profile_type=Optimizer&min_readiness_score=60&max_churn_risk=0.5'],
    ['saved segment', `&segment_id=${segment}`],
    ['page 200', '&page=200'],
    ['search', '&search=c12%40'],
  ];
  console.log(`\nGET /analytics/customer-profiles (limit 50): the first request, then ${RUNS} runs after 3 warm-ups`);
  console.log('filter                   first ms   p50 ms   p95 ms   total');
  for (const [label, query] of queries) {
    const url = `/api/v1/analytics/customer-profiles?limit=50${query}`;
    const times: number[] = [];
    let first = 0;
    let found = 0;
    await fresh();
    for (let i = 0; i < RUNS + 3; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (i === 0) first = performance.now() - t0;
      if (i >= 3) times.push(performance.now() - t0);
      found = res.json().total;
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    console.log(
      `${label.padEnd(24)} ${first.toFixed(1).padStart(9)} ${p(0.5).toFixed(1).padStart(8)} ${p(0.95).toFixed(1).padStart(8)}   ${found.toLocaleString('en-US')}`,
    );
  }

  // ───────────── Export Analysis: the whole list as CSV, streamed ─────────────
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log('\nGET /analytics/customer-profiles/export over a socket on 127.0.0.1, read as it arrives');
  for (const [label, query] of [
    ['every customer', ''],
    ['saved segment', `?segment_id=${segment}`],
  ] as const) {
    const exportRss = rssSampler();
    const t0 = performance.now();
    const res = await fetch(`${address}/api/v1/analytics/customer-profiles/export${query}`, { headers: await fresh() });
    if (!res.ok) throw new Error(`export ${label}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    const reader = res.body!.getReader();
    let bytes = 0;
    let lineFeeds = 0;
    let firstByte = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (bytes === 0) firstByte = performance.now() - t0;
      bytes += value.length;
      for (const b of value) if (b === 10) lineFeeds += 1;
    }
    const total = seconds(t0);
    const { before, peak } = exportRss.stop();
    const rows = lineFeeds - 1;
    console.log(
      `  ${label}: ${rows.toLocaleString('en-US')} customers (X-Total-Count ${res.headers.get('x-total-count')}), ${(bytes / 2 ** 20).toFixed(1)} MiB; first byte ${firstByte.toFixed(0)} ms, whole file ${total.toFixed(1)} s (${Math.round(rows / total).toLocaleString('en-US')} customers/s); server RSS +${((peak - before) / 2 ** 20).toFixed(0)} MiB`,
    );
  }
} finally {
  await sql.end();
  await app.close();
  if (process.env.BENCH_KEEP) console.log(`\nkept ${DB} (BENCH_KEEP)`);
  else await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.end();
}
