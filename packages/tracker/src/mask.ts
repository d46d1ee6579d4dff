import { full } from './config';

/** Masks e-mail addresses (also %40-encoded) and runs of 6+ digits, the PII most often found in urls and text. */
export const mask = (s: string): string =>
  s.replace(/[\w.+-]+(@|%40)[\w-]+(\.[\w-]+)+/g, '[email]').replace(/\d{6,}/g, '[num]');

/** Masks, then keeps the first `max` characters. */
export const cut = (s: string, max: number): string => mask(s).slice(0, max);

/** The campaign parameters the SDK keeps: the five utm_* ones and the click ids. */
export const CAMPAIGN = /^(utm_(source|medium|campaign|term|content)|fbclid|gclid)$/;

/**
 * Prepares a url for sending: masked, at most 2048 characters; with `blank` (default: full mode) every query value is blanked
 * except campaign parameters, since query strings are where forms leak what people typed.
 */
export const cleanUrl = (u: string, blank = full): string =>
  cut(
    blank ? u.replace(/([?&][^=&#]*)=[^&#]*/g, (m, k: string) => (CAMPAIGN.test(k.slice(1)) ? m : `${k}=`)) : u,
    2048,
  );
