import type { PageType } from './page-types.js';

// English words and phrases of URL segments and titles, by the page type they name. Phrases are joined
// with '-' after stop words are dropped ("about-us" → "about", "shipping-and-returns" → "shipping-returns").
// 'neutral' words may accompany a keyword in a segment without making it an article slug ("free-trial",
// "help-center", "book-demo").

const WORDS: Record<Exclude<PageType, 'other'> | 'neutral', string> = {
  pricing:
    'pricing price prices plans plan subscription subscriptions subscribe membership memberships rates fees cost costs billing upgrade tariffs',
  product:
    'product products shop store item items p dp catalog catalogue collection collections category categories features feature solutions solution platform sku goods merch merchandise buy',
  reviews:
    'review reviews testimonial testimonials case-study case-studies customer-stories success-stories customers clients ratings rating references wall-love proof',
  faq: 'faq faqs help support questions question returns return refund refunds shipping delivery guarantee guarantees warranty warranties terms tos conditions legal policy policies privacy security exchanges exchange contact customer-service size-guide sizing money-back trust',
  about:
    'about company team leadership people founders founder press media newsroom awards award certifications certification certified credentials accreditation accreditations partners careers jobs investors mission story history who-we-are experts advisors board',
  demo: 'demo demos trial trials try video videos tour tours webinar webinars watch sandbox playground signup sign-up register get-started walkthrough',
  cart: 'cart basket bag checkout check-out payment pay order orders confirmation thank-you thankyou order-received order-complete purchase',
  comparison: 'compare comparison comparisons vs versus alternative alternatives competitors competitor differences',
  blog: 'blog blogs news articles article insights journal magazine stories guides guide learn resources posts post library academy',
  home: 'home index homepage default',
  neutral:
    'free book request get now online live center centre hub info information overview full detail details all main start started view see page',
};

/** Word or phrase → page type ('neutral': allowed beside keywords, names no type itself). */
export const PAGE_VOCABULARY: ReadonlyMap<string, PageType | 'neutral'> = new Map(
  Object.entries(WORDS).flatMap(([type, words]) => words.split(' ').map((w) => [w, type as PageType | 'neutral'])),
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

/** Phrases in a title that settle its type before word matching (padded with spaces where a word must stand alone). */
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
  ['order confirm', 'cart'],
  ['shopping cart', 'cart'],
  ['your cart', 'cart'],
  ['book a demo', 'demo'],
  ['free trial', 'demo'],
  ['about us', 'about'],
  ['meet the team', 'about'],
];
