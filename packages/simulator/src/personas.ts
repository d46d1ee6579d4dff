import { NEUROMIND_PROFILES } from '@ri/contracts';
import type { Rng } from './random';
import type { CtaRole, PageCategory, TrackedKind } from './site';

/** The personas: the contract's seven Neuromind profiles, so the simulated truth uses the scorer's names. */
export const PERSONAS = NEUROMIND_PROFILES;
export type Persona = (typeof PERSONAS)[number];

/** Categories a visitor may choose to browse to (checkout and thank-you pages are reached by flows). */
export type BrowseCategory = Exclude<PageCategory, 'checkout' | 'confirmation'>;

/**
 * A behaviour model. Every number parameterises a distribution the plan generator draws from; durations
 * are log-normal (median, sigma), counts Poisson (mean), probabilities Bernoulli.
 */
export type BehaviourModel = {
  summary: string;
  /** Relative weight of each category when choosing the next page. */
  pages: Record<BrowseCategory, number>;
  /** The categories that define the persona; dwell there is multiplied by `dwell.focus`. */
  favourites: BrowseCategory[];
  /** Pages chosen per visit (before any checkout or sign-up flow), log-normal, at least 1. */
  pagesPerVisit: { median: number; sigma: number };
  /** Reading time per page, ms, before page-length and favourite factors. */
  dwell: { median: number; sigma: number; focus: number };
  /** Fraction of the page reached (normal mean, sd); speed in px/s (log-normal median); direction reversals per page (Poisson); chance of a rapid up-down burst per page. */
  scroll: { depth: number; depthSd: number; speed: number; reversals: number; backAndForth: number };
  /** CTA hovers per page (Poisson); hover time (log-normal ms); chance a hover ends in a click; chance a non-clicking hover lingers 2-6 s (hesitation). */
  hover: { perPage: number; median: number; sigma: number; click: number; linger: number };
  /** Which CTAs draw the pointer (multiplier, default 1). */
  roles: Partial<Record<CtaRole, number>>;
  /** Median ms spent with a marked element in view, by kind (default `attention.other`). */
  attention: Partial<Record<TrackedKind | 'other', number>>;
  /** Chance to start a form met on the way; chance to leave it unfinished; typing speed in characters per second. */
  forms: { focus: number; abandon: number; charsPerSecond: number };
  /** Chance the next page is one seen before, and which categories get revisited. */
  revisit: { probability: number; categories: BrowseCategory[] };
  /** Chance of going back (popstate) instead of following a link. */
  back: number;
  /** Mouse moves per second while reading (desktop only). */
  mouse: number;
  /** Chance per page of switching to another tab for a while (log-normal median ms). */
  away: { probability: number; median: number };
  /** Chance the visit converts, and how (a purchase through cart and checkout, or a trial sign-up). */
  conversion: { probability: number; purchase: number };
};

const pages = (w: Partial<Record<BrowseCategory, number>>): Record<BrowseCategory, number> => ({
  home: 0.5,
  pricing: 0.5,
  product: 0.5,
  proof: 0.3,
  reassurance: 0.3,
  authority: 0.2,
  experience: 0.3,
  cart: 0.2,
  compare: 0.2,
  blog: 0.2,
  terms: 0.05,
  ...w,
});

/** The generic browsing mix every persona falls back to for 15-25% of its decisions. */
export const GENERIC: BehaviourModel = {
  summary: 'an average visitor: a few pages, moderate reading, some scrolling back',
  pages: pages({
    home: 2,
    product: 3,
    pricing: 2,
    proof: 1.2,
    reassurance: 1,
    authority: 0.8,
    experience: 1,
    compare: 0.8,
    blog: 1.2,
    cart: 0.8,
    terms: 0.2,
  }),
  favourites: [],
  pagesPerVisit: { median: 4, sigma: 0.5 },
  dwell: { median: 26_000, sigma: 0.6, focus: 1 },
  scroll: { depth: 0.6, depthSd: 0.25, speed: 1000, reversals: 1, backAndForth: 0.1 },
  hover: { perPage: 1, median: 900, sigma: 0.5, click: 0.3, linger: 0.1 },
  roles: {},
  attention: { other: 2500 },
  forms: { focus: 0.2, abandon: 0.6, charsPerSecond: 5 },
  revisit: { probability: 0.1, categories: ['home', 'product'] },
  back: 0.15,
  mouse: 2,
  away: { probability: 0.06, median: 20_000 },
  conversion: { probability: 0.08, purchase: 0.6 },
};

/** The seven behaviour models. */
export const MODELS: Record<Persona, BehaviourModel> = {
  'Fast-Mover': {
    summary: 'few pages, short dwell, fast deep scrolls, straight to pricing or cart, clicks CTAs after short hovers',
    pages: pages({ pricing: 4, product: 4, cart: 3, home: 1, experience: 0.4, proof: 0.4, compare: 0.3 }),
    favourites: ['pricing', 'product', 'cart'],
    pagesPerVisit: { median: 2.5, sigma: 0.35 },
    dwell: { median: 11_000, sigma: 0.45, focus: 1 },
    scroll: { depth: 0.85, depthSd: 0.12, speed: 2600, reversals: 0.3, backAndForth: 0.03 },
    hover: { perPage: 1, median: 450, sigma: 0.35, click: 0.75, linger: 0.03 },
    roles: { buy: 3, 'add-to-cart': 3, checkout: 3, 'start-trial': 1.5 },
    attention: { other: 700 },
    forms: { focus: 0.1, abandon: 0.4, charsPerSecond: 8 },
    revisit: { probability: 0.05, categories: ['pricing'] },
    back: 0.05,
    mouse: 3,
    away: { probability: 0.02, median: 8_000 },
    conversion: { probability: 0.45, purchase: 0.7 },
  },
  'Proof-Driven': {
    summary:
      'reviews, case studies and comparisons; long dwell; deep slow scrolls; long looks at testimonials and stats',
    pages: pages({
      proof: 6,
      compare: 2,
      product: 2,
      pricing: 1.5,
      blog: 0.8,
      authority: 0.8,
      experience: 0.8,
      reassurance: 0.6,
    }),
    favourites: ['proof', 'compare'],
    pagesPerVisit: { median: 6.5, sigma: 0.35 },
    dwell: { median: 45_000, sigma: 0.5, focus: 1.6 },
    scroll: { depth: 0.92, depthSd: 0.08, speed: 450, reversals: 1, backAndForth: 0.08 },
    hover: { perPage: 1.2, median: 1100, sigma: 0.45, click: 0.3, linger: 0.1 },
    roles: { 'read-more': 3 },
    attention: { testimonial: 9000, stat: 8000, comparison: 7000, other: 2500 },
    forms: { focus: 0.2, abandon: 0.6, charsPerSecond: 5 },
    revisit: { probability: 0.15, categories: ['proof', 'compare'] },
    back: 0.15,
    mouse: 1.5,
    away: { probability: 0.08, median: 30_000 },
    conversion: { probability: 0.2, purchase: 0.6 },
  },
  Reassurer: {
    summary: 'FAQ, returns, shipping and guarantee pages; hovers guarantees; starts forms then abandons; hesitates',
    pages: pages({
      reassurance: 6,
      product: 1.5,
      pricing: 1.2,
      proof: 1,
      home: 0.6,
      cart: 0.6,
      terms: 0.6,
      authority: 0.5,
    }),
    favourites: ['reassurance'],
    pagesPerVisit: { median: 5.5, sigma: 0.35 },
    dwell: { median: 34_000, sigma: 0.5, focus: 1.5 },
    scroll: { depth: 0.75, depthSd: 0.15, speed: 700, reversals: 1.4, backAndForth: 0.2 },
    hover: { perPage: 2, median: 1500, sigma: 0.5, click: 0.2, linger: 0.35 },
    roles: { guarantee: 4, 'faq-toggle': 3 },
    attention: { guarantee: 7000, policy: 6000, testimonial: 3000, other: 2000 },
    forms: { focus: 0.7, abandon: 0.85, charsPerSecond: 4 },
    revisit: { probability: 0.2, categories: ['reassurance'] },
    back: 0.15,
    mouse: 2,
    away: { probability: 0.08, median: 25_000 },
    conversion: { probability: 0.14, purchase: 0.7 },
  },
  Skeptic: {
    summary:
      'scrolls back and forth, revisits pricing, reads terms and about, hovers without clicking, rarely converts',
    pages: pages({
      pricing: 3,
      terms: 2,
      authority: 1.8,
      proof: 1.5,
      reassurance: 1.2,
      compare: 1.2,
      product: 1.2,
      home: 0.8,
      blog: 0.5,
    }),
    favourites: ['pricing', 'terms', 'authority'],
    pagesPerVisit: { median: 7, sigma: 0.35 },
    dwell: { median: 34_000, sigma: 0.55, focus: 1.4 },
    scroll: { depth: 0.8, depthSd: 0.15, speed: 900, reversals: 3.5, backAndForth: 0.55 },
    hover: { perPage: 2.2, median: 1800, sigma: 0.5, click: 0.08, linger: 0.6 },
    roles: { 'plan-option': 1.5, buy: 1.5, guarantee: 1.5 },
    attention: { policy: 6500, plans: 4000, guarantee: 3500, testimonial: 2500, other: 2000 },
    forms: { focus: 0.25, abandon: 0.85, charsPerSecond: 4.5 },
    revisit: { probability: 0.35, categories: ['pricing', 'terms'] },
    back: 0.3,
    mouse: 3.5,
    away: { probability: 0.14, median: 30_000 },
    conversion: { probability: 0.06, purchase: 0.5 },
  },
  Optimizer: {
    summary: 'comparison and pricing again and again, toggles plans and billing, adds to cart, tries discount codes',
    pages: pages({ compare: 5, pricing: 5, product: 2.5, cart: 1.5, proof: 0.8, reassurance: 0.5 }),
    favourites: ['compare', 'pricing'],
    pagesPerVisit: { median: 6.5, sigma: 0.35 },
    dwell: { median: 28_000, sigma: 0.5, focus: 1.4 },
    scroll: { depth: 0.7, depthSd: 0.18, speed: 1300, reversals: 2, backAndForth: 0.15 },
    hover: { perPage: 2.5, median: 800, sigma: 0.45, click: 0.55, linger: 0.12 },
    roles: { 'plan-option': 4, 'billing-toggle': 4, 'add-to-cart': 2 },
    attention: { plans: 9000, comparison: 10_000, stat: 3000, other: 1500 },
    forms: { focus: 0.35, abandon: 0.5, charsPerSecond: 6 },
    revisit: { probability: 0.3, categories: ['pricing', 'compare'] },
    back: 0.3,
    mouse: 3,
    away: { probability: 0.16, median: 25_000 },
    conversion: { probability: 0.32, purchase: 0.7 },
  },
  'Authority-Seeker': {
    summary: 'about, team, press, certifications and expert-written blog posts; long looks at credentials',
    pages: pages({ authority: 5.5, blog: 3.5, proof: 1.2, product: 1, pricing: 0.8, home: 0.6 }),
    favourites: ['authority', 'blog'],
    pagesPerVisit: { median: 5.5, sigma: 0.35 },
    dwell: { median: 36_000, sigma: 0.5, focus: 1.6 },
    scroll: { depth: 0.75, depthSd: 0.15, speed: 600, reversals: 0.8, backAndForth: 0.06 },
    hover: { perPage: 1.3, median: 1000, sigma: 0.45, click: 0.3, linger: 0.12 },
    roles: { credential: 4, 'read-more': 2 },
    attention: { credential: 8000, press: 7000, team: 6000, author: 6000, other: 2000 },
    forms: { focus: 0.25, abandon: 0.4, charsPerSecond: 5 },
    revisit: { probability: 0.12, categories: ['authority'] },
    back: 0.12,
    mouse: 1.5,
    away: { probability: 0.06, median: 25_000 },
    conversion: { probability: 0.18, purchase: 0.6 },
  },
  'Experience-First': {
    summary: 'demo, trial and video pages; plays videos, clicks interactive elements, starts free trials',
    pages: pages({ experience: 6, product: 1.5, pricing: 1.2, home: 0.8, proof: 0.8, cart: 0.6 }),
    favourites: ['experience'],
    pagesPerVisit: { median: 4.5, sigma: 0.4 },
    dwell: { median: 30_000, sigma: 0.5, focus: 2 },
    scroll: { depth: 0.6, depthSd: 0.2, speed: 850, reversals: 0.6, backAndForth: 0.05 },
    hover: { perPage: 1.6, median: 700, sigma: 0.4, click: 0.6, linger: 0.06 },
    roles: { 'play-video': 4, interactive: 4, 'start-trial': 3, 'book-demo': 2 },
    attention: { video: 45_000, other: 1500 },
    forms: { focus: 0.4, abandon: 0.4, charsPerSecond: 6 },
    revisit: { probability: 0.15, categories: ['experience'] },
    back: 0.1,
    mouse: 2.5,
    away: { probability: 0.05, median: 20_000 },
    conversion: { probability: 0.3, purchase: 0.2 },
  },
};

/** Whether a string names one of the seven personas. */
export const isPersona = (s: string): s is Persona => (PERSONAS as readonly string[]).includes(s);

/**
 * The model for one decision of a visitor: the persona's own, or with probability `noise` (drawn per
 * visitor in [0.15, 0.25]) the generic browsing mix, so personas overlap the way real visitors do.
 */
export const modelFor = (persona: Persona, noise: number, rng: Rng): BehaviourModel =>
  rng.chance(noise) ? GENERIC : MODELS[persona];

/** How long a visitor looks at a marked element of a kind, ms (log-normal around the model's median). */
export const attentionMs = (model: BehaviourModel, kind: TrackedKind, rng: Rng): number =>
  Math.round(rng.logNormal(model.attention[kind] ?? model.attention.other ?? 2000, 0.5));
