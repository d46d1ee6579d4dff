import type { PageType } from './page-types.js';

/**
 * What a vocabulary word says: a page type; 'neutral' (allowed beside keywords, names no type itself:
 * "free-trial", "help-center", "book-demo"); or 'confirmation' (a thank-you page, whose type is that of
 * the flow it ends: "order-confirmation" is cart, "trial/thank-you" demo).
 */
export type WordClass = Exclude<PageType, 'other'> | 'neutral' | 'confirmation';

// English words and phrases of URL segments and titles, by what they name. Words match whole: "boards" is
// not "board", "dashboard" is nothing. Phrases are joined with '-' after stop words are dropped
// ("about-us" → "about", "shipping-and-returns" → "shipping-returns", "who-we-are" → "who-are").
const WORDS: Record<WordClass, string> = {
  pricing:
    'pricing price prices plans plan subscription subscriptions subscribe membership memberships rates fees cost costs billing upgrade tariffs',
  product:
    'product products shop store item items p dp catalog catalogue collection collections category categories features feature solutions solution platform sku goods merch merchandise buy integrations integration services service',
  reviews:
    'review reviews testimonial testimonials case-study case-studies customer-stories success-stories customers clients ratings rating references wall-love proof portfolio showcase',
  faq: 'faq faqs frequently-asked-questions help support questions question returns return refund refunds shipping delivery guarantee guarantees warranty warranties terms terms-service terms-conditions tos conditions legal policy policies privacy security exchanges exchange contact customer-service size-guide sizing money-back trust docs documentation knowledge-base kb hc',
  about:
    'about company team leadership people founders founder press media newsroom awards award certifications certification certified credentials accreditation accreditations partners careers jobs investors mission story history who-are experts advisors board-directors advisory-board',
  demo: 'demo demos trial trials try video videos tour tours webinar webinars watch sandbox playground signup sign-up register get-started walkthrough',
  cart: 'cart carts basket baskets bag checkout checkouts check-out payment payments pay order orders purchase',
  comparison: 'compare comparison comparisons vs versus alternative alternatives competitors competitor differences',
  blog: 'blog blogs news articles article insights journal magazine stories guides guide learn resources posts post library academy',
  home: 'home index homepage default',
  neutral:
    'free book request get now online live center centre hub info information overview full detail details all main start started view see page pages',
  confirmation: 'thank-you thankyou thanks confirmation confirmed received complete completed success successful',
};

/** The words and phrases of each class, as listed. */
export const PAGE_WORDS: Readonly<Record<WordClass, readonly string[]>> = Object.fromEntries(
  Object.entries(WORDS).map(([c, words]) => [c, words.split(' ')]),
) as Record<WordClass, string[]>;

/** Word or phrase → what it names. */
export const PAGE_VOCABULARY: ReadonlyMap<string, WordClass> = new Map(
  Object.entries(PAGE_WORDS).flatMap(([c, words]) => words.map((w) => [w, c as WordClass])),
);

/** Words ignored in segments and titles. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'and',
  'of',
  'our',
  'us',
  'your',
  'my',
  'to',
  'for',
  'with',
  'on',
  'in',
  'we',
  'html',
]);

/**
 * Phrases in a title that settle its type before word matching (padded with spaces where a word must
 * stand alone). Confirmations name their flow here: an order's thank-you is cart, a trial's is demo.
 */
export const TITLE_PHRASES: readonly [string, PageType][] = [
  [' vs ', 'comparison'],
  [' vs. ', 'comparison'],
  ['frequently asked', 'faq'],
  ['case study', 'reviews'],
  ['case studies', 'reviews'],
  ['what our customers', 'reviews'],
  ['money-back', 'faq'],
  ['money back', 'faq'],
  ['thank you for your order', 'cart'],
  ['thanks for your order', 'cart'],
  ['order confirm', 'cart'],
  ['shopping cart', 'cart'],
  ['your cart', 'cart'],
  ['book a demo', 'demo'],
  ['free trial', 'demo'],
  ['your trial', 'demo'],
  ['signing up', 'demo'],
  ['about us', 'about'],
  ['meet the team', 'about'],
  ['who we are', 'about'],
];

/**
 * Path segments that name one product: the segment after them is its name, read as a name whatever its
 * words ("/product/boards", "/p/billy-bookcase", "/dp/B0C…"). Plural sections ("/products/…") are listings
 * whose sub-pages ("/products/compare") keep their own type.
 */
export const PRODUCT_NAME_MARKERS: ReadonlySet<string> = new Set(['product', 'p', 'dp', 'item', 'sku']);

/**
 * Types whose sections hold pages of the same type, whatever their slugs say: a blog's posts, a help
 * centre's articles, a checkout's steps, a comparison's pages ("/blog/category/pricing" is blog,
 * "/docs/billing/plans" faq, "/checkout/shipping" cart).
 */
export const SECTION_TYPES: ReadonlySet<PageType> = new Set(['blog', 'faq', 'cart', 'comparison']);
