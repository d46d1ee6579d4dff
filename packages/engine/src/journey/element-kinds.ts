/** What a call to action offers, read from its element descriptor (and a click's text and link). */
export const CTA_KINDS = ['purchase', 'trial', 'credentials', 'reassurance', 'proof', 'plans', 'other'] as const;
/** One of CTA_KINDS. */
export type CtaKind = (typeof CTA_KINDS)[number];

/** How each call-to-action kind reads in a sentence ("4 hovers on …"). */
export const CTA_KIND_LABELS: Record<CtaKind, string> = {
  purchase: 'buy, add-to-cart and checkout buttons',
  trial: 'trial, demo, video and interactive controls',
  credentials: 'credential, award and team badges',
  reassurance: 'guarantee badges and FAQ questions',
  proof: 'review and case-study links',
  plans: 'plan, billing and discount options',
  other: 'other calls to action',
};

// Words in ids, classes, data-ri names, labels and links, by kind. A descriptor naming several kinds takes
// the first in CTA_KINDS order: "pricing-trial" is a trial button, "badge-bcorp" a credential, "compare-bundle"
// a purchase.
const CTA_WORDS: Record<Exclude<CtaKind, 'other'>, string> = {
  purchase: 'buy cart basket bag checkout order purchase shop add pay bundle subscribe join',
  trial:
    'trial demo play video watch tour signup register try interactive calculator chapter webinar configurator sandbox planner consultation consult preview sample',
  credentials:
    'credential credentials cert certified certification certifications accredited accreditation licence license bcorp iso award awards press team author expert publications lab',
  reassurance:
    'guarantee warranty faq question questions answer answers help refund return returns shipping delivery policy secure security secured badge',
  proof: 'review reviews testimonial testimonials case study stories rating ratings customers',
  plans:
    'plan plans pricing price billing monthly annual yearly tier compare comparison option seats coupon discount promo code finance financing instalments installments membership',
};
const CTA_VOCABULARY: ReadonlyMap<string, CtaKind> = new Map(
  Object.entries(CTA_WORDS).flatMap(([kind, words]) => words.split(' ').map((w) => [w, kind as CtaKind])),
);

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * The kind of a call to action from its descriptor (`button#plan-basic.btn`, `[data-ri=buy]`) and, for a
 * click, its text and link: the first kind in CTA_KINDS that any word names, else other.
 */
export function ctaKindOf(...texts: (string | null | undefined)[]): CtaKind {
  const found = new Set<CtaKind>();
  for (const t of texts) if (t) for (const w of wordsOf(t)) found.add(CTA_VOCABULARY.get(w) ?? 'other');
  return CTA_KINDS.find((k) => k !== 'other' && found.has(k)) ?? 'other';
}

/** Longest element name kept: room for a few words ("money-back-guarantee", "customer-testimonials"). */
export const ELEMENT_NAME_MAX = 32;

/**
 * The name of a marked element from its descriptor: the owner's `[data-ri=name]` (the SDK's form for
 * `data-ri` and `data-ri-track`), else its first class, else its id, else its tag
 * (`section#stats-home.stat` → `stat`); lower case, each run of other characters than a-z, 0-9, `_` and `-`
 * one `-` (so "Customer Testimonials" keeps its words apart), at most ELEMENT_NAME_MAX characters. Null
 * when nothing is left.
 */
export function elementNameOf(el: string | null): string | null {
  if (!el) return null;
  const named = /^\[data-ri=["']?([^\]"']*)["']?\]$/.exec(el.trim())?.[1];
  const [head = '', ...classes] = el.trim().split('.');
  const [tag, id] = head.split('#');
  const name = named ?? classes.find((c) => c !== '') ?? id ?? tag ?? '';
  const clean = name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ELEMENT_NAME_MAX);
  return clean === '' ? null : clean;
}
