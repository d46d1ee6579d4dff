// npm run bench:dashboard — the main dashboard (GET /analytics/dashboard) at scale on PostgreSQL: 2,000 campaigns
// (1,200 on Meta Ads, 800 on Google Ads, two ads each) × 90 days of daily rows, 1,000,000 tracked sessions with their
// scores and 10,000,000 events, and 200,000 Stripe payments with their balance transactions (about 3 % refunded, a
// few disputed). The data is bulk-loaded with SQL into a database of its own (dashboard_bench, dropped after; kept
// with BENCH_KEEP=1). Then: the first read (it builds the rollups), p50 and p95 of the 7, 30 and 90-day windows with
// nothing else running, and the same while events are ingested over HTTP at 5,000 events/s from a separate process,
// with the rollups' lag sampled every 2 s. Target: p95 under 150 ms. Prints figures; asserts nothing.
//
// The bench runs with JOBS_ENABLED=false, so the minute jobs that refresh the rollups in production
// (dashboard.refresh-rollups, ads.refresh-rollups) are run by the bench itself, at every full minute as pg-boss's
// cron would; reads refresh behind their answer as they do in production.
//
// Knobs: BENCH_SESSIONS (1,000,000; events are 10 a session, payments a fifth of the sessions), BENCH_RUNS (40 per
// window without ingestion), BENCH_SECONDS (60: ingestion with reads), BENCH_QUIET_SECONDS (70: ingestion continued
// without reads, the jobs alone keeping the rollups current), BENCH_RATE (5,000 events/s), BENCH_KEEP.

import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type LoadResult, runLoad } from './http-load.js';
import { batchWriter } from './realistic-batch.js';

type LoadJob = {
  url: string;
  origin: string;
  trackingId: string;
  connections: number;
  duration: number;
  overallRate: number;
  batchesPerSession: number;
};

const WORKER_FLAG = 'BENCH_DASHBOARD_LOAD_WORKER';

if (process.env[WORKER_FLAG] === '1') await loadWorker();
else await main();

/**
 * The load generator, run in a child process (this file, forked): 500 visitors browse at once, each sending
 * `batchesPerSession` batches of 10 events (wire v3, as the SDK: the server assigns the sessions) before a new
 * visitor takes their place, so new sessions start all the time as on a real site.
 */
async function loadWorker() {
  const job = await new Promise<LoadJob>((resolve) => process.once('message', (m) => resolve(m as LoadJob)));
  // Staggered, so that as many visitors leave (and new ones arrive) in every round of the 500.
  const slots = Array.from({ length: 500 }, (_, i) => ({
    visitor: randomUUID(),
    left: job.batchesPerSession - (i % job.batchesPerSession),
  }));
  let n = 0;
  let visitors = slots.length;
  const write = batchWriter(job.trackingId, job.origin, 'v3');
  const result = await runLoad({
    url: `${job.url}/api/v1/tracking/batch-events`,
    connections: job.connections,
    durationSeconds: job.duration,
    overallRate: job.overallRate,
    headers: {
      'content-type': 'text/plain',
      origin: job.origin,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    },
    body() {
      const slot = slots[n++ % slots.length]!;
      if (slot.left-- <= 0) {
        slot.visitor = randomUUID();
        slot.left = job.batchesPerSession - 1;
        visitors++;
      }
      return write(randomUUID(), slot.visitor);
    },
  });
  process.send!({ ...result, visitors }, () => process.disconnect());
}

async function main() {
  const { buildApp } = await import('../apps/server/src/app.js');
  const { loadConfig } = await import('../apps/server/src/config.js');
  const { dirtyDashboards, refreshDashboardOnce } = await import(
    '../apps/server/src/modules/dashboard/dashboard.rollups.js'
  );
  const { staleBusinesses } = await import('../apps/server/src/modules/ads/refresh.js');
  const { refreshOnce } = await import('../apps/server/src/modules/ads/freshness.js');
  const { neuromindModelInUse } = await import('../apps/server/src/modules/scoring/index.js');

  const BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const DB = 'dashboard_bench';
  const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1_000_000);
  const VISITORS = Math.round(SESSIONS * 0.6);
  const EVENTS_PER_SESSION = 10;
  const PAYMENTS = Math.round(SESSIONS / 5);
  const META_CAMPAIGNS = 1_200;
  const GOOGLE_CAMPAIGNS = 800;
  const DAYS = 90;
  const RUNS = Number(process.env.BENCH_RUNS ?? 40);
  const READ_SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
  const QUIET_SECONDS = Number(process.env.BENCH_QUIET_SECONDS ?? 70);
  const RATE = Number(process.env.BENCH_RATE ?? 5_000); // events/s, in batches of 10
  const ORIGIN = 'https://bench-shop.example';
  const WINDOWS = [7, 30, 90];

  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
  };
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

  const built = await buildApp(
    loadConfig({
      DATABASE_URL: dbUrl(DB),
      AUTH_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ri-bench-')),
      LOG_LEVEL: 'silent',
      JOBS_ENABLED: 'false',
      API_RATE_LIMIT_PER_USER: '1000000',
      API_EXPENSIVE_LIMIT_PER_USER_PER_MINUTE: '1000000',
      TRACKING_RATE_LIMIT_PER_IP: '1000000',
      TRACKING_RATE_LIMIT_PER_TRACKING_ID: '1000000',
    }),
  );
  const { app, database } = built;
  const sql = new pg.Client({ connectionString: dbUrl(DB) });
  await sql.connect();
  let child: ChildProcess | undefined;
  let jobTimer: NodeJS.Timeout | undefined;

  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const serverUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const signup = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        email: `bench-${Date.now()}@example.test`,
        password: 'Bench-Mark-Password-1',
        data: { first_name: 'Bench', business_name: 'Bench Dashboard Co' },
      },
    });
    const headers = { authorization: `Bearer ${signup.json().session.access_token}` };
    const businessId = (await app.inject({ method: 'GET', url: '/api/v1/businesses', headers }))
      .json()
      .businesses.find((b: { role: string }) => b.role === 'owner').id as string;
    const trackingId = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/tracking/generate-script',
        headers,
        payload: { allowed_origins: [ORIGIN] },
      })
    ).json().trackingId as string;

    // ───────────── bulk load ─────────────
    const started = performance.now();
    const step = async (label: string, text: string, values: unknown[] = [businessId]) => {
      const t0 = performance.now();
      const result = await sql.query(text, values);
      console.log(`  ${label}: ${fmt(result.rowCount ?? 0)} rows in ${seconds(t0)}`);
      return result;
    };
    console.log(
      `\nloading ${fmt(SESSIONS)} sessions, ${fmt(SESSIONS * EVENTS_PER_SESSION)} events, ${fmt(PAYMENTS)} payments, ` +
        `${fmt(META_CAMPAIGNS + GOOGLE_CAMPAIGNS)} campaigns × ${DAYS} days`,
    );
    await sql.query('SELECT setseed(0.42)');
    const integration = async (provider: string, accountInfo: unknown = null) =>
      (
        await sql.query(
          `INSERT INTO integrations (business_id, provider, name, status, credentials, credential_hints, vendor_account,
                                     account_info, last_sync_at)
           VALUES ($1, $2, $2, 'connected', 'v1.bench-never-used', '{}',
                   '{"id":"1","name":"Bench","currency":"USD","time_zone":"UTC"}', $3, now())
           RETURNING id`,
          [businessId, provider, accountInfo === null ? null : JSON.stringify(accountInfo)],
        )
      ).rows[0].id as string;
    const metaId = await integration('facebook_ads');
    const googleId = await integration('google_ads');
    const stripeId = await integration('stripe', { id: 'acct_bench', default_currency: 'usd', country: 'US' });
    const today = `(now() AT TIME ZONE 'UTC')::date`;

    // Ad delivery, as bench/ads.ts loads it.
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

    // Sessions: 40 % paid (Meta or Google tags, half with a click id), 10 % e-mail, the rest organic, direct, referral;
    // 1 to 6 pages, up to 15 minutes, 4 % converting, 5 % with rage clicks.
    await step(
      'tracking_sessions',
      `INSERT INTO tracking_sessions (business_id, id, tracking_id, visitor_id, timeout_ms, started_at, last_event_at, events_count,
                                      page_views, clicks, rage_clicks, utm_source, utm_medium, utm_campaign, utm_content, fbclid, gclid,
                                      traffic_source, conversions, conversion_value, first_url, last_url)
       SELECT $1, md5('s' || g)::uuid, $2, md5('v' || visitor)::uuid, 1800000, at, at + (random() * 900) * interval '1 second',
              ${EVENTS_PER_SESSION}, 1 + g % 6, 1 + g % 4, CASE WHEN g % 20 = 3 THEN 1 + g % 3 ELSE 0 END,
              CASE WHEN kind < 0.4 THEN CASE WHEN meta THEN 'facebook' ELSE 'google' END WHEN kind < 0.5 THEN 'newsletter' END,
              CASE WHEN kind < 0.4 THEN CASE WHEN meta THEN 'paid_social' ELSE 'cpc' END WHEN kind < 0.5 THEN 'email' END,
              CASE WHEN kind < 0.4 THEN CASE WHEN meta THEN 'meta-campaign-' || camp ELSE 'google-campaign-' || (camp - ${META_CAMPAIGNS}) END
                   WHEN kind < 0.5 THEN 'weekly-' || (g % 12) END,
              CASE WHEN kind < 0.4 AND meta THEN 'ad-' || (g % 2) END,
              CASE WHEN kind < 0.2 AND meta THEN 'fb.' || g END,
              CASE WHEN kind < 0.2 AND NOT meta THEN 'g.' || g END,
              CASE WHEN kind < 0.4 THEN CASE WHEN meta THEN 'paid_social' ELSE 'paid_search' END
                   WHEN kind < 0.5 THEN 'email' WHEN kind < 0.75 THEN 'organic_search' WHEN kind < 0.92 THEN 'direct' ELSE 'referral' END,
              CASE WHEN conv < 0.04 THEN 1 ELSE 0 END, CASE WHEN conv < 0.04 THEN round((20 + conv * 3000)::numeric, 2) ELSE 0 END,
              '${ORIGIN}/', '${ORIGIN}/checkout'
         FROM (SELECT g, random() AS kind, floor(random() * ${META_CAMPAIGNS + GOOGLE_CAMPAIGNS})::int AS camp,
                      floor(random() * ${VISITORS})::int AS visitor, now() - random() * interval '${DAYS} days' AS at,
                      random() AS conv FROM generate_series(1, ${SESSIONS}) g) r,
              LATERAL (SELECT r.camp < ${META_CAMPAIGNS} AS meta) m`,
      [businessId, trackingId],
    );
    await step(
      'session_intelligence',
      `INSERT INTO session_intelligence (business_id, session_id, folded_events, signal_state, journey_state, flow_state, signals,
                                         readiness_score, neuromind_profile, profile_model, last_event_at)
       SELECT business_id, id, ${EVENTS_PER_SESSION}, '{}', '{}', '{}', '{}',
              CASE WHEN random() < 0.9 THEN round((random() * 100)::numeric, 1) END,
              (ARRAY['Fast-Mover','Proof-Driven','Reassurer','Skeptic','Optimizer','Authority-Seeker','Experience-First',NULL])[1 + floor(random() * 8)::int],
              $2, last_event_at
         FROM tracking_sessions WHERE business_id = $1`,
      // Profiled by the model in use, as the scorer stores them: else the scoring sweep would refold the
      // last 7 days' sessions while the bench measures.
      [businessId, neuromindModelInUse()],
    );

    // Events: 10 a session, spread from its start to its last event; a converting session's last is its conversion.
    // Loaded without the table's indexes, which are built after (as a restore would).
    const t0 = performance.now();
    const { rows: indexes } = await sql.query(
      `SELECT i.indexname, i.indexdef, c.conname FROM pg_indexes i
         LEFT JOIN pg_constraint c ON c.conname = i.indexname AND c.conrelid = 'tracking_events'::regclass
        WHERE i.tablename = 'tracking_events'`,
    );
    for (const ix of indexes) {
      await sql.query(
        ix.conname ? `ALTER TABLE tracking_events DROP CONSTRAINT ${ix.conname}` : `DROP INDEX ${ix.indexname}`,
      );
    }
    const { rows: span } = await sql.query(
      'SELECT min(started_at) AS first, max(started_at) AS last FROM tracking_sessions WHERE business_id = $1',
      [businessId],
    );
    const first = new Date(span[0].first as string).getTime();
    const last = new Date(span[0].last as string).getTime() + 1;
    const CHUNKS = Math.max(1, Math.ceil(SESSIONS / 100_000));
    let events = 0;
    for (let c = 0; c < CHUNKS; c++) {
      const from = new Date(first + ((last - first) * c) / CHUNKS);
      const to = new Date(first + ((last - first) * (c + 1)) / CHUNKS);
      const r = await sql.query(
        `INSERT INTO tracking_events (business_id, id, session_id, type, occurred_at, received_at, url, el, data)
         SELECT s.business_id, md5(s.id::text || k)::uuid, s.id, t.type,
                s.started_at + (s.last_event_at - s.started_at) * (k / ${EVENTS_PER_SESSION - 1}.0),
                s.started_at + (s.last_event_at - s.started_at) * (k / ${EVENTS_PER_SESSION - 1}.0) + interval '2 seconds',
                '${ORIGIN}' || (ARRAY['/', '/pricing', '/product/trail-runner', '/reviews', '/cart', '/checkout'])[1 + k % 6],
                CASE WHEN t.type IN ('click', 'cta_hover') THEN 'button#add-to-cart.btn.primary' END,
                CASE t.type WHEN 'conversion' THEN jsonb_build_object('value', s.conversion_value)
                            WHEN 'scroll' THEN '{"depth": 64, "velocity": 520}'::jsonb
                            WHEN 'page_view' THEN '{"path": "/"}'::jsonb
                            ELSE '{}'::jsonb END
           FROM tracking_sessions s, generate_series(0, ${EVENTS_PER_SESSION - 1}) k,
                LATERAL (SELECT CASE WHEN k = ${EVENTS_PER_SESSION - 1} AND s.conversions > 0 THEN 'conversion'
                                     ELSE (ARRAY['page_view', 'scroll', 'mouse_movement', 'click', 'page_view', 'scroll',
                                                 'cta_hover', 'form_interaction', 'page_view', 'page_hide'])[1 + k % 10] END AS type) t
          WHERE s.business_id = $1 AND s.started_at >= $2 AND s.started_at < $3`,
        [businessId, from, to],
      );
      events += r.rowCount ?? 0;
    }
    console.log(`  tracking_events: ${fmt(events)} rows in ${seconds(t0)} (${CHUNKS} statements, no indexes)`);
    const t1 = performance.now();
    await sql.query(`SET maintenance_work_mem = '512MB'`);
    for (const ix of indexes) {
      await sql.query(ix.indexdef); // a primary key's is its unique index, attached to the constraint next
      if (ix.conname) {
        await sql.query(
          `ALTER TABLE tracking_events ADD CONSTRAINT ${ix.conname} PRIMARY KEY USING INDEX ${ix.conname}`,
        );
      }
    }
    await sql.query('RESET maintenance_work_mem');
    console.log(`  tracking_events indexes (${indexes.map((i) => i.indexname).join(', ')}) built in ${seconds(t1)}`);

    // Payments: every converting session's visitor pays 30 minutes later; the rest are payments no tracked conversion
    // reported, by the visitor of a random session 10 minutes to 2 hours after it started. About 3 % are refunded in
    // full a few days later, 0.2 % disputed.
    await step(
      'stripe_charges for tracked conversions',
      `INSERT INTO stripe_charges (business_id, integration_id, vendor_id, created_at, amount, amount_refunded, currency, status,
                                   paid, balance_transaction_id, metadata)
       SELECT $1, $2, 'ch_' || n, at, amount, CASE WHEN abs(hashtext('r' || n)) % 100 < 3 THEN amount ELSE 0 END, 'usd',
              'succeeded', true, 'txn_' || n, jsonb_build_object('client_reference_id', visitor_id::text)
         FROM (SELECT row_number() OVER (ORDER BY id) AS n, visitor_id, least(now(), started_at + interval '30 minutes') AS at,
                      1900 + abs(hashtext(id::text)) % 20000 AS amount
                 FROM tracking_sessions WHERE business_id = $1 AND conversions > 0 LIMIT ${PAYMENTS}) s`,
      [businessId, stripeId],
    );
    await step(
      'stripe_charges without a tracked conversion',
      `INSERT INTO stripe_charges (business_id, integration_id, vendor_id, created_at, amount, amount_refunded, currency, status,
                                   paid, balance_transaction_id, metadata)
       SELECT $1, $2, 'ch_' || n, least(now(), s.started_at + (10 + abs(hashtext('t' || n)) % 110) * interval '1 minute'),
              amount, CASE WHEN abs(hashtext('r' || n)) % 100 < 3 THEN amount ELSE 0 END, 'usd', 'succeeded', true, 'txn_' || n,
              jsonb_build_object('client_reference_id', s.visitor_id::text)
         FROM (SELECT n, md5('s' || (1 + floor(random() * ${SESSIONS})::int))::uuid AS session_id,
                      4900 + floor(random() * 30000)::int AS amount
                 FROM generate_series((SELECT count(*) + 1 FROM stripe_charges WHERE business_id = $1), ${PAYMENTS}) n) x
         JOIN tracking_sessions s ON s.business_id = $1 AND s.id = x.session_id`,
      [businessId, stripeId],
    );
    await step(
      'stripe_balance_transactions (charges)',
      `INSERT INTO stripe_balance_transactions (business_id, integration_id, vendor_id, created_at, type, reporting_category,
                                                amount, fee, net, currency, source_id, available_on)
       SELECT business_id, integration_id, balance_transaction_id, created_at, 'charge', 'charge', amount,
              round(amount * 0.029) + 30, amount - (round(amount * 0.029) + 30), currency, vendor_id, created_at + interval '2 days'
         FROM stripe_charges WHERE business_id = $1`,
    );
    await step(
      'stripe_balance_transactions (refunds)',
      `INSERT INTO stripe_balance_transactions (business_id, integration_id, vendor_id, created_at, type, reporting_category,
                                                amount, fee, net, currency, source_id, available_on)
       SELECT business_id, integration_id, 'txn_re_' || vendor_id, at, 'refund', 'refund', -amount_refunded, 0, -amount_refunded,
              currency, 're_' || vendor_id, at
         FROM (SELECT *, least(now(), created_at + (1 + abs(hashtext(vendor_id)) % 5) * interval '1 day') AS at
                 FROM stripe_charges WHERE business_id = $1 AND amount_refunded > 0) c`,
    );
    await step(
      'stripe_balance_transactions (disputes)',
      `INSERT INTO stripe_balance_transactions (business_id, integration_id, vendor_id, created_at, type, reporting_category,
                                                amount, fee, net, currency, source_id, available_on)
       SELECT business_id, integration_id, 'txn_dp_' || vendor_id, at, 'adjustment', 'dispute', -amount, 1500, -amount - 1500,
              currency, 'dp_' || vendor_id, at
         FROM (SELECT *, least(now(), created_at + interval '12 days') AS at
                 FROM stripe_charges WHERE business_id = $1 AND amount_refunded = 0
                  AND abs(hashtext('d' || vendor_id)) % 1000 < 2) c`,
    );
    await step(
      'dashboard goals and competitor prices',
      `WITH g AS (INSERT INTO dashboard_goals (business_id, monthly_revenue, conversion_rate, average_order_value, currency)
                  VALUES ($1, 900000, 4.5, 140, 'USD') RETURNING 1)
       INSERT INTO competitor_prices (business_id, competitor, product, price, own_price, currency)
       SELECT $1, 'Competitor ' || (c % 4), 'Trail runner ' || c, 110 + c * 3, 120, 'USD' FROM generate_series(1, 12) c`,
    );
    const t2 = performance.now();
    await sql.query('VACUUM ANALYZE');
    console.log(`  VACUUM ANALYZE: ${seconds(t2)}`);
    const { rows: loaded } = await sql.query(
      `SELECT (SELECT count(*) FROM tracking_sessions WHERE business_id = $1) AS sessions,
              (SELECT count(*) FROM tracking_events WHERE business_id = $1) AS events,
              (SELECT count(*) FROM stripe_charges WHERE business_id = $1) AS charges,
              (SELECT count(*) FROM stripe_balance_transactions WHERE business_id = $1) AS balance_transactions,
              (SELECT count(*) FILTER (WHERE reporting_category = 'refund') FROM stripe_balance_transactions WHERE business_id = $1) AS refunds,
              (SELECT count(*) FILTER (WHERE reporting_category = 'dispute') FROM stripe_balance_transactions WHERE business_id = $1) AS disputes,
              (SELECT count(*) FROM meta_ad_insights WHERE business_id = $1) + (SELECT count(*) FROM google_ad_metrics WHERE business_id = $1) AS ad_days,
              pg_size_pretty(pg_database_size(current_database())) AS size`,
      [businessId],
    );
    const l = loaded[0];
    console.log(
      `loaded in ${seconds(started)}: ${fmt(l.sessions)} sessions, ${fmt(l.events)} events, ${fmt(l.charges)} charges ` +
        `(${fmt(l.balance_transactions)} balance transactions: ${fmt(l.refunds)} refunds, ${fmt(l.disputes)} disputes), ` +
        `${fmt(l.ad_days)} ad days; database ${l.size}`,
    );

    // ───────────── first read: the rollups are built ─────────────
    const read = async (days: number) => {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/v1/analytics/dashboard?days=${days}`, headers });
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`dashboard ${days} d: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const asOf = res.json().as_of as string | null;
      // The server's own breakdown: "part;dur=ms, …".
      const parts: Record<string, number> = {};
      for (const entry of String(res.headers['server-timing'] ?? '').split(',')) {
        const [part, dur] = entry.trim().split(';dur=');
        if (part && dur) parts[part] = Number(dur);
      }
      return { ms, parts, asOfAgeMs: asOf ? Date.now() - Date.parse(asOf) : Number.NaN, body: res };
    };
    const t3 = performance.now();
    const firstRead = await read(30);
    console.log(`\nfirst read (30 d), building the dashboard's and the ads' rollups from the raw rows: ${seconds(t3)}`);
    const { rows: rollups } = await sql.query(
      `SELECT (SELECT count(*) FROM dashboard_session_daily WHERE business_id = $1) AS session_days,
              (SELECT count(*) FROM dashboard_money_daily WHERE business_id = $1) AS money_days,
              (SELECT count(*) FROM ad_daily WHERE business_id = $1) AS ad_days,
              (SELECT count(*) FROM ad_session_daily WHERE business_id = $1) AS ad_session_days`,
      [businessId],
    );
    console.log(
      `  rollup rows: ${fmt(rollups[0].session_days)} session days, ${fmt(rollups[0].money_days)} money days, ` +
        `${fmt(rollups[0].ad_days)} ad days, ${fmt(rollups[0].ad_session_days)} ad session days`,
    );
    const d = firstRead.body.json();
    const value = (p: string) => d.figures[p]?.value ?? `null (${d.figures[p]?.reason})`;
    console.log(
      `  30 d: revenue ${value('structural_tension.current_revenue')} ${d.currency}, AOV ${value('structural_tension.current_aov')}, ` +
        `CVR ${value('structural_tension.current_cvr')} %, readiness ${value('readiness_score')}, ad spend ${value('ad_intelligence.ad_spend')}, ` +
        `MER ${value('metric_intelligence.mer')}, ROAS ${value('metric_intelligence.roas')}, bounce ${value('behavior_intelligence.bounce_rate')} %, ` +
        `market sentiment ${value('market_intelligence.market_sentiment')}, competitor price diff ${value('market_intelligence.competitor_price_diff')} %`,
    );

    // The minute jobs, as pg-boss runs them with JOBS_ENABLED (each its own job; a run does nothing when nothing changed).
    const jobRuns: { at: number; text: string }[] = [];
    let loadStarted = Number.POSITIVE_INFINITY;
    const runJobs = async () => {
      const at = Date.now();
      const timed = async (label: string, ids: () => Promise<string[]>, refresh: (id: string) => Promise<boolean>) => {
        const t = performance.now();
        const businesses = await ids();
        for (const id of businesses) await refresh(id).catch((e) => console.error(`${label} failed`, e));
        return businesses.length ? `${label} ${(performance.now() - t).toFixed(0)} ms` : `${label} idle`;
      };
      const results = await Promise.all([
        timed(
          'dashboard.refresh-rollups',
          () => dirtyDashboards(database),
          (id) => refreshDashboardOnce(database, id),
        ),
        timed(
          'ads.refresh-rollups',
          () => staleBusinesses(database),
          (id) => refreshOnce(database, id),
        ),
      ]);
      jobRuns.push({ at, text: results.join(', ') });
    };
    const scheduleJobs = () => {
      jobTimer = setTimeout(
        () => {
          void runJobs();
          scheduleJobs();
        },
        60_000 - (Date.now() % 60_000),
      );
    };
    scheduleJobs();

    // ───────────── reads, nothing else running ─────────────
    const line = (label: string, times: number[], extra = '') => {
      const p95 = percentile(times, 95);
      console.log(
        `  ${label.padEnd(20)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms` +
          `   max ${Math.max(...times)
            .toFixed(1)
            .padStart(6)} ms   (${times.length} reads)${p95 < 150 ? '' : '   OVER 150 ms'}${extra}`,
      );
    };
    console.log(`\nreads without ingestion (${RUNS} each after 3 warm-ups, through the app: auth, validation, JSON)`);
    for (const days of WINDOWS) {
      for (let i = 0; i < 3; i++) await read(days);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push((await read(days)).ms);
      line(`dashboard ${days} d`, times);
    }

    // ───────────── reads while events are ingested ─────────────
    const batchesPerSession = 10;
    console.log(
      `\ningestion at ${fmt(RATE)} events/s (${fmt(RATE / 10)} requests/s of 10 events, 64 connections, from a separate ` +
        `process; 500 visitors at a time, a new one after ${batchesPerSession} batches) for ${READ_SECONDS + QUIET_SECONDS} s:` +
        `\n  reads of 7, 30 and 90 d in turn (100 ms apart) from 5 s to ${READ_SECONDS} s, then none for ${QUIET_SECONDS} s;` +
        `\n  rollups refreshed as in production: behind reads whose rollups are stale, and by the minute jobs at each full minute (run by the bench)`,
    );
    const ingestBefore = built.ingest.stats();
    loadStarted = Date.now();
    child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, [WORKER_FLAG]: '1' }, stdio: 'inherit' });
    const loadDone = new Promise<LoadResult & { visitors: number }>((resolve, reject) => {
      child!.once('message', (m) => resolve(m as LoadResult & { visitors: number }));
      child!.once('error', reject);
      child!.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
    });
    child.send({
      url: serverUrl,
      origin: ORIGIN,
      trackingId,
      connections: 64,
      duration: READ_SECONDS + QUIET_SECONDS,
      overallRate: RATE / 10,
      batchesPerSession,
    } satisfies LoadJob);

    // The lag, sampled every 2 s on a connection of its own: how far behind the rollups may be (the time since the later
    // of their last refresh, refreshed_at, and the start of the ingestion: what was stored before is counted), how many
    // of today's sessions the rollup's row for today does not count yet, and since when the oldest of those started.
    type Sample = {
      at: number;
      reads: boolean;
      ageMs: number;
      missing: number;
      oldestMissingMs: number;
      adAgeMs: number;
      adVersion: number;
    };
    const samples: Sample[] = [];
    const lagClient = new pg.Client({ connectionString: dbUrl(DB) });
    await lagClient.connect();
    let sampling = true;
    const todayStart = `(${today}::timestamp AT TIME ZONE 'UTC')`;
    const sampler = (async () => {
      while (sampling) {
        const next = performance.now() + 2000;
        const { rows } = await lagClient.query(
          `SELECT extract(epoch FROM clock_timestamp()) * 1000 AS now_ms, extract(epoch FROM st.refreshed_at) * 1000 AS refreshed_ms,
                  (SELECT version FROM ad_refresh_state WHERE business_id = $1) AS ad_version,
                  extract(epoch FROM (SELECT refreshed_at FROM ad_refresh_state WHERE business_id = $1)) * 1000 AS ad_refreshed_ms,
                  coalesce((SELECT sessions FROM dashboard_session_daily WHERE business_id = $1 AND date = ${today}), 0) AS rolled,
                  (SELECT count(*) FROM tracking_sessions
                    WHERE business_id = $1 AND started_at >= ${todayStart} AND suspect IS NULL) AS stored
             FROM dashboard_refresh_state st WHERE st.business_id = $1`,
          [businessId],
        );
        const r = rows[0];
        const missing = Math.max(0, Number(r.stored) - Number(r.rolled));
        let oldestMissingMs = 0;
        if (missing > 0) {
          const { rows: o } = await lagClient.query(
            `SELECT extract(epoch FROM clock_timestamp() - started_at) * 1000 AS ms FROM tracking_sessions
              WHERE business_id = $1 AND started_at >= ${todayStart} AND suspect IS NULL
              ORDER BY started_at OFFSET $2 LIMIT 1`,
            [businessId, Number(r.rolled)],
          );
          oldestMissingMs = Number(o[0]?.ms ?? 0);
        }
        const at = (Date.now() - loadStarted) / 1000;
        samples.push({
          at,
          reads: at < READ_SECONDS,
          ageMs: Number(r.now_ms) - Math.max(Number(r.refreshed_ms), loadStarted),
          missing,
          oldestMissingMs,
          adAgeMs: Number(r.now_ms) - Math.max(Number(r.ad_refreshed_ms), loadStarted),
          adVersion: Number(r.ad_version),
        });
        await sleep(Math.max(0, next - performance.now()));
      }
    })();

    await sleep(5_000);
    // The server runs in this process: how long its event loop was held up, and the CPU it used, while reading.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const cpuBefore = process.cpuUsage();
    // The server's connection pool, sampled every 20 ms: statements queued for a connection.
    const poolWaiting: number[] = [];
    const poolSampler = setInterval(() => poolWaiting.push(database.poolStats().waiting), 20);
    const readsStarted = performance.now();
    const during: Record<number, number[]> = { 7: [], 30: [], 90: [] };
    const asOfAges: number[] = [];
    const breakdowns: { ms: number; parts: Record<string, number> }[] = [];
    for (let i = 0; Date.now() - loadStarted < READ_SECONDS * 1000; i++) {
      const days = WINDOWS[i % WINDOWS.length]!;
      const r = await read(days);
      during[days]!.push(r.ms);
      breakdowns.push({ ms: r.ms, parts: r.parts });
      asOfAges.push(Math.min(r.asOfAgeMs, Date.now() - loadStarted));
      await sleep(100);
    }
    loopDelay.disable();
    clearInterval(poolSampler);
    const cpu = process.cpuUsage(cpuBefore);
    const serverCpu = (cpu.user + cpu.system) / 1000 / (performance.now() - readsStarted);
    const result = await loadDone;
    child = undefined;
    sampling = false;
    await sampler;
    await lagClient.end();
    await built.ingest.drain();
    const ingestAfter = built.ingest.stats();

    console.log(`\nreads during ingestion (from 5 s to ${READ_SECONDS} s)`);
    for (const days of WINDOWS) line(`dashboard ${days} d`, during[days]!);
    // Where the time went (the Server-Timing header): each part's median over all reads and over the slowest 10 %.
    // "before": from the request's arrival to the handler (authentication, the business's access); "total": the
    // handler; within it "fresh" then the dashboard's own reads then "money", beside the other modules' parts.
    const slowest = [...breakdowns]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, Math.max(1, Math.ceil(breakdowns.length / 10)));
    const partNames = [...new Set(breakdowns.flatMap((b) => Object.keys(b.parts)))];
    const median = (xs: number[]) => percentile(xs, 50).toFixed(1);
    console.log(
      `  the server's event loop (this process) was held up ${(loopDelay.percentile(50) / 1e6).toFixed(0)} ms at p50, ` +
        `${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms at p99, ${(loopDelay.max / 1e6).toFixed(0)} ms at most; ` +
        `it used ${(serverCpu * 100).toFixed(0)} % of a core; statements waiting for one of its ${database.poolStats().total} ` +
        `connections: ${percentile(poolWaiting, 50)} at p50, ${percentile(poolWaiting, 95)} at p95, ` +
        `${Math.max(...poolWaiting)} at most, none in ${((100 * poolWaiting.filter((w) => w === 0).length) / poolWaiting.length).toFixed(0)} % of samples`,
    );
    console.log(
      `  parts of a read, median ms (all reads / slowest 10 %): ${partNames
        .map(
          (p) =>
            `${p} ${median(breakdowns.map((b) => b.parts[p] ?? 0))}/${median(slowest.map((b) => b.parts[p] ?? 0))}`,
        )
        .join(', ')}`,
    );
    console.log(
      `  as_of of the answers (counted from the ingestion's start at most): ${(percentile(asOfAges, 50) / 1000).toFixed(1)} s old at p50, ${(percentile(asOfAges, 95) / 1000).toFixed(1)} s at p95, ` +
        `${(Math.max(...asOfAges) / 1000).toFixed(1)} s at most`,
    );
    const eventsPerSecond = (result.requests.total * 10) / result.duration;
    console.log(
      `\ningestion: ${fmt(eventsPerSecond)} events/s achieved (${fmt(result.requests.average)} req/s of 10 events over ${result.duration.toFixed(1)} s), ` +
        `ack latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
        `failed ${result.non2xx + result.errors + result.timeouts}; ${fmt(result.visitors)} visitors; ` +
        `${fmt(ingestAfter.eventsStored - ingestBefore.eventsStored)} events stored in ${fmt(ingestAfter.flushes - ingestBefore.flushes)} flushes`,
    );
    const lagLine = (label: string, s: Sample[]) => {
      if (s.length === 0) return;
      const sec = (xs: number[], p: number) => (percentile(xs, p) / 1000).toFixed(1);
      const ages = s.map((x) => x.ageMs);
      const oldest = s.map((x) => x.oldestMissingMs);
      const missing = s.map((x) => x.missing);
      const ad = s.map((x) => x.adAgeMs);
      console.log(
        `  ${label} (${s.length} samples):\n` +
          `    dashboard rollups behind by   ${sec(ages, 50)} s at p50, ${sec(ages, 95)} s at p95, ${sec(ages, 100)} s at most\n` +
          `    today's sessions not counted  ${fmt(percentile(missing, 50))} at p50, ${fmt(percentile(missing, 95))} at p95, ${fmt(Math.max(...missing))} at most;` +
          ` the oldest of them started ${sec(oldest, 50)} s before at p50, ${sec(oldest, 95)} s at p95, ${sec(oldest, 100)} s at most\n` +
          `    ad rollups behind by          ${sec(ad, 50)} s at p50, ${sec(ad, 95)} s at p95, ${sec(ad, 100)} s at most` +
          ` (${s[s.length - 1]!.adVersion - s[0]!.adVersion} ad refreshes completed between the first and last sample)`,
      );
    };
    console.log('\nrollups lag, sampled every 2 s');
    lagLine(
      `with reads (0-${READ_SECONDS} s)`,
      samples.filter((s) => s.reads),
    );
    lagLine(
      `minute jobs only (${READ_SECONDS}-${READ_SECONDS + QUIET_SECONDS} s)`,
      samples.filter((s) => !s.reads),
    );
    const runs = jobRuns.filter((r) => r.at >= loadStarted);
    console.log(
      `  minute jobs during the ingestion: ${runs.length ? runs.map((r) => `at ${((r.at - loadStarted) / 1000).toFixed(0)} s: ${r.text}`).join('; ') : 'none'}`,
    );
  } finally {
    if (jobTimer) clearTimeout(jobTimer);
    child?.kill();
    await sql.end();
    await app.close();
    if (process.env.BENCH_KEEP) console.log(`\nkept ${DB} (BENCH_KEEP)`);
    else {
      await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
      console.log(`\ndropped ${DB}`);
    }
    await admin.end();
  }
}
