import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';

export type ClientContext = {
  deviceType: string | null;
  browser: string | null;
  os: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  /** The first language of Accept-Language (an SDK that sends none leaves the session's language to it). */
  lang: string | null;
  /** A pseudonym of the client's network (see `networkPseudonym`), or null when the address is unknown. */
  net: string | null;
};

const header = (headers: IncomingHttpHeaders, ...names: string[]): string | null => {
  for (const name of names) {
    const v = headers[name];
    const value = Array.isArray(v) ? v[0] : v;
    if (value && value !== 'XX') return decodeURIComponent(value).slice(0, 100);
  }
  return null;
};

type Agent = Pick<ClientContext, 'deviceType' | 'browser' | 'os'> & { bot: boolean };
const agents = new Map<string, Agent>();

/**
 * What a user agent says, parsed once: a site's traffic comes from a few thousand user agents, and both
 * ua-parser-js and isbot's long expression cost more than the rest of a request's checks.
 */
function agentOf(ua: string): Agent {
  let agent = agents.get(ua);
  if (!agent) {
    const result = new UAParser(ua).getResult();
    const type = result.device.type;
    agent = {
      deviceType: !ua ? null : type === 'mobile' || type === 'tablet' ? type : type ? 'other' : 'desktop',
      browser: result.browser.name ?? null,
      os: result.os.name ?? null,
      bot: isbot(ua),
    };
    if (agents.size > 5_000) agents.clear();
    agents.set(ua, agent);
  }
  return agent;
}

/** Whether the user agent is a known bot (isbot's list). */
export const isBotAgent = (userAgent: string): boolean => agentOf(userAgent).bot;

/** Device, browser and OS from the user agent (ua-parser-js), and location from CDN geo headers when present. */
export function readClientContext(headers: IncomingHttpHeaders, net: string | null = null): ClientContext {
  const { deviceType, browser, os } = agentOf(headers['user-agent'] ?? '');
  return {
    deviceType,
    browser,
    os,
    country: header(headers, 'cf-ipcountry', 'x-vercel-ip-country', 'cloudfront-viewer-country', 'x-country-code'),
    region: header(headers, 'x-vercel-ip-country-region', 'cloudfront-viewer-country-region-name', 'cf-region'),
    city: header(headers, 'x-vercel-ip-city', 'cloudfront-viewer-city', 'cf-ipcity'),
    lang: firstLanguage(headers['accept-language']),
    net,
  };
}

const pseudonyms = new Map<string, string>();

/** The network an address belongs to: its /24 for IPv4 (and IPv4-mapped IPv6), its /48 for IPv6. */
export function networkOf(ip: string): string | null {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!ip.includes(':')) return null;
  const [head = ''] = ip.split('::');
  const groups = head.split(':').filter(Boolean);
  const full = ip.includes('::') ? [...groups, '0', '0', '0'].slice(0, 3) : ip.split(':').slice(0, 3);
  return `${full.map((g) => g.toLowerCase()).join(':')}::/48`;
}

/**
 * A keyed pseudonym of the client's network, per business: enough to see many sessions come from one
 * network (decision 0017), without storing the address or a hash anyone could reverse by trying every /24.
 */
export function networkPseudonym(key: string, businessId: string, ip: string): string | null {
  const net = networkOf(ip);
  if (!net) return null;
  // A busy site's requests come from a few thousand networks: each is keyed once, not once a request.
  const id = `${businessId}|${net}`;
  const cacheKey = `${key}|${id}`;
  let pseudonym = pseudonyms.get(cacheKey);
  if (pseudonym === undefined) {
    pseudonym = createHmac('sha256', key).update(id).digest('base64url').slice(0, 16);
    if (pseudonyms.size > 10_000) pseudonyms.clear();
    pseudonyms.set(cacheKey, pseudonym);
  }
  return pseudonym;
}

/** `fr-CH` from `fr-CH, fr;q=0.9, en;q=0.8`: the first tag when it looks like a language tag (at most 35 characters). */
export function firstLanguage(header: string | undefined): string | null {
  const tag = header?.split(',')[0]?.split(';')[0]?.trim();
  return tag && tag !== '*' && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) ? tag.slice(0, 35) : null;
}

/** The origin a browser request came from: the Origin header, else the Referer's origin. */
export function requestOrigin(headers: IncomingHttpHeaders): string | null {
  const origin = headers.origin;
  if (origin && origin !== 'null') return origin.toLowerCase();
  try {
    return headers.referer ? new URL(headers.referer).origin.toLowerCase() : null;
  } catch {
    return null;
  }
}
