import { PAGE_TYPES as CONTRACT_PAGE_TYPES } from '@ri/contracts';
import { PAGE_VOCABULARY, STOP_WORDS, TITLE_PHRASES } from './page-vocabulary.js';

/** What a page is for, as the Neuromind classifier reads a journey (the contracts' list, so the API and the engine agree). */
export const PAGE_TYPES = CONTRACT_PAGE_TYPES;
/** One of PAGE_TYPES. */
export type PageType = (typeof PAGE_TYPES)[number];

/** A business's own rule: every path starting with `match` (case-insensitive) is of `page_type`. */
export type PageTypeOverride = { match: string; page_type: PageType };

/** How each page type reads in a sentence ("62% of page views were …"). */
export const PAGE_TYPE_LABELS: Record<PageType, string> = {
  pricing: 'pricing and plans',
  product: 'product',
  reviews: 'reviews and case studies',
  faq: 'FAQ, returns, shipping and guarantee',
  about: 'about, team, press and credentials',
  demo: 'demo, trial and video',
  cart: 'cart and checkout',
  comparison: 'comparison',
  blog: 'blog',
  home: 'home',
  other: 'other',
};

/**
 * When a segment mixes words of several types ("product-reviews", "compare-plans", "pricing-faq"), the
 * more specific type wins: the earlier in this list.
 */
const SPECIFICITY: PageType[] = [
  'cart',
  'comparison',
  'reviews',
  'faq',
  'demo',
  'about',
  'pricing',
  'blog',
  'product',
  'home',
];
const LOCALE = /^[a-z]{2}(?:[-_][a-z]{2,4})?$/;
const EXTENSION = /\.(?:html?|php|aspx?|jsp)$/;

/** A word's type, trying the singular of an unknown plural ("checkouts", "bundles"). */
const lookup = (w: string) =>
  PAGE_VOCABULARY.get(w) ?? (w.endsWith('s') ? PAGE_VOCABULARY.get(w.slice(0, -1)) : undefined);

const isPageType = (v: unknown): v is PageType => (PAGE_TYPES as readonly string[]).includes(v as string);

/**
 * Paths of the URLs seen lately. Live scoring asks for the path of nearly every event, and a session's
 * events repeat a few URLs; parsing one takes longer than the rest of folding the event. Emptied when full.
 */
const PATHS = new Map<string, string>();
const PATHS_KEPT = 4096;

/** The path of a URL (absolute or relative), from a hash route (`/#/pricing`) when the path itself is the root. */
export function pagePathOf(url: string): string {
  let path = PATHS.get(url);
  if (path === undefined) {
    path = parsePagePath(url);
    if (PATHS.size >= PATHS_KEPT) PATHS.clear();
    PATHS.set(url, path);
  }
  return path;
}

function parsePagePath(url: string): string {
  let path: string;
  let hash = '';
  try {
    const u = new URL(url, 'http://relative.invalid');
    path = u.pathname;
    hash = u.hash;
  } catch {
    path = url.split(/[?#]/)[0] ?? '';
  }
  const route = /^#!?(\/.*)$/.exec(hash)?.[1];
  if (route && (path === '/' || path === '' || /^\/index\.\w+$/.test(path))) path = route.split('?')[0] ?? '/';
  try {
    path = decodeURIComponent(path);
  } catch {}
  return path.toLowerCase();
}

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(EXTENSION, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '' && !STOP_WORDS.has(w));

/** The most specific of several types, or null when there are none. */
const mostSpecific = (types: Iterable<PageType>): PageType | null => {
  const set = new Set(types);
  return SPECIFICITY.find((t) => set.has(t)) ?? null;
};

/**
 * The type a whole segment names: a known phrase ("case-studies"), or words that all belong to the
 * vocabulary ("shipping-and-returns"; neutral words like "free" or "centre" allowed). Null otherwise, so
 * an article slug that merely contains a keyword ("pricing-mistakes-to-avoid") does not count here.
 */
function strictTypeOf(words: string[]): PageType | null {
  if (words.length === 0) return null;
  const phrase = PAGE_VOCABULARY.get(words.join('-'));
  if (phrase && phrase !== 'neutral') return phrase;
  const types: PageType[] = [];
  for (const w of words) {
    const t = lookup(w);
    if (t === undefined) return null;
    if (t !== 'neutral') types.push(t);
  }
  return mostSpecific(types);
}

/** The most specific type any word or two-word phrase of `words` names, or null. */
function looseTypeOf(words: string[]): PageType | null {
  const types: PageType[] = [];
  words.forEach((w, i) => {
    const pair = i + 1 < words.length ? PAGE_VOCABULARY.get(`${w}-${words[i + 1]}`) : undefined;
    const t = lookup(w);
    for (const x of [pair, t]) if (x !== undefined && x !== 'neutral') types.push(x);
  });
  return mostSpecific(types);
}

/** The page type a title states, reading its parts ("Case study: Acme | Shop") in order. */
function titleTypeOf(title: string): PageType | null {
  const lower = ` ${title.toLowerCase()} `;
  for (const [phrase, type] of TITLE_PHRASES) if (lower.includes(phrase)) return type;
  for (const part of title.split(/\s[|–—\-·»:]\s|[|:·»]/)) {
    const t = looseTypeOf(wordsOf(part));
    if (t !== null && t !== 'home') return t;
  }
  return null;
}

/** The override whose `match` is the longest prefix of `path`, if any. */
function overrideFor(path: string, overrides: readonly PageTypeOverride[]): PageType | null {
  let best: PageTypeOverride | null = null;
  for (const o of overrides) {
    if (!isPageType(o.page_type) || typeof o.match !== 'string' || o.match === '') continue;
    const prefix = (o.match.startsWith('/') ? o.match : `/${o.match}`).toLowerCase();
    if (path.startsWith(prefix) && (best === null || prefix.length > best.match.length)) best = { ...o, match: prefix };
  }
  return best?.page_type ?? null;
}

/**
 * The type of a page from its URL (absolute or a path) and title: a business override (longest path
 * prefix) first; the root path is home; then the deepest path segment that names a type outright
 * ("/products/x/reviews" → reviews, "/blog/x" → blog); then any keyword in the path ("/hoka-vs-nike" →
 * comparison); then the title's words ("Case study: Acme"); else other.
 */
export function inferPageType(
  url: string | null,
  title: string | null,
  overrides: readonly PageTypeOverride[] = [],
): PageType {
  const path = url ? pagePathOf(url) : null;
  if (path !== null) {
    const forced = overrideFor(path, overrides);
    if (forced) return forced;
    const raw = path.split('/').filter((s) => s !== '');
    if (raw[0] && LOCALE.test(raw[0]) && !PAGE_VOCABULARY.has(raw[0])) raw.shift();
    const segments = raw.map(wordsOf).filter((w) => w.length > 0);
    if (raw.length === 0) return 'home';
    for (const words of [...segments].reverse()) {
      const t = strictTypeOf(words);
      if (t) return t;
    }
    for (const words of [...segments].reverse()) {
      const t = looseTypeOf(words);
      if (t && t !== 'home') return t;
    }
  }
  return (title ? titleTypeOf(title) : null) ?? 'other';
}
