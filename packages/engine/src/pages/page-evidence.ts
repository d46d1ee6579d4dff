import type { PageType } from './page-types.js';
import {
  PAGE_VOCABULARY,
  PRODUCT_NAME_MARKERS,
  SECTION_TYPES,
  STOP_WORDS,
  TITLE_PHRASES,
  type WordClass,
} from './page-vocabulary.js';

/**
 * What a URL path or a title says about a page's type. `strength`: 'root' (the site's root path), 'strong'
 * (a path segment that is wholly vocabulary, or a title phrase or part that is), 'weak' (a keyword inside a
 * slug or a longer title part) or 'none'. `named` holds every type the text names, for agreement checks;
 * `confirmation` says the text names a thank-you page, whose type is the flow it ends.
 */
export type PageEvidence = {
  type: PageType | null;
  strength: 'root' | 'strong' | 'weak' | 'none';
  cue: string;
  named: ReadonlySet<PageType>;
  confirmation: boolean;
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
/** A year segment ("/2024/03/slug", "/news/2025/…") marks a dated article. */
const YEAR = /^(?:19|20)\d\d$/;
/** In a slug, one- and two-letter words ("p" of "trail-shoe-p-2") are too short to mean a type; "vs" is not. */
const isSlugKeyword = (w: string) => w.length > 2 || w === 'vs';

const isType = (c: WordClass): c is Exclude<WordClass, 'neutral' | 'confirmation'> =>
  c !== 'neutral' && c !== 'confirmation';

/** Evidence of nothing: a missing URL or title. */
export const NO_EVIDENCE: PageEvidence = {
  type: null,
  strength: 'none',
  cue: '',
  named: new Set(),
  confirmation: false,
};

/** The words of a segment or a title part: lower case, without a file extension or stop words. */
export const wordsOf = (text: string): string[] =>
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

type WordsReading = {
  /** Every word (or two-word phrase) is vocabulary: a structural segment, not a slug. */
  whole: boolean;
  type: PageType | null;
  types: PageType[];
  keyword: string;
  confirmation: boolean;
};

/** What a segment's or a title part's words name, reading known two-word phrases ("case-study") as one. */
function readWords(words: readonly string[]): WordsReading {
  const phrase = PAGE_VOCABULARY.get(words.join('-'));
  const found: [string, WordClass][] = [];
  let whole = true;
  if (phrase) found.push([words.join('-'), phrase]);
  else
    for (let i = 0; i < words.length; i++) {
      const pair = i + 1 < words.length ? `${words[i]}-${words[i + 1]}` : '';
      const paired = PAGE_VOCABULARY.get(pair);
      if (paired) {
        found.push([pair, paired]);
        i++;
        continue;
      }
      const c = PAGE_VOCABULARY.get(words[i]!);
      if (c) found.push([words[i]!, c]);
      else whole = false;
    }
  const typed = found.filter(([w, c]) => isType(c) && (whole || isSlugKeyword(w))) as [string, PageType][];
  const type = mostSpecific(typed.map(([, t]) => t));
  return {
    whole: whole && words.length > 0,
    type,
    types: typed.map(([, t]) => t),
    keyword: typed.find(([, t]) => t === type)?.[0] ?? '',
    confirmation: found.some(([, c]) => c === 'confirmation'),
  };
}

/**
 * What a page path (as `pagePathOf` gives it) says. The root is home. Structural segments (wholly
 * vocabulary: "products", "case-studies", "book-a-demo") decide, the deeper overriding the earlier
 * ("/products/x/reviews" is reviews), except that a segment after a product marker is the product's name
 * ("/product/boards") and a blog, help, checkout or comparison section types everything under it
 * ("/blog/category/pricing" is blog). Without structure, a keyword inside the earliest slug that has one
 * is weak evidence ("/hoka-vs-nike").
 */
export function readPathEvidence(path: string): PageEvidence {
  const raw = path.split('/').filter((s) => s !== '');
  for (let i = 0; i < 2 && raw[0] && LOCALE.test(raw[0]) && !PAGE_VOCABULARY.has(raw[0]); i++) raw.shift();
  if (raw.length === 0) return { ...NO_EVIDENCE, type: 'home', strength: 'root', cue: '/', named: new Set(['home']) };
  const named = new Set<PageType>();
  let structural: { type: PageType; cue: string } | null = null;
  let weak: { type: PageType; cue: string } | null = null;
  let confirmation = false;
  let isName = false;
  for (const segment of raw) {
    const words = wordsOf(segment);
    if (isName || words.length === 0) {
      isName = false;
      continue;
    }
    if (YEAR.test(segment)) {
      structural = { type: 'blog', cue: segment };
      named.add('blog');
      break;
    }
    const r = readWords(words);
    confirmation ||= r.confirmation;
    for (const t of r.types) named.add(t);
    if (r.whole && r.type) {
      structural = { type: r.type, cue: segment };
      isName = PRODUCT_NAME_MARKERS.has(words.join('-'));
      if (SECTION_TYPES.has(r.type)) break;
    } else if (!r.whole && r.type && r.type !== 'home' && weak === null) weak = { type: r.type, cue: r.keyword };
  }
  if (structural) return { type: structural.type, strength: 'strong', cue: structural.cue, named, confirmation };
  if (weak) return { type: weak.type, strength: 'weak', cue: weak.cue, named, confirmation };
  return { ...NO_EVIDENCE, named, confirmation };
}

/**
 * What a title says: a known phrase (" vs ", "case study", "thank you for your order") or a part that is
 * wholly vocabulary ("Pricing | Acme") is strong; a keyword inside a longer part ("Acme Blog") is weak.
 * Parts are read in order, and home counts only as a whole part.
 */
export function readTitleEvidence(title: string): PageEvidence {
  const lower = ` ${title.toLowerCase().replace(/\s+/g, ' ')} `;
  const named = new Set<PageType>();
  let strong: { type: PageType; cue: string } | null = null;
  let weak: { type: PageType; cue: string } | null = null;
  let confirmation = false;
  for (const [phrase, type] of TITLE_PHRASES)
    if (lower.includes(phrase)) {
      named.add(type);
      strong ??= { type, cue: phrase.trim() };
    }
  for (const part of title.split(/\s[|–—\-·»:]\s|[|:·»]/)) {
    const r = readWords(wordsOf(part));
    confirmation ||= r.confirmation;
    const types = r.whole ? r.types : r.types.filter((t) => t !== 'home');
    for (const t of types) named.add(t);
    const type = mostSpecific(types);
    if (type === null) continue;
    if (r.whole) strong ??= { type, cue: part.trim() };
    else weak ??= { type, cue: r.keyword };
  }
  const best = strong ?? weak;
  if (!best) return { ...NO_EVIDENCE, named, confirmation };
  return { type: best.type, strength: strong ? 'strong' : 'weak', cue: best.cue, named, confirmation };
}
