import { full } from './config';

/** Masks e-mail addresses (also %40-encoded) and runs of 6+ digits, the PII most often found in urls and text. */
export const mask = (s: string): string =>
  s.replace(/[\w.+-]+(@|%40)[\w-]+(\.[\w-]+)+/g, '[email]').replace(/\d{6,}/g, '[num]');

/** Masks, then keeps the first `max` characters. */
export const cut = (s: string, max: number): string => mask(s).slice(0, max);

/**
 * Prepares a url for sending: masked, at most 2048 characters; in full mode every query value but the
 * campaign parameters' is blanked, since query strings are where forms leak what people typed.
 */
export const cleanUrl = (u: string): string =>
  cut(
    // `$1` keeps a parameter's name and `=`, and the value too when the name is a campaign parameter: the
    // five utm_* ones and the click ids.
    full
      ? u.replace(/([?&]((utm_(source|medium|campaign|term|content)|fbclid|gclid)=[^&#]*|[^=&#]*=))[^&#]*/g, '$1')
      : u,
    2048,
  );
