import { META_SITE_CAMPAIGNS } from '../meta/spec.js';
import { chargeFacts, customerFacts } from '../stripe/facts.js';
import type { Draw } from '../stripe/random.js';
import { type AccountSpec, resolveAccount } from '../stripe/spec.js';
import type { LocationSpec } from './spec.js';

// Who the contacts are: the Stripe account's first customers (the buyers, the same people in both sandboxes), then
// leads; and where each came from, in GoHighLevel's attribution shape (first and latest touch).

const FIRST = ['Hazel', 'Theo', 'Priya', 'Mateo', 'Freya', 'Idris', 'Nadia', 'Felix', 'Aiko', 'Rowan', 'Elsa', 'Tariq'];
const LAST = ['Whitfield', 'Castellano', 'Brennan', 'Adeyemi', 'Lindqvist', 'Moreau', 'Hollis', 'Nakamura', 'Varga'];

/** GoHighLevel's AttributionSource (contacts API), the fields a lead's first or latest touch carries. */
export type Attribution = {
  url: string;
  campaign: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmContent: string | null;
  referrer: string | null;
  fbclid: string | null;
  gclid: string | null;
  medium: string;
};

/** A contact's plain facts, from which its JSON is made. */
export type Person = {
  firstName: string;
  lastName: string;
  /** As entered (leads sometimes with capitals), the buyers' as Stripe holds them. */
  email: string;
  /** Unix milliseconds. */
  added: number;
  source: string;
  attribution: Attribution;
  lastAttribution: Attribution | null;
  /** The visitor id our tracking script gave them, when they came through the site (a Stripe buyer's own). */
  visitorId: string | null;
  stripeCustomer: number | null;
};

const site = 'https://northwind-solar.example';
const trail = META_SITE_CAMPAIGNS['trail-shop'];

/** A first or later touch: paid social (the Meta sandbox's campaigns), paid search, organic search, or direct. */
export const touch = (d: Draw, path: string): { source: string; attribution: Attribution } => {
  const roll = d.float();
  const base = { referrer: null, fbclid: null, gclid: null, utmContent: null, medium: 'form' };
  if (roll < 0.35) {
    const campaign = d.pick(trail.campaigns.slice(0, 3));
    return {
      source: 'facebook',
      attribution: {
        ...base,
        url: `${site}${path}?utm_source=facebook&utm_medium=paid_social&utm_campaign=${campaign}`,
        campaign,
        utmSource: 'facebook',
        utmMedium: 'paid_social',
        utmContent: d.pick(trail.contents),
        referrer: 'https://l.facebook.com/',
        fbclid: `IwAR${d.chars(40)}`,
      },
    };
  }
  if (roll < 0.55) {
    const campaign = d.pick(['brand-search', 'solar-quotes-generic']);
    return {
      source: 'google ads',
      attribution: {
        ...base,
        url: `${site}${path}?utm_source=google&utm_medium=cpc&utm_campaign=${campaign}`,
        campaign,
        utmSource: 'google',
        utmMedium: 'cpc',
        referrer: 'https://www.google.com/',
        gclid: `Cj0KCQ${d.chars(50)}`,
      },
    };
  }
  if (roll < 0.8) {
    return {
      source: 'organic search',
      attribution: {
        ...base,
        url: `${site}${path}`,
        campaign: null,
        utmSource: null,
        utmMedium: null,
        referrer: 'https://www.google.com/',
      },
    };
  }
  return {
    source: d.pick(['website form', 'chat widget', 'referral']),
    attribution: { ...base, url: `${site}${path}`, campaign: null, utmSource: null, utmMedium: null },
  };
};

/** The Stripe account the buyers come from, and a visitor id for each buyer who paid through the tracked site. */
export const stripeBuyers = (spec: LocationSpec): { account: AccountSpec; visitorIds: Map<number, string> } => {
  const account = resolveAccount(spec.stripe, spec.ordinal, spec.sandboxSeed, Math.floor(spec.now / 1000));
  const visitorIds = new Map<number, string>();
  // A buyer's visitor id is the one on their earliest charge that carries one (Stripe's client_reference_id).
  const scanned = Math.min(account.charges, 50_000);
  for (let j = 0; j < scanned && visitorIds.size < spec.buyers; j++) {
    const f = chargeFacts(account, j);
    if (f.visitorId && f.customer < spec.buyers && !visitorIds.has(f.customer)) visitorIds.set(f.customer, f.visitorId);
  }
  return { account, visitorIds };
};

/** Contact `index`'s facts: a Stripe customer for the first `buyers`, a lead after. */
export const personFacts = (
  spec: LocationSpec,
  index: number,
  d: Draw,
  buyers: { account: AccountSpec; visitorIds: Map<number, string> },
  uuid: () => string,
): Person => {
  const first = touch(d, d.pick(['/', '/quote', '/pricing', '/guides/solar-roi']));
  const later = d.chance(0.4) ? touch(d, d.pick(['/pricing', '/book-a-call'])).attribution : null;
  if (index < spec.buyers && index < buyers.account.customers) {
    const c = customerFacts(buyers.account, index);
    const [firstName = c.name, ...rest] = c.name.split(' ');
    // The lead came in a little before they first paid (Stripe's customer creation).
    const added = Math.min(spec.now - 60_000, c.created * 1000 - d.int(1, 72) * 3_600_000);
    return {
      firstName,
      lastName: rest.join(' '),
      email: c.email,
      added,
      source: first.source,
      attribution: first.attribution,
      lastAttribution: later,
      visitorId: buyers.visitorIds.get(index) ?? null,
      stripeCustomer: index,
    };
  }
  const firstName = d.pick(FIRST);
  const lastName = d.pick(LAST);
  const mailbox = `${firstName}.${lastName}${index}`;
  const leads = Math.max(1, spec.contacts - spec.buyers);
  const step = (spec.now - spec.start) / leads;
  return {
    firstName,
    lastName,
    // Some leads type their address with capitals (or a stray space): the sync normalises it.
    email: d.chance(0.2) ? ` ${mailbox}@Inbox.example` : `${mailbox.toLowerCase()}@inbox.example`,
    added: Math.floor(spec.start + (index - spec.buyers) * step + d.int(0, Math.max(0, Math.floor(step) - 1))),
    source: first.source,
    attribution: first.attribution,
    lastAttribution: later,
    visitorId: first.source !== 'referral' && d.chance(0.5) ? uuid() : null,
    stripeCustomer: null,
  };
};
