import { charsFor, drawFor, hashString } from '../stripe/random.js';
import type { StripeSandboxAccountOptions } from '../stripe/spec.js';

/** The OAuth scopes (GoHighLevel's names) a sandbox token holds; a Private Integration token is given some of them. */
export type GhlScope =
  | 'locations.readonly'
  | 'locations/customFields.readonly'
  | 'contacts.readonly'
  | 'contacts.write'
  | 'opportunities.readonly'
  | 'workflows.readonly';

/** Every scope the product reads with, without `contacts.write` (tags, tasks and workflow enrolments). */
export const READ_SCOPES: readonly GhlScope[] = [
  'locations.readonly',
  'locations/customFields.readonly',
  'contacts.readonly',
  'opportunities.readonly',
  'workflows.readonly',
];

export const ALL_SCOPES: readonly GhlScope[] = [...READ_SCOPES, 'contacts.write'];

/** One sub-account (location) of the sandbox: who it is, what it holds, and whose customers its buyers are. */
export type GhlSandboxLocationOptions = {
  /** The location id (20 letters and digits, as GoHighLevel's); generated from the seed when absent. */
  locationId?: string;
  name?: string;
  timezone?: string;
  country?: string;
  /** Contacts (default 120), of which `buyers` are the Stripe account's first customers (default min(50, half)). */
  contacts?: number;
  buyers?: number;
  /** Opportunities (default 80; each buyer has one, won or open). */
  opportunities?: number;
  /** Days of history the contacts spread over, ending at the sandbox's `now` (default 90). */
  days?: number;
  /**
   * The Stripe sandbox account (same seed, same position) whose customers the buyers are: the same names, e-mails and
   * visitor ids, so one person shows in both. Pass the options the Stripe sandbox was started with (default: its own).
   */
  stripe?: StripeSandboxAccountOptions;
};

/** A location with every option resolved. */
export type LocationSpec = {
  ordinal: number;
  /** The sandbox's seed (the Stripe sandbox's, for the buyers) and this location's own. */
  sandboxSeed: number;
  seed: number;
  id: string;
  companyId: string;
  name: string;
  timezone: string;
  country: string;
  email: string;
  contacts: number;
  buyers: number;
  opportunities: number;
  days: number;
  /** Unix milliseconds: the first lead, and the last moment of data (moved on as the sandbox adds data). */
  start: number;
  now: number;
  stripe: StripeSandboxAccountOptions;
  /**
   * Tokens opening this location: all scopes, contacts and location only, every read scope but no write (`readOnly`),
   * and one that GoHighLevel no longer accepts.
   */
  tokens: { full: string; contactsOnly: string; readOnly: string; expired: string };
};

const PRESETS = [
  { name: 'Northwind Solar Co.', country: 'US', timezone: 'America/Chicago' },
  { name: 'Brightwater Goods Ltd', country: 'GB', timezone: 'Europe/London' },
  { name: 'Alpenglow Outfitters GmbH', country: 'DE', timezone: 'Europe/Berlin' },
];
const DAY_MS = 86_400_000;

/** A GoHighLevel-shaped id: 20 letters and digits, from (seed, kind, index). */
export const ghlId = (seed: number, kind: string, index: number): string => charsFor(seed, `ghl-${kind}`, index, 20);

/** A UUID (v4 layout) from (seed, kind, index): stage ids, and the visitor ids our tracker makes. */
export const uuidFor = (seed: number, kind: string, index: number): string => {
  const hex = drawFor(seed, `uuid-${kind}`, index).chars(32, '0123456789abcdef');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** A Private Integration token as GoHighLevel shows them: `pit-` and a UUID. */
const pit = (seed: number, kind: string) => `pit-${uuidFor(seed, `token-${kind}`, 0)}`;

/** Resolves location `ordinal`'s options against the sandbox's seed and clock (`now` in Unix seconds, as Stripe's). */
export const resolveLocation = (
  options: GhlSandboxLocationOptions,
  ordinal: number,
  sandboxSeed: number,
  now: number,
): LocationSpec => {
  const seed = hashString(`ghl:${sandboxSeed}:${ordinal}`);
  const preset = PRESETS[ordinal % PRESETS.length]!;
  const contacts = Math.max(1, Math.floor(options.contacts ?? 120));
  const buyers = Math.min(contacts, Math.max(0, Math.floor(options.buyers ?? Math.min(50, contacts / 2))));
  const days = options.days ?? 90;
  const name = options.name ?? (ordinal < PRESETS.length ? preset.name : `${preset.name} ${ordinal + 1}`);
  const nowMs = now * 1000;
  return {
    ordinal,
    sandboxSeed,
    seed,
    id: options.locationId ?? ghlId(seed, 'location', 0),
    companyId: ghlId(seed, 'company', 0),
    name,
    timezone: options.timezone ?? preset.timezone,
    country: options.country ?? preset.country,
    email: `hello@${name
      .toLowerCase()
      .replace(/[^a-z]+/g, '-')
      .replace(/^-|-$/g, '')}.example`,
    contacts,
    buyers,
    opportunities: Math.max(buyers, Math.floor(options.opportunities ?? Math.max(80, buyers))),
    days,
    start: nowMs - days * DAY_MS,
    now: nowMs,
    stripe: options.stripe ?? {},
    tokens: {
      full: pit(seed, 'full'),
      contactsOnly: pit(seed, 'contacts-only'),
      readOnly: pit(seed, 'read-only'),
      expired: pit(seed, 'expired'),
    },
  };
};
