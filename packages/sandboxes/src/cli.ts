// `npm run sandbox`: the Stripe sandbox on SANDBOX_PORT (default 4242) and the Meta Graph sandbox on the next port,
// until interrupted. Point the server at them with the printed settings and connect with the printed credentials.
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

const meta = await startMetaSandbox({ port: port + 1, seed, accounts: [{ ads, days }] });
const ad = meta.state.account();
console.log(`Meta Graph sandbox: ${meta.url}`);
console.log(`  ad account       ${ad.id} (${ad.spec.name}, ${ad.spec.currency}, ${ad.spec.timezone})`);
console.log(
  `  data             ${ad.spec.campaigns} campaigns, ${ad.spec.adsets} ad sets, ${ad.spec.ads} ads, ${ad.spec.days} days`,
);
console.log(`  access token     ${meta.accessToken}`);
console.log(`  server setting   META_GRAPH_URL=${meta.url}`);

// The vendors' sign-in pages and token endpoints, away from the API sandboxes' ports.
const oauth = await startOAuthSandbox({ port: port + 10 });
console.log(`OAuth sandbox (Google, Meta, GoHighLevel sign-in): ${oauth.url}`);
console.log('  server settings  (sign-in only; META_GRAPH_URL and GHL_API_URL here serve just their token endpoints)');
for (const [name, value] of Object.entries(oauth.env())) console.log(`    ${name}=${value}`);

const stop = async () => {
  await Promise.all([stripe.close(), meta.close(), oauth.close()]);
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
