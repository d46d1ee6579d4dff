// npm run bench:ads — Ad Intelligence's reads at scale on PostgreSQL: 2,000 campaigns (1,200 on Meta Ads, 800 on
// Google Ads, two ads each) × 90 days of daily rows, 1,000,000 tracked sessions with their scores, and 50,000
// conversions (40,000 tracked, a quarter of them confirmed by a linked Stripe payment, and 10,000 payments no
// tracked conversion reported). The data is bulk-loaded with SQL into a database of its own (ads_bench, dropped
// after); the first read builds the rollups; then each endpoint is called through the app and its p50 and p95
// printed (target: p95 under 150 ms). Asserts nothing.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { neuromindModelInUse } from '../apps/server/src/modules/scoring/index.js';

const BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB = 'ads_bench';
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1_000_000);
const VISITORS = Math.round(SESSIONS * 0.6);
const META_CAMPAIGNS = 1_200;
const GOOGLE_CAMPAIGNS = 800;
const DAYS = 90;
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

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
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
  const signup = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: {
      email: `bench-${Date.now()}@example.test`,
      password: 'Bench-Mark-Password-1',
      data: { first_name: 'Bench', business_name: 'Bench Ads Co' },
    },
  });
  const headers = { authorization: `Bearer ${signup.json().session.access_token}` };
  const businessId = (await app.inject({ method: 'GET', url: '/api/v1/businesses', headers }))
    .json()
    .businesses.find((b: { role: string }) => b.role === 'owner').id as string;

  // ───────────── bulk load ─────────────
  let started = performance.now();
  const step = async (label: string, text: string, values: unknown[] = [businessId]) => {
    const t0 = performance.now();
    const result = await sql.query(text, values);
    console.log(`  ${label}: ${(result.rowCount ?? 0).toLocaleString('en-US')} rows in ${seconds(t0)}`);
    return result;
  };
  console.log('\nloading');
  await sql.query('SELECT setseed(0.42)');
  const integration = async (provider: string) =>
    (
      await sql.query(
        `INSERT INTO integrations (business_id, provider, name, status, credentials, credential_hints, vendor_account, last_sync_at)
         VALUES ($1, $2, $2, 'connected', 'v1.bench-never-used', '{}', '{"id":"1","name":"Bench","currency":"USD","time_zone":"UTC"}', now())
         RETURNING id`,
        [businessId, provider],
      )
    ).rows[0].id as string;
  const metaId = await integration('facebook_ads');
  const googleId = await integration('google_ads');
  const stripeId = await integration('stripe');
  const today = `(now() AT TIME ZONE 'UTC')::date`;

  await step(
    'meta_campaigns',
    `INSERT INTO meta_campaigns (business_id, integration_id, vendor_id, account_id, name, status, effective_status, currency, start_time)
     SELECT $1, $2, (120000000000 + c)::text, '1', 'meta-campaign-' || c, 'ACTIVE',
            CASE WHEN c % 7 = 6 THEN 'PAUSED' ELSE 'ACTIVE' END, 'usd', now() - interval '120 days'
       FROM generate_series(0, ${META_CAMPAIGNS - 1}) c`,
    [businessId, metaId],
  );
  await step(
    'meta_adsets',
    `INSERT INTO meta_adsets (business_id, integration_id, vendor_id, account_id, name, campaign_id, status, daily_budget, currency)
     SELECT $1, $2, (130000000000 + c)::text, '1', 'adset ' || c, (120000000000 + c)::text, 'ACTIVE',
            (2000 + (c * 37) % 8000), 'usd'
       FROM generate_series(0, ${META_CAMPAIGNS - 1}) c`,
    [businessId, metaId],
  );
  await step(
    'meta_ads + creatives',
    `WITH a AS (SELECT g AS a, g / 2 AS c FROM generate_series(0, ${META_CAMPAIGNS * 2 - 1}) g),
          ads AS (INSERT INTO meta_ads (business_id, integration_id, vendor_id, account_id, name, campaign_id, adset_id, creative_id, status, effective_status)
                  SELECT $1, $2, (200000000000 + a)::text, '1', 'ad-' || (a % 2) || ' of ' || c, (120000000000 + c)::text,
                         (130000000000 + c)::text, (300000000000 + a)::text, 'ACTIVE', 'ACTIVE' FROM a RETURNING 1)
     INSERT INTO meta_creatives (business_id, integration_id, vendor_id, account_id, name, title, body, object_type, utm)
     SELECT $1, $2, (300000000000 + a)::text, '1', 'creative ' || a,
            CASE WHEN a % 3 = 0 THEN 'Last chance: 30% off ends tonight' ELSE 'Loved by 10,000 runners' END,
            'Free shipping and returns. Shop now.', CASE WHEN a % 4 = 0 THEN 'VIDEO' ELSE 'SHARE' END,
            jsonb_build_object('utm_source', 'facebook', 'utm_medium', 'paid_social', 'utm_campaign', 'meta-campaign-' || c,
                               'utm_content', 'ad-' || (a % 2))
       FROM a`,
    [businessId, metaId],
  );
  await step(
    'meta_ad_insights',
    `INSERT INTO meta_ad_insights (business_id, integration_id, ad_id, date, account_id, campaign_id, adset_id, currency,
                                   spend, impressions, reach, frequency, clicks, actions, action_values)
     SELECT $1, $2, (200000000000 + a)::text, ${today} - d, '1', (120000000000 + a / 2)::text, (130000000000 + a / 2)::text,
            'usd', x.spend, x.impressions, (x.impressions / 1.3)::bigint, 1.3 + (90 - d) / 90.0, x.clicks,
            jsonb_build_object('purchase', x.purchases), jsonb_build_object('purchase', x.purchases * 6000)
       FROM generate_series(0, ${META_CAMPAIGNS * 2 - 1}) a, generate_series(0, ${DAYS - 1}) d,
            LATERAL (SELECT (1000 + random() * 4000)::bigint AS spend, (2000 + random() * 6000)::bigint AS impressions,
                            (20 + random() * 120 * (0.6 + d / 225.0))::bigint AS clicks,
                            (random() * 4)::int AS purchases) x`,
    [businessId, metaId],
  );
  await step(
    'google_campaigns',
    `INSERT INTO google_campaigns (business_id, integration_id, vendor_id, created_at, name, status, daily_budget, currency, final_url_suffix, utm_campaign)
     SELECT $1, $2, (21000000000 + c)::text, now(), 'google-campaign-' || c, CASE WHEN c % 9 = 8 THEN 'PAUSED' ELSE 'ENABLED' END,
            (3000 + (c * 53) % 9000), 'usd', 'utm_source=google&utm_medium=cpc&utm_campaign=google-campaign-' || c,
            'google-campaign-' || c
       FROM generate_series(0, ${GOOGLE_CAMPAIGNS - 1}) c`,
    [businessId, googleId],
  );
  await step(
    'google_ad_groups + ads',
    `WITH g AS (INSERT INTO google_ad_groups (business_id, integration_id, vendor_id, created_at, campaign_id, name, status)
                SELECT $1, $2, (31000000000 + c)::text, now(), (21000000000 + c)::text, 'group ' || c, 'ENABLED'
                  FROM generate_series(0, ${GOOGLE_CAMPAIGNS - 1}) c RETURNING 1)
     INSERT INTO google_ads (business_id, integration_id, vendor_id, created_at, ad_id, ad_group_id, campaign_id, name, type, status, headlines, descriptions)
     SELECT $1, $2, (31000000000 + a / 2) || '~' || (41000000000 + a), now(), (41000000000 + a)::text, (31000000000 + a / 2)::text,
            (21000000000 + a / 2)::text, NULL, 'RESPONSIVE_SEARCH_AD', 'ENABLED',
            '["Trail shoes, free returns", "Rated 4.8 by 2,000 runners"]', '["Order today, delivered tomorrow."]'
       FROM generate_series(0, ${GOOGLE_CAMPAIGNS * 2 - 1}) a`,
    [businessId, googleId],
  );
  await step(
    'google_ad_metrics',
    `INSERT INTO google_ad_metrics (business_id, integration_id, ad_key, date, campaign_id, ad_group_id, cost, currency,
                                    impressions, clicks, conversions, conversions_value)
     SELECT $1, $2, (31000000000 + a / 2) || '~' || (41000000000 + a), ${today} - d, (21000000000 + a / 2)::text,
            (31000000000 + a / 2)::text, (500 + random() * 3000)::bigint, 'usd', (100 + random() * 900)::bigint,
            (5 + random() * 60)::bigint, round((random() * 3)::numeric, 1), (random() * 20000)::bigint
       FROM generate_series(0, ${GOOGLE_CAMPAIGNS * 2 - 1}) a, generate_series(0, ${DAYS - 1}) d`,
    [businessId, googleId],
  );

  // Sessions: 40 % paid (Meta or Google tags, half with a click id), 10 % e-mail, the rest organic, direct, referral.
  await step(
    'tracking_sessions',
    `INSERT INTO tracking_sessions (business_id, id, tracking_id, visitor_id, timeout_ms, started_at, last_event_at, events_count,
                                    page_views, utm_source, utm_medium, utm_campaign, utm_content, fbclid, gclid,
                                    traffic_source, conversions, conversion_value)
     SELECT $1, md5('s' || g)::uuid, 'bench', md5('v' || visitor)::uuid, 1800000, at, at + interval '6 minutes', 8, 3,
            CASE WHEN kind < 0.4 THEN CASE WHEN meta THEN 'facebook' ELSE 'google' END WHEN kind < 0.5 THEN 'newsletter' END,
            CASE WHEN kind < 0.4 THEN CASE WHEN meta THEN 'paid_social' ELSE 'cpc' END WHEN kind < 0.5 THEN 'email' END,
            CASE WHEN kind < 0.4 THEN CASE WHEN meta THEN 'meta-campaign-' || camp ELSE 'google-campaign-' || (camp - ${META_CAMPAIGNS}) END
                 WHEN kind < 0.5 THEN 'weekly-' || (g % 12) END,
            CASE WHEN kind < 0.4 AND meta THEN 'ad-' || (g % 2) END,
            CASE WHEN kind < 0.2 AND meta THEN 'fb.' || g END,
            CASE WHEN kind < 0.2 AND NOT meta THEN 'g.' || g END,
            CASE WHEN kind < 0.2 THEN CASE WHEN meta THEN 'paid_social' ELSE 'paid_search' END
                 WHEN kind < 0.4 THEN CASE WHEN meta THEN 'paid_social' ELSE 'paid_search' END
                 WHEN kind < 0.5 THEN 'email' WHEN kind < 0.75 THEN 'organic_search' WHEN kind < 0.92 THEN 'direct' ELSE 'referral' END,
            CASE WHEN conv < 0.04 THEN 1 ELSE 0 END, CASE WHEN conv < 0.04 THEN round((20 + conv * 3000)::numeric, 2) ELSE 0 END
       FROM (SELECT g, random() AS kind, floor(random() * ${META_CAMPAIGNS + GOOGLE_CAMPAIGNS})::int AS camp,
                    floor(random() * ${VISITORS})::int AS visitor, now() - random() * interval '${DAYS} days' AS at,
                    random() AS conv FROM generate_series(1, ${SESSIONS}) g) r,
            LATERAL (SELECT r.camp < ${META_CAMPAIGNS} AS meta) m`,
  );
  await step(
    'session_intelligence',
    `INSERT INTO session_intelligence (business_id, session_id, folded_events, signal_state, journey_state, flow_state, signals,
                                       readiness_score, neuromind_profile, profile_model, last_event_at)
     SELECT business_id, id, 8, '{}', '{}', '{}', '{}',
            CASE WHEN random() < 0.9 THEN round((random() * 100)::numeric, 1) END,
            (ARRAY['Fast-Mover','Proof-Driven','Reassurer','Skeptic','Optimizer','Authority-Seeker','Experience-First',NULL])[1 + floor(random() * 8)::int],
            $2, last_event_at
       FROM tracking_sessions WHERE business_id = $1`,
    // Profiled by the model in use, as the scorer stores them: else the scoring sweep would refold the
    // last 7 days' sessions while the bench measures.
    [businessId, neuromindModelInUse()],
  );
  await step(
    'conversion events',
    `INSERT INTO tracking_events (business_id, id, session_id, type, occurred_at, data)
     SELECT business_id, md5('e' || id::text)::uuid, id, 'conversion', started_at + interval '2 minutes',
            jsonb_build_object('value', conversion_value)
       FROM tracking_sessions WHERE business_id = $1 AND conversions > 0`,
  );
  await step(
    'stripe_charges confirming 10,000 tracked conversions',
    `INSERT INTO stripe_charges (business_id, integration_id, vendor_id, created_at, amount, amount_refunded, currency, status, paid, metadata)
     SELECT $1, $2, 'ch_c' || row_number() OVER (), started_at + interval '30 minutes', (1900 + (abs(hashtext(id::text)) % 20000)),
            0, 'usd', 'succeeded', true, jsonb_build_object('client_reference_id', visitor_id::text)
       FROM (SELECT id, visitor_id, started_at FROM tracking_sessions WHERE business_id = $1 AND conversions > 0
              ORDER BY id LIMIT 10000) s`,
    [businessId, stripeId],
  );
  await step(
    'stripe_charges without a tracked conversion',
    `INSERT INTO stripe_charges (business_id, integration_id, vendor_id, created_at, amount, amount_refunded, currency, status, paid, metadata)
     SELECT $1, $2, 'ch_s' || row_number() OVER (), least(now(), started_at + interval '2 hours'),
            (4900 + (abs(hashtext(id::text)) % 30000)), 0, 'usd', 'succeeded', true,
            jsonb_build_object('client_reference_id', visitor_id::text)
       FROM (SELECT id, visitor_id, started_at FROM tracking_sessions WHERE business_id = $1 AND conversions = 0
              ORDER BY id LIMIT 10000) s`,
    [businessId, stripeId],
  );
  await sql.query('ANALYZE');
  console.log(`loaded in ${seconds(started)}`);

  // ───────────── first read: the rollups are built ─────────────
  const call = async (url: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res;
  };
  started = performance.now();
  await call('/analytics/ad-intelligence-summary');
  console.log(`\nfirst read, building every rollup from the raw rows: ${seconds(started)}`);
  const counts = (
    await sql.query(
      `SELECT (SELECT count(*) FROM ad_conversions WHERE business_id = $1) AS conversions,
              (SELECT count(*) FROM ad_conversions WHERE business_id = $1 AND verified AND tracked) AS confirmed,
              (SELECT count(*) FROM ad_touches WHERE business_id = $1) AS touches,
              (SELECT count(*) FROM ad_session_daily WHERE business_id = $1) AS session_rows,
              (SELECT count(*) FROM ad_utm_daily WHERE business_id = $1) AS utm_rows,
              (SELECT count(*) FROM ad_daily WHERE business_id = $1) AS ad_rows`,
      [businessId],
    )
  ).rows[0];
  console.log(
    `  ${Number(counts.conversions).toLocaleString('en-US')} conversions (${Number(counts.confirmed).toLocaleString('en-US')} confirmed by a payment), ${Number(counts.touches).toLocaleString('en-US')} touches, rollup rows: ${Number(counts.ad_rows).toLocaleString('en-US')} ad days, ${Number(counts.session_rows).toLocaleString('en-US')} session days, ${Number(counts.utm_rows).toLocaleString('en-US')} UTM days`,
  );

  // ───────────── the reads ─────────────
  const endpoints: [string, string][] = [];
  for (const days of [30, 90]) {
    endpoints.push(
      [`ad-metrics (${days} d)`, `/analytics/ad-metrics?days=${days}`],
      [`ad-intelligence-summary (${days} d)`, `/analytics/ad-intelligence-summary?days=${days}`],
      [`campaign-performance (${days} d)`, `/analytics/campaign-performance?days=${days}`],
      [`campaign-performance-extended (${days} d)`, `/analytics/campaign-performance-extended?days=${days}`],
      [`creative-performance-extended (${days} d)`, `/analytics/creative-performance-extended?days=${days}`],
      [`channel-insights-extended (${days} d)`, `/analytics/channel-insights-extended?days=${days}`],
      [`utm-attribution-analysis (${days} d)`, `/analytics/utm-attribution-analysis?days=${days}`],
      [`campaigns/:id (${days} d)`, `/analytics/campaigns/facebook_120000000007?days=${days}`],
    );
  }
  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const measure = async (url: string, runs = RUNS) => {
    for (let i = 0; i < 3; i++) await call(url);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await call(url);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  };
  const rows: string[] = [];
  const line = (label: string, r: { p50: number; p95: number }) => {
    const text = `  ${label.padEnd(44)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms${r.p95 < 150 ? '' : '   (over 150 ms)'}`;
    rows.push(text);
    console.log(text);
  };
  console.log(`\nreads (${RUNS} calls each after 3 warm-ups, through the app: auth, validation, JSON)`);
  for (const [label, url] of endpoints) line(label, await measure(url));

  // The model comparison: computed once per rollup version, then served from the cache.
  for (const days of [30, 90]) {
    const url = `/analytics/conversion-attribution-mapping?days=${days}`;
    started = performance.now();
    await call(url);
    console.log(`  conversion-attribution-mapping (${days} d): computed (cold) in ${seconds(started)}`);
    line(`conversion-attribution-mapping (${days} d, cached)`, await measure(url));
  }

  // New visitors arrive: the next read refreshes the days that changed, then answers.
  await sql.query(
    `INSERT INTO tracking_sessions (business_id, id, tracking_id, visitor_id, timeout_ms, started_at, last_event_at, utm_source,
                                    utm_medium, utm_campaign, traffic_source)
     SELECT $1, md5('new' || g)::uuid, 'bench', md5('v' || g)::uuid, 1800000, now() - interval '5 minutes', now(), 'facebook',
            'paid_social', 'meta-campaign-' || (g % 100), 'paid_social' FROM generate_series(1, 500) g`,
    [businessId],
  );
  await sql.query(
    `UPDATE ad_refresh_state SET sessions_dirty_from = (now() AT TIME ZONE 'UTC')::date - 1, sessions_seq = sessions_seq + 1
      WHERE business_id = $1`,
    [businessId],
  );
  const version = async () =>
    Number(
      (await sql.query('SELECT version FROM ad_refresh_state WHERE business_id = $1', [businessId])).rows[0].version,
    );
  const before = await version();
  started = performance.now();
  await call('/analytics/campaign-performance-extended');
  console.log(`\n500 new sessions: the next read answers from the last refresh in ${seconds(started)},`);
  while ((await version()) === before) await new Promise((r) => setTimeout(r, 20));
  console.log(`  and the refresh of the changed days behind it took ${seconds(started)}`);
} finally {
  await sql.end();
  await app.close();
  if (process.env.BENCH_KEEP) console.log(`\nkept ${DB} (BENCH_KEEP)`);
  else {
    await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    console.log(`\ndropped ${DB}`);
  }
  await admin.end();
}
