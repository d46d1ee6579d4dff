// `npm run sandbox`: the Stripe sandbox on SANDBOX_PORT (default 4242), the Meta Graph sandbox on the next port, the
// Google Ads and GA4 sandbox on SANDBOX_PORT + 2 and GoHighLevel on SANDBOX_PORT + 3, until interrupted. Point the
// server at them with the printed settings and connect with the printed credentials.
import { startGhlSandbox } from './ghl/sandbox.js';
import { startGoogleSandbox } from './google/sandbox.js';
import { startMetaSandbox } from './meta/sandbox.js';
import { startOAuthSandbox } from './oauth/sandbox.js';
import { startStripeSandbox } from './stripe/sandbox.js';

const port = Number(process.env.SANDBOX_PORT ?? 4242);
const seed = Number(process.env.SANDBOX_SEED ?? 1);
const optional = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const charges = optional('SANDBOX_STRIPE_CHARGES');
const customers = optional('SANDBOX_STRIPE_CUSTOMERS');
const ads = optional('SANDBOX_META_ADS');
const days = optional('SANDBOX_META_DAYS');
const contacts = optional('SANDBOX_GHL_CONTACTS');
const opportunities = optional('SANDBOX_GHL_OPPORTUNITIES');
const usageCalls = optional('SANDBOX_META_USAGE_CALLS');

const stripe = await startStripeSandbox({ port, seed, accounts: [{ charges, customers }] });
const account = stripe.state.account();
console.log(`Stripe sandbox: ${stripe.url}`);
console.log(
  `  account          ${account.spec.id} (${account.spec.name}, ${account.spec.country}, ${account.spec.currency})`,
);
console.log(`  data             ${account.spec.customers} customers, ${account.spec.charges} charges (seed ${seed})`);
console.log(`  secret key       ${stripe.secretKey}`);
console.log(`  restricted key   ${stripe.restrictedKey}`);
console.log(`  server setting   STRIPE_API_URL=${stripe.url}`);

const meta = await startMetaSandbox({
  port: port + 1,
  seed,
  accounts: [{ ads, days }],
  ...(usageCalls ? { usageLimit: { calls: usageCalls, windowMs: 300_000 } } : {}),
});
const ad = meta.state.account();
console.log(`Meta Graph sandbox: ${meta.url}`);
console.log(`  ad account       ${ad.id} (${ad.spec.name}, ${ad.spec.currency}, ${ad.spec.timezone})`);
console.log(
  `  data             ${ad.spec.campaigns} campaigns, ${ad.spec.adsets} ad sets, ${ad.spec.ads} ads, ${ad.spec.days} days`,
);
console.log(`  access token     ${meta.accessToken}`);
console.log(`  read-only token  ${meta.accessTokens.readOnly} (ads_read only: Implement records tasks)`);
console.log(`  pixel            ${meta.pixelId} (Conversions API; same access token)`);
console.log(`  server setting   META_GRAPH_URL=${meta.url}`);

const google = await startGoogleSandbox({
  port: port + 2,
  seed,
  accounts: [{ ads: optional('SANDBOX_GOOGLE_ADS'), days: optional('SANDBOX_GOOGLE_DAYS') }],
});
const client = google.state.account().spec;
console.log(`Google Ads and GA4 sandbox: ${google.url}`);
console.log(
  `  customer         ${client.customerId} (${client.descriptiveName}, ${client.currency}, ${client.timeZone})`,
);
console.log(`  manager          ${google.state.manager.id} (${google.state.manager.name})`);
console.log(`  GA4 property     ${client.propertyId}`);
console.log(
  `  data             ${client.campaigns} campaigns, ${client.adGroups} ad groups, ${client.ads} ads, ${client.days} days`,
);
console.log(`  access token     ${google.accessToken}`);
console.log(`  read-only token  ${google.accessTokens.readOnly} (a Read only user: Implement records tasks)`);
console.log(`  server settings  GOOGLE_ADS_API_URL=${google.url} GA4_API_URL=${google.url}`);

// The CRM's buyers are the Stripe sandbox's first customers (same seed and account options).
const ghl = await startGhlSandbox({
  port: port + 3,
  seed,
  locations: [{ contacts, opportunities, stripe: { charges, customers } }],
});
const location = ghl.state.location();
console.log(`GoHighLevel sandbox: ${ghl.url}`);
console.log(`  location id      ${ghl.locationId} (${location.spec.name}, ${location.spec.timezone})`);
console.log(
  `  data             ${location.contacts.length} contacts (${location.spec.buyers} of them Stripe customers), ${location.opportunities.length} opportunities`,
);
console.log(`  api key          ${ghl.apiKey}`);
console.log(`  server setting   GHL_API_URL=${ghl.url}`);

// The vendors' sign-in pages and token endpoints, away from the API sandboxes' ports.
const oauth = await startOAuthSandbox({ port: port + 10 });
console.log(`OAuth sandbox (Google, Meta, GoHighLevel sign-in): ${oauth.url}`);
console.log('  server settings  (sign-in only; META_GRAPH_URL and GHL_API_URL here serve just their token endpoints)');
for (const [name, value] of Object.entries(oauth.env())) console.log(`    ${name}=${value}`);

const stop = async () => {
  // What each sandbox was asked, for whoever started it (the sync benchmark reads these lines).
  console.log(`Stripe sandbox requests: ${stripe.state.requestCount()}`);
  console.log(
    `Meta sandbox requests: ${meta.state.requestCount()} (${meta.state.rateLimitViolations} refused over the usage limit)`,
  );
  await Promise.all([stripe.close(), meta.close(), google.close(), ghl.close(), oauth.close()]);
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
