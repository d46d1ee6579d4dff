import { createHash } from 'node:crypto';
import type { CapiServerEvent } from './capi-client.js';

// How our tracked facts become Conversions API server events (Meta's "Server Event Parameters", "Customer
// Information Parameters" and "fbp and fbc" pages). Pure functions; the sender gathers the facts.

/** Meta rejects the whole request when one event_time is more than 7 days old. */
export const CAPI_MAX_EVENT_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The `_fbc` cookie lives 90 days: a click id older than that is no longer the visitor's. */
export const FBC_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** The custom event a live session sends when it first reaches readiness 80 (ours: not a Meta standard event). */
export const PREDICTED_EVENT_NAME = 'PredictedBuyer';

/** The names a site gives `RI('conversion', { name })`, as Meta's standard events (lower case, `-`/space as `_`). */
const STANDARD_EVENTS: Record<string, string> = {
  purchase: 'Purchase',
  order: 'Purchase',
  order_completed: 'Purchase',
  checkout_complete: 'Purchase',
  checkout_completed: 'Purchase',
  sale: 'Purchase',
  payment: 'Purchase',
  lead: 'Lead',
  quote: 'Lead',
  quote_request: 'Lead',
  demo_request: 'Lead',
  request_demo: 'Lead',
  enquiry: 'Lead',
  inquiry: 'Lead',
  signup: 'CompleteRegistration',
  sign_up: 'CompleteRegistration',
  register: 'CompleteRegistration',
  registration: 'CompleteRegistration',
  complete_registration: 'CompleteRegistration',
  create_account: 'CompleteRegistration',
  subscribe: 'Subscribe',
  subscription: 'Subscribe',
  start_trial: 'StartTrial',
  trial: 'StartTrial',
  free_trial: 'StartTrial',
  contact: 'Contact',
  schedule: 'Schedule',
  booking: 'Schedule',
  appointment: 'Schedule',
  submit_application: 'SubmitApplication',
  application: 'SubmitApplication',
  apply: 'SubmitApplication',
  donate: 'Donate',
  donation: 'Donate',
  add_to_cart: 'AddToCart',
  initiate_checkout: 'InitiateCheckout',
  begin_checkout: 'InitiateCheckout',
  add_payment_info: 'AddPaymentInfo',
  add_to_wishlist: 'AddToWishlist',
  find_location: 'FindLocation',
  customize_product: 'CustomizeProduct',
};

export type EventNaming = { eventName: string } | { skip: string };

/**
 * The Meta event of a tracked conversion: a standard event when the site's name is one of its usual spellings
 * (purchase, lead, signup…), the site's own name as a custom event otherwise, and for an unnamed conversion Purchase
 * when it carries a value (a sale) or the custom event `Conversion`. Meta refuses a Purchase without value and
 * currency, so such a conversion is not sent (and the log says why) rather than guessed.
 */
export function eventNameFor(name: unknown, value: number | null, currency: string | null): EventNaming {
  const given = typeof name === 'string' ? name.trim() : '';
  const key = given.toLowerCase().replace(/[\s-]+/g, '_');
  let eventName: string;
  if (key === '') eventName = value !== null && value > 0 ? 'Purchase' : 'Conversion';
  else eventName = STANDARD_EVENTS[key] ?? customEventName(given);
  if (eventName === 'Purchase' && (value === null || currency === null)) {
    return { skip: 'Meta requires value and currency on a Purchase, and this conversion has none.' };
  }
  return { eventName };
}

/** A site's own conversion name as a custom event name: letters, digits, spaces, `_` and `-`, at most 40 characters. */
const customEventName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9 _-]/g, '')
    .trim()
    .slice(0, 40) || 'Conversion';

/** An ISO 4217 code in upper case, or null when the text is not one. */
export const currencyOf = (value: unknown): string | null =>
  typeof value === 'string' && /^[A-Za-z]{3}$/.test(value.trim()) ? value.trim().toUpperCase() : null;

/** A conversion's value when it is a plain non-negative number (what ingestion counts as revenue), else null. */
export const conversionValueOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** Meta's e-mail normalisation: trimmed, lower case; null for what is not an address. */
export function normaliseEmail(email: string | null | undefined): string | null {
  const e = email?.trim().toLowerCase();
  return e && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e) ? e : null;
}

/**
 * Meta's phone normalisation: digits only, with the country code, no leading zeros. Only a number written with its
 * country code (`+44 20…` or `0044 20…`) qualifies: a national number would need a guessed country, and we do not
 * guess.
 */
export function normalisePhone(phone: string | null | undefined): string | null {
  const text = phone?.trim() ?? '';
  if (!text.startsWith('+') && !text.startsWith('00')) return null;
  const digits = text.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/**
 * The `fbc` click id of Meta's "fbp and fbc" page: `fb.1.<creation time in ms>.<fbclid>`, the fbclid exactly as it came
 * (case-sensitive, never re-encoded), the time when it was first captured, subdomain index 1 as for a value made on a
 * server.
 */
export const fbcOf = (fbclid: string, firstCapturedMs: number): string =>
  `fb.1.${Math.floor(firstCapturedMs)}.${fbclid}`;

/** What the sender knows about an event when it builds it. */
export type EventFacts = {
  eventId: string;
  eventName: string;
  eventTime: Date;
  eventSourceUrl: string;
  clientIp: string | null;
  clientUserAgent: string;
  fbc: string | null;
  /** Normalised, unhashed; hashed here. */
  email: string | null;
  phone: string | null;
  value: number | null;
  currency: string | null;
  customData?: Record<string, unknown>;
};

/** The server event and the names of the customer information it carries (for the log, never the values). */
export function buildServerEvent(facts: EventFacts): { event: CapiServerEvent; matchKeys: string[] } {
  const user: CapiServerEvent['user_data'] = { client_user_agent: facts.clientUserAgent };
  if (facts.clientIp) user.client_ip_address = facts.clientIp;
  if (facts.fbc) user.fbc = facts.fbc;
  if (facts.email) user.em = [sha256Hex(facts.email)];
  if (facts.phone) user.ph = [sha256Hex(facts.phone)];
  const custom: Record<string, unknown> = { ...facts.customData };
  if (facts.value !== null && facts.currency !== null) {
    custom.value = Math.round(facts.value * 100) / 100;
    custom.currency = facts.currency;
  }
  const event: CapiServerEvent = {
    event_name: facts.eventName,
    event_time: Math.floor(facts.eventTime.getTime() / 1000),
    event_id: facts.eventId,
    action_source: 'website',
    event_source_url: facts.eventSourceUrl,
    user_data: user,
    ...(Object.keys(custom).length > 0 ? { custom_data: custom } : {}),
  };
  return { event, matchKeys: Object.keys(user) };
}
