import type { WireContext } from '@ri/contracts';
import { C } from './config';
import { D } from './core';
import { cleanUrl, mask } from './mask';
import { parse, ss } from './store';

let landing: WireContext;

/**
 * Reads the landing facts once per tab session (sessionStorage `ri_ctx`): the landing page's referrer
 * and its campaign parameters, so later pages of the visit still say where the visitor came from.
 */
export const initContext = (): void => {
  landing = parse(ss('ri_ctx')) as WireContext;
  if (!landing) {
    const c: Record<string, string> = { referrer: cleanUrl(D.referrer, C.full) };
    new URLSearchParams(location.search).forEach((v, k) => {
      if (/^(utm_(source|medium|campaign|term|content)|fbclid|gclid)$/.test(k)) c[k] = mask(v).slice(0, 256);
    });
    landing = c;
    ss('ri_ctx', JSON.stringify(c));
  }
};

/** The context sent once per batch: the landing facts plus the device facts read now. */
export const context = (): WireContext => ({
  ...landing,
  lang: navigator.language,
  tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  screen_w: screen.width,
  screen_h: screen.height,
  viewport_w: innerWidth,
  viewport_h: innerHeight,
});
