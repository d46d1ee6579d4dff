import { PAGE_TYPES as CONTRACT_PAGE_TYPES } from '@ri/contracts';
import { NO_EVIDENCE, type PageEvidence, readPathEvidence, readTitleEvidence } from './page-evidence.js';

/** What a page is for, as the Neuromind classifier reads a journey (the contracts' list, so the API and the engine agree). */
export const PAGE_TYPES = CONTRACT_PAGE_TYPES;
/** One of PAGE_TYPES. */
export type PageType = (typeof PAGE_TYPES)[number];

/**
 * A page's type with how sure the engine is of it: `confidence` in [0, 1] (1 for a business's rule, about
 * 0.3 when nothing names a type) and `reason`, a short phrase naming the evidence.
 */
export type PageTyping = { type: PageType; confidence: number; reason: string };

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

/** True for the page types the engine knows (a stored rule of a type since removed is skipped). */
export const isPageType = (v: unknown): v is PageType => (PAGE_TYPES as readonly string[]).includes(v as string);

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

/** The override whose `match` is the longest prefix of `path` (that match lower-cased, with its '/'), if any. */
function overrideFor(path: string, overrides: readonly PageTypeOverride[]): PageTypeOverride | null {
  let best: PageTypeOverride | null = null;
  for (const o of overrides) {
    if (!isPageType(o.page_type) || typeof o.match !== 'string' || o.match === '') continue;
    const prefix = (o.match.startsWith('/') ? o.match : `/${o.match}`).toLowerCase();
    if (path.startsWith(prefix) && (best === null || prefix.length > best.match.length)) best = { ...o, match: prefix };
  }
  return best;
}

/** Confidence of each kind of evidence; a title that agrees raises it, one that names another type lowers it. */
const CONFIDENCE = {
  rule: 1,
  root: 0.95,
  structure: { agreed: 0.95, alone: 0.85, contradicted: 0.7 },
  keyword: { agreed: 0.75, alone: 0.55, contradicted: 0.45 },
  titleOverPath: 0.6,
  title: { strong: 0.7, weak: 0.45 },
  flowBefore: 0.6,
  nothing: 0.3,
} as const;

const quote = (s: string) => `"${s.length > 40 ? `${s.slice(0, 39)}…` : s}"`;

/** How the title bears on a path's type: it names it too, names only others, or names nothing. */
function titleVerdict(type: PageType, title: PageEvidence): 'agreed' | 'alone' | 'contradicted' {
  if (title.named.has(type)) return 'agreed';
  return title.type === null ? 'alone' : 'contradicted';
}

const titleNote = { agreed: '; the title agrees', alone: '', contradicted: '; the title says otherwise' } as const;

/** The type the path and the title give together, or null when neither names one. */
function typeFromEvidence(path: PageEvidence, title: PageEvidence): PageTyping | null {
  if (path.strength === 'root') return { type: 'home', confidence: CONFIDENCE.root, reason: 'the root path' };
  if (path.type !== null && path.strength === 'strong') {
    // A clear path wins over a title: a single-page app's summary events can carry the next page's title.
    const v = titleVerdict(path.type, title);
    return {
      type: path.type,
      confidence: CONFIDENCE.structure[v],
      reason: `path segment ${quote(path.cue)}${titleNote[v]}`,
    };
  }
  if (path.type !== null) {
    const v = titleVerdict(path.type, title);
    if (v === 'contradicted' && title.type !== null && title.strength === 'strong')
      return {
        type: title.type,
        confidence: CONFIDENCE.titleOverPath,
        reason: `title ${quote(title.cue)} over the word ${quote(path.cue)} in the path`,
      };
    return {
      type: path.type,
      confidence: CONFIDENCE.keyword[v],
      reason: `the word ${quote(path.cue)} in the path${titleNote[v]}`,
    };
  }
  if (title.type !== null)
    return {
      type: title.type,
      confidence: title.strength === 'strong' ? CONFIDENCE.title.strong : CONFIDENCE.title.weak,
      reason: `title ${quote(title.cue)}`,
    };
  return null;
}

/**
 * The type of a page from its URL (absolute or a path) and title, with a confidence and a reason. A
 * business's rule (the longest matching path prefix) wins with confidence 1. Otherwise the root path is
 * home; structural path segments decide ("/products/…", "/blog/…", "/compare/…", with "/product/<name>"
 * and sections such as blog and help typing everything under them), the title only raising or lowering
 * the confidence; a keyword inside a slug ("/hoka-vs-nike") is a weak guess a clear title overturns; then
 * the title alone. A thank-you page takes the type of the flow it ends (an order's is cart, a trial's
 * demo); when neither URL nor title names the flow, that of `previous`, the page viewed just before, if it
 * had a type. Else other.
 */
export function typePage(
  url: string | null,
  title: string | null,
  overrides: readonly PageTypeOverride[] = [],
  previous: PageType | null = null,
): PageTyping {
  const path = url ? pagePathOf(url) : null;
  const rule = path === null ? null : overrideFor(path, overrides);
  if (rule) return { type: rule.page_type, confidence: CONFIDENCE.rule, reason: `rule ${quote(rule.match)}` };
  const pathEvidence = path === null ? NO_EVIDENCE : readPathEvidence(path);
  const titleEvidence = title ? readTitleEvidence(title) : NO_EVIDENCE;
  const typed = typeFromEvidence(pathEvidence, titleEvidence);
  if (typed) return typed;
  if (pathEvidence.confirmation || titleEvidence.confirmation) {
    if (previous !== null && previous !== 'other')
      return { type: previous, confidence: CONFIDENCE.flowBefore, reason: `a thank-you page after a ${previous} page` };
    return { type: 'other', confidence: CONFIDENCE.nothing, reason: 'a thank-you page that names no flow' };
  }
  return { type: 'other', confidence: CONFIDENCE.nothing, reason: 'nothing in the URL or title names a type' };
}

/** The type of a page from its URL and title (see `typePage`, of which this is the type alone). */
export function inferPageType(
  url: string | null,
  title: string | null,
  overrides: readonly PageTypeOverride[] = [],
): PageType {
  return typePage(url, title, overrides).type;
}
