import { drawFor, hashString } from './random.js';

/** A restricted key's permission, as Stripe names them in its 403 messages (`rak_charge_read`…). */
export type StripePermission = `rak_${string}`;

/** One connected Stripe account of the sandbox: who it is, its keys, and how much data it holds. */
export type StripeSandboxAccountOptions = {
  /** The secret key (`sk_test_…`) that opens this account; generated from the seed when absent. */
  secretKey?: string;
  /** A restricted key (`rk_test_…`) with `restrictedPermissions` only; generated when absent. */
  restrictedKey?: string;
  restrictedPermissions?: readonly StripePermission[];
  name?: string;
  country?: string;
  defaultCurrency?: string;
  chargesEnabled?: boolean;
  payoutsEnabled?: boolean;
  /** Customers (default 50), charges (default 300, one payment intent each) and subscriptions (default 30%). */
  customers?: number;
  charges?: number;
  subscriptions?: number;
  /** Days of history the charges spread over, ending at the sandbox's `now` (default 90). */
  days?: number;
};

/** An account with every option resolved. */
export type AccountSpec = {
  ordinal: number;
  seed: number;
  id: string;
  tag: string;
  secretKey: string;
  restrictedKey: string;
  restrictedPermissions: readonly StripePermission[];
  name: string;
  email: string;
  country: string;
  currency: string;
  /** The other currency some customers pay in, and its rate into `currency`. */
  foreignCurrency: string;
  exchangeRate: number;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  customers: number;
  charges: number;
  subscriptions: number;
  /** Unix seconds: the first charge, the last moment of data (moved on by `addCharges`), the account's creation. */
  start: number;
  now: number;
  created: number;
  /** Seconds between consecutive charges, and between consecutive customers (fixed, so new records extend the pace). */
  chargeStep: number;
  customerStep: number;
};

const DAY = 86_400;
/** Customers start signing up this many days before the first charge. */
export const CUSTOMER_LEAD_DAYS = 30;
const PRESETS = [
  { name: 'Northwind Solar Co.', country: 'US', currency: 'usd' },
  { name: 'Brightwater Goods Ltd', country: 'GB', currency: 'gbp' },
  { name: 'Alpenglow Outfitters GmbH', country: 'DE', currency: 'eur' },
];
// US dollars per unit, fixed so the data is reproducible; two-decimal currencies only.
const USD_PER_UNIT: Record<string, number> = { usd: 1, eur: 1.08, gbp: 1.27, cad: 0.73, aud: 0.66, chf: 1.13 };

/** Resolves account `ordinal`'s options against the sandbox's seed and clock. */
export const resolveAccount = (
  options: StripeSandboxAccountOptions,
  ordinal: number,
  sandboxSeed: number,
  now: number,
): AccountSpec => {
  const seed = hashString(`${sandboxSeed}:${ordinal}`);
  const d = drawFor(seed, 'account', 0);
  const tag = d.chars(15);
  const preset = PRESETS[ordinal % PRESETS.length]!;
  const currency = options.defaultCurrency ?? preset.currency;
  const foreignCurrency = currency === 'usd' ? 'eur' : 'usd';
  const customers = Math.max(1, Math.floor(options.customers ?? 50));
  const charges = Math.max(0, Math.floor(options.charges ?? 300));
  const days = options.days ?? 90;
  const name = options.name ?? (ordinal < PRESETS.length ? preset.name : `${preset.name} ${ordinal + 1}`);
  return {
    ordinal,
    seed,
    id: `acct_1${tag}`,
    tag,
    secretKey: options.secretKey ?? `sk_test_51${tag}${d.chars(80)}`,
    restrictedKey: options.restrictedKey ?? `rk_test_51${tag}${d.chars(80)}`,
    restrictedPermissions: options.restrictedPermissions ?? ['rak_account_read', 'rak_charge_read'],
    name,
    email: `billing@${name
      .toLowerCase()
      .replace(/[^a-z]+/g, '-')
      .replace(/^-|-$/g, '')}.example`,
    country: options.country ?? preset.country,
    currency,
    foreignCurrency,
    exchangeRate: Number(((USD_PER_UNIT[foreignCurrency] ?? 1) / (USD_PER_UNIT[currency] ?? 1)).toFixed(6)),
    chargesEnabled: options.chargesEnabled ?? true,
    payoutsEnabled: options.payoutsEnabled ?? true,
    customers,
    charges,
    subscriptions: Math.max(0, Math.floor(options.subscriptions ?? Math.round(customers * 0.3))),
    start: now - days * DAY,
    now,
    created: now - (days + 60) * DAY,
    chargeStep: (days * DAY) / Math.max(1, charges),
    customerStep: ((days + CUSTOMER_LEAD_DAYS) * DAY) / customers,
  };
};
