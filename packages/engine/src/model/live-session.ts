import { round } from '@ri/contracts';
import { predictMarginVariants } from './boosting.js';
import { type ConversionModel, calibratedProbability } from './conversion-model.js';
import type { ModelPrior } from './model-prior.js';
import { type ReadinessScore, readinessFromProbability } from './readiness.js';
import { type ByPageKind, type SessionFeatures, toFeatureVector } from './session-features.js';

/** Views and dwell of one page type in a session (the journey fold keeps these). */
export type PageTypeTotals = { views: number; dwellMs: number };

/**
 * Which of the model's three page kinds a page type counts as. The UCI data set's "ProductRelated" pages
 * are the shop's offer (products, prices, comparisons, demos, reviews); "Administrative" pages are account
 * and order management, which is where cart and checkout live; everything else informs.
 */
export const PAGE_KIND_OF_TYPE: Record<string, keyof ByPageKind> = {
  product: 'product',
  pricing: 'product',
  comparison: 'product',
  demo: 'product',
  reviews: 'product',
  cart: 'admin',
  faq: 'info',
  about: 'info',
  blog: 'info',
  home: 'info',
  other: 'info',
};

/**
 * Values for what a tracked session cannot say by itself, from the UCI training data (8,631 sessions):
 * the medians of BounceRates and ExitRates (used until the business has page statistics of its own),
 * and the most common code of each categorical column, whose meanings the data set does not publish.
 */
export const UCI_TYPICAL = {
  bounceRate: 0.00304414,
  exitRate: 0.025,
  trafficType: 2,
  region: 1,
  browser: 2,
  operatingSystem: 2,
} as const;

/** What the server knows about a live session besides its events. */
export type LiveSessionContext = {
  /** Epoch ms of the session's first event (month and weekend are read from it, in UTC). */
  startedAt: number;
  /** The visitor had an earlier session with this business. */
  returning: boolean;
  /** Mean bounce and exit rates of the session's pages from the business's history, when known. */
  pageRates?: { bounceRate: number; exitRate: number } | null;
  /** The page-value signal (mean value of the pages viewed), null until the business has conversions. */
  pageValue?: number | null;
};

/** Maps a tracked session (page-type totals and context) to the conversion model's inputs. */
export function liveSessionFeatures(
  byType: Readonly<Record<string, PageTypeTotals>>,
  context: LiveSessionContext,
): SessionFeatures {
  const pageViews: ByPageKind = { admin: 0, info: 0, product: 0 };
  const dwellSeconds: ByPageKind = { admin: 0, info: 0, product: 0 };
  for (const [type, totals] of Object.entries(byType)) {
    const kind = PAGE_KIND_OF_TYPE[type] ?? 'info';
    pageViews[kind] += Math.max(0, totals.views);
    dwellSeconds[kind] += Math.max(0, totals.dwellMs) / 1000;
  }
  const started = new Date(context.startedAt);
  const day = started.getUTCDay();
  return {
    pageViews,
    dwellSeconds,
    bounceRate: context.pageRates?.bounceRate ?? UCI_TYPICAL.bounceRate,
    exitRate: context.pageRates?.exitRate ?? UCI_TYPICAL.exitRate,
    pageValue: context.pageValue ?? null,
    specialDay: 0,
    month: started.getUTCMonth() + 1,
    isWeekend: day === 0 || day === 6,
    visitor: context.returning ? 'returning' : 'new',
    context: {
      trafficType: UCI_TYPICAL.trafficType,
      region: UCI_TYPICAL.region,
      browser: UCI_TYPICAL.browser,
      operatingSystem: UCI_TYPICAL.operatingSystem,
    },
  };
}

/** One group of model inputs the explanation speaks of, and how to read its value. */
type InputGroup = {
  feature: string;
  label: string;
  value: (f: SessionFeatures) => number | null;
  /** The session with this group set to the typical training session's values. */
  typical: (f: SessionFeatures) => SessionFeatures;
};

/** The median UCI training session: what an input is compared with to measure its contribution. */
const TYPICAL_SESSION = {
  pageViews: { admin: 1, info: 0, product: 17 },
  dwellSeconds: { admin: 7, info: 0, product: 590.55 },
};

const INPUT_GROUPS: readonly InputGroup[] = [
  {
    feature: 'product_pages',
    label: 'Product, pricing and review pages viewed',
    value: (f) => f.pageViews.product,
    typical: (f) => ({ ...f, pageViews: { ...f.pageViews, product: TYPICAL_SESSION.pageViews.product } }),
  },
  {
    feature: 'product_seconds',
    label: 'Seconds on product, pricing and review pages',
    value: (f) => Math.round(f.dwellSeconds.product),
    typical: (f) => ({ ...f, dwellSeconds: { ...f.dwellSeconds, product: TYPICAL_SESSION.dwellSeconds.product } }),
  },
  {
    feature: 'cart_checkout_pages',
    label: 'Cart and checkout pages viewed',
    value: (f) => f.pageViews.admin,
    typical: (f) => ({
      ...f,
      pageViews: { ...f.pageViews, admin: TYPICAL_SESSION.pageViews.admin },
      dwellSeconds: { ...f.dwellSeconds, admin: TYPICAL_SESSION.dwellSeconds.admin },
    }),
  },
  {
    feature: 'info_pages',
    label: 'Information pages viewed (about, FAQ, blog)',
    value: (f) => f.pageViews.info,
    typical: (f) => ({
      ...f,
      pageViews: { ...f.pageViews, info: TYPICAL_SESSION.pageViews.info },
      dwellSeconds: { ...f.dwellSeconds, info: TYPICAL_SESSION.dwellSeconds.info },
    }),
  },
  {
    feature: 'page_value',
    label: 'Value of the pages viewed (past converting sessions)',
    value: (f) => f.pageValue,
    typical: (f) => (f.pageValue === null ? f : { ...f, pageValue: 0 }),
  },
  {
    feature: 'exit_rate',
    label: 'Exit rate of the pages viewed',
    value: (f) => f.exitRate,
    typical: (f) => ({ ...f, exitRate: UCI_TYPICAL.exitRate }),
  },
  {
    feature: 'bounce_rate',
    label: 'Bounce rate of the pages viewed',
    value: (f) => f.bounceRate,
    typical: (f) => ({ ...f, bounceRate: UCI_TYPICAL.bounceRate }),
  },
  {
    feature: 'returning_visitor',
    label: 'Returning visitor',
    value: (f) => (f.visitor === 'returning' ? 1 : 0),
    typical: (f) => ({ ...f, visitor: 'returning' }),
  },
  {
    feature: 'season',
    label: 'Month and weekday',
    value: (f) => f.month,
    typical: (f) => ({ ...f, month: 5, isWeekend: false, specialDay: 0 }),
  },
];

/** One input group's signed share of the score, in log-odds. */
export type Contribution = { feature: string; label: string; value: number | null; weight: number };

/** A live session's score with the inputs that moved it. */
export type ExplainedScore = {
  readinessScore: ReadinessScore;
  conversionProbability: number;
  contributions: Contribution[];
  usedPageValue: boolean;
};

/**
 * Scores a live session and explains it by occlusion: each input group's weight is the log-odds the
 * model gives this session minus what it gives the same session with that group set to the typical
 * training session's value, so a positive weight means the group raised the score. Groups with no effect
 * are left out; the rest come strongest first. `model` is the UCI prior (its page-value model when the
 * session has a page value) or a business's own model (a missing page value reads as 0 there).
 */
export function scoreLiveSession(model: ModelPrior | ConversionModel, features: SessionFeatures): ExplainedScore {
  let chosen: ConversionModel;
  let input = features;
  if ('withPageValue' in model) chosen = features.pageValue === null ? model.withoutPageValue : model.withPageValue;
  else {
    chosen = model;
    if (chosen.usesPageValue && features.pageValue === null) input = { ...features, pageValue: 0 };
  }
  // Each group's weight compares the session's margin with its margin once the group is set to typical;
  // predictMarginVariants gives both as predictConversionMargin would, without a full pass per group.
  const vector = (f: SessionFeatures) => toFeatureVector(f, chosen.usesPageValue);
  const { margin, variantMargins } = predictMarginVariants(
    chosen,
    vector(input),
    INPUT_GROUPS.map((g) => vector(g.typical(input))),
  );
  const conversionProbability = calibratedProbability(chosen, margin);
  const contributions = INPUT_GROUPS.map((g, i) => ({
    feature: g.feature,
    label: g.label,
    value: g.value(input),
    weight: round(margin - variantMargins[i]!, 3),
  }))
    // The page value is always listed when the model reads it (so a score says whether it took part).
    .filter((c) => (c.feature === 'page_value' ? chosen.usesPageValue : c.weight !== 0))
    .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
  return {
    readinessScore: readinessFromProbability(conversionProbability),
    conversionProbability,
    contributions,
    usedPageValue: chosen.usesPageValue,
  };
}

/** A session that has converted: certain, explained by the conversion itself. */
export function convertedScore(conversions: number): ExplainedScore {
  return {
    readinessScore: readinessFromProbability(1),
    conversionProbability: 1,
    contributions: [{ feature: 'conversions', label: 'Converted in this session', value: conversions, weight: 0 }],
    usedPageValue: false,
  };
}
