/**
 * The attribution evaluation through the product: a world of known truth (packages/simulator/src/attribution-world.ts)
 * is played into a real server (PGlite in-process, or DATABASE_URL) connected to the Meta and Google Ads sandboxes,
 * whose campaigns carry the trail shop's names. Each touch of a visitor's path is a tracked session landing with the
 * channel's tags (UTM values and click ids for campaigns, a referrer for organic search and the blog, none for
 * direct), posted to the ingestion endpoint as the SDK does; a conversion is recorded in the visitor's last visit.
 * Then `GET /analytics/conversion-attribution-mapping` answers what each model credits each campaign and source, and
 * this prints, per model, Spearman's ρ of those credits against the world's true contributions: the same measure as
 * `npm run eval:attribution`, but through the tag join, the session rollups and the path building of the server.
 *
 * Ingestion keeps events of at most 7 days (older ones are clamped), so the worlds here last 6 days, with fewer
 * visitors than the engine evaluation's; their truth is computed the same way (the same world without each channel).
 *
 *   npm run eval:attribution:pipeline [-- --visitors 10000]
 */
import { parseArgs } from 'node:util';
import { ATTRIBUTION_MODEL_NAMES, type AttributionMapping } from '@ri/contracts';
import { attributeAll, spearmanCorrelation } from '@ri/engine';
import { startGoogleSandbox, startMetaSandbox } from '@ri/sandboxes';
import { bearer, createTestApp, setUpTracking, signUp, wireBatch } from '@ri/server/testing';
import { ATTRIBUTION_WORLDS, simulateAttributionWorld, type WorldPath } from '@ri/simulator';

const { values } = parseArgs({ options: { visitors: { type: 'string' } } });
const VISITORS = Number(values.visitors ?? 10_000);
if (!Number.isInteger(VISITORS) || VISITORS < 200) throw new Error('--visitors must be a whole number from 200');
const DAYS = 6;
const HOUR = 3_600_000;
const UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** The landing context of a touch of `channel` (a world channel key: `source` or `source:campaign`). */
function contextOf(channel: string, n: number): Record<string, string> {
  const [source, campaign] = channel.split(':') as [string, string | undefined];
  switch (source) {
    case 'google-cpc':
      return { utm_source: 'google', utm_medium: 'cpc', utm_campaign: campaign!, gclid: `Cj0KCQiA${n}` };
    case 'facebook-paid':
      return { utm_source: 'facebook', utm_medium: 'paid_social', utm_campaign: campaign!, fbclid: `IwAR${n}` };
    case 'google-organic':
      return { referrer: 'https://www.google.com/' };
    case 'newsletter':
      return { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'weekly-trail-notes' };
    case 'referral-blog':
      return { referrer: 'https://trail-running-blog.example/best-shoes' };
    default:
      return {};
  }
}

/** The server's channel key of a world channel, given the synced campaigns' ids by name. */
function serverKeyOf(channel: string, campaignIds: Map<string, string>): string {
  const [source, campaign] = channel.split(':') as [string, string | undefined];
  if (campaign !== undefined) return campaignIds.get(campaign) ?? `unmatched:${campaign}`;
  return (
    { 'google-organic': 'organic_search', newsletter: 'email', 'referral-blog': 'referral', direct: 'direct' }[
      source
    ] ?? source
  );
}

const started = performance.now();
const summary: string[] = [];
for (const base of ATTRIBUTION_WORLDS) {
  const config = { ...base, days: DAYS, visitors: VISITORS };
  const world = simulateAttributionWorld(config);
  const t0 = performance.now();
  const [meta, google] = await Promise.all([
    startMetaSandbox({ seed: config.seed, accounts: [{ site: 'trail-shop', days: 30 }] }),
    startGoogleSandbox({ seed: config.seed, accounts: [{ site: 'trail-shop', days: 30, timeZone: 'UTC' }] }),
  ]);
  meta.state.setJobPolls(1);
  const t = await createTestApp({
    TRACKING_RATE_LIMIT_PER_IP: '1000000',
    TRACKING_RATE_LIMIT_PER_TRACKING_ID: '1000000',
  });
  try {
    const owner = await signUp(t);
    const trackingId = await setUpTracking(t, owner.token);
    await t.integrations.connectSandbox({
      provider: 'facebook_ads',
      businessId: owner.businessId,
      baseUrl: meta.url,
      body: { accessToken: meta.accessToken, pixelId: undefined, adAccountId: meta.state.account().id },
    });
    const spec = google.state.account().spec;
    await t.integrations.connectSandbox({
      provider: 'google_ads',
      businessId: owner.businessId,
      baseUrl: google.url,
      body: { accessToken: google.accessToken, customerId: spec.customerId, propertyId: spec.propertyId },
    });
    await t.syncRunner.drain();

    // The world's days end an hour ago; each touch a session, the conversion in the last one.
    const worldEnd = Math.max(...world.paths.flatMap((p) => p.touches.map((x) => x.at)));
    const shift = Date.now() - HOUR - worldEnd;
    let n = 0;
    const post = async (path: WorldPath) => {
      const visitor = crypto.randomUUID();
      for (const [i, touch] of path.touches.entries()) {
        const at = touch.at + shift;
        const last = i === path.touches.length - 1;
        const events = [
          { type: 'page_view', url: 'https://shop.example/', title: 'Trail shop', ts: at },
          ...(last && path.converted
            ? [{ type: 'conversion', data: { value: path.value ?? 0 }, ts: at + 60_000 }]
            : []),
        ];
        const batch = wireBatch(trackingId, events, { visitor }, contextOf(touch.channel, n++));
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/tracking/batch-events',
          headers: { 'content-type': 'text/plain', origin: 'https://shop.example', 'user-agent': UA },
          payload: JSON.stringify(batch),
        });
        if (res.statusCode !== 200) throw new Error(`ingestion answered ${res.statusCode}: ${res.body}`);
      }
    };
    // Visitors in parallel, 64 at a time (each visitor's visits in order), as a busy site's arrive.
    for (let i = 0; i < world.paths.length; i += 64) await Promise.all(world.paths.slice(i, i + 64).map(post));
    await t.ingest.drain();
    await t.scorer.drain();
    const ingested = ((performance.now() - t0) / 1000).toFixed(0);

    const call = async <T>(url: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(owner.token) });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      return res.json() as T;
    };
    // Served from the cache while it is computed: ask until the answer covers the ingested conversions.
    let mapping = await call<AttributionMapping>('/analytics/conversion-attribution-mapping?days=7&lookback_days=28');
    for (let i = 0; i < 60 && mapping.paths.converting === 0; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      mapping = await call<AttributionMapping>('/analytics/conversion-attribution-mapping?days=7&lookback_days=28');
    }
    const campaignIds = new Map(mapping.rows.filter((r) => r.campaign_id).map((r) => [r.name, r.campaign_id!]));
    const byKey = new Map(mapping.rows.map((r) => [r.key, r]));

    console.log(`\n## ${config.name} (seed ${config.seed}, ${VISITORS} visitors, ${DAYS} days) through the server`);
    console.log(
      `${world.paths.length} paths ingested as ${n} sessions in ${ingested} s; the server saw ${mapping.paths.total} paths, ` +
        `${mapping.paths.converting} converting (the world: ${world.conversions - world.unattributableConversions} attributable)`,
    );
    const header = ['channel'.padEnd(32), 'truth', ...ATTRIBUTION_MODEL_NAMES.map((m) => m.slice(0, 8).padStart(8))];
    console.log(header.join(' '));
    for (const truth of world.truth) {
      const row = byKey.get(serverKeyOf(truth.channel, campaignIds));
      const cells = ATTRIBUTION_MODEL_NAMES.map((m) => (row?.credits[m]?.conversions ?? 0).toFixed(1).padStart(8));
      console.log([truth.channel.padEnd(32), String(truth.contribution).padStart(5), ...cells].join(' '));
    }
    const rhos = ATTRIBUTION_MODEL_NAMES.map((model) => {
      const credited = world.truth.map(
        (x) => byKey.get(serverKeyOf(x.channel, campaignIds))?.credits[model]?.conversions ?? 0,
      );
      const rho = spearmanCorrelation(
        credited,
        world.truth.map((x) => x.contribution),
      );
      return `${model} ${rho === null ? 'n/a' : rho.toFixed(2)}`;
    });
    console.log(`Spearman ρ against the truth: ${rhos.join(' · ')}`);
    // The engine on the world's own paths (conversions at their own time), for comparison with what the server built.
    const direct = attributeAll(world.paths);
    const engineRhos = ATTRIBUTION_MODEL_NAMES.map((model) => {
      const rho = spearmanCorrelation(
        world.truth.map((x) => direct[model].get(x.channel)?.conversions ?? 0),
        world.truth.map((x) => x.contribution),
      );
      return `${model} ${rho === null ? 'n/a' : rho.toFixed(2)}`;
    });
    console.log(`The engine on the same paths, in memory:  ${engineRhos.join(' · ')}`);
    summary.push(`${config.name.padEnd(18)} ${rhos.join(' · ')}`);
  } finally {
    await t.close();
    await meta.close();
    await google.close();
  }
}
console.log('\n## Summary through the server: Spearman ρ of credited conversions against true contributions');
for (const line of summary) console.log(line);
console.log(`\n${summary.length} worlds in ${((performance.now() - started) / 1000).toFixed(0)} s`);
