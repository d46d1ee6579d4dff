import type { UciSession } from './uci-session.js';

/** Page views or seconds split by the three page kinds the model knows. */
export type ByPageKind = {
  /** Account and order pages: sign-in, account, orders, and the cart and checkout. */
  admin: number;
  /** Information pages: about, contact, help, shipping and returns. */
  info: number;
  /** Product pages: listings and product details. */
  product: number;
};

/** Whether the visitor has been seen before. */
export type VisitorKind = 'returning' | 'new' | 'other';

/**
 * The inputs the conversion model reads for one session. Any source of sessions (the UCI data set,
 * the product's own tracked sessions) is mapped to this shape first, so one model serves both.
 */
export type SessionFeatures = {
  pageViews: ByPageKind;
  /** Seconds spent, by page kind (dwell time). */
  dwellSeconds: ByPageKind;
  /** Mean bounce rate of the pages viewed, in [0, 1]: how often sessions entering there left at once. */
  bounceRate: number;
  /** Mean exit rate of the pages viewed, in [0, 1]: how often page views there ended the session. */
  exitRate: number;
  /**
   * Page-value signal: mean over the pages viewed of each page's value, the average revenue of past
   * converting sessions that viewed it (as web analytics tools compute it). Null when unknown.
   */
  pageValue: number | null;
  /** Closeness to a gifting day in [0, 1] (1 = the window right before it). */
  specialDay: number;
  /** 1 (January) to 12 (December). */
  month: number;
  isWeekend: boolean;
  visitor: VisitorKind;
  /** Categorical context as integer codes (the UCI data set's codes; other sources map to them). */
  context: { trafficType: number; region: number; browser: number; operatingSystem: number };
};

const VISITOR: Record<UciSession['visitorType'], VisitorKind> = {
  Returning_Visitor: 'returning',
  New_Visitor: 'new',
  Other: 'other',
};

/** A negative count or duration (the UCI data marks unknowns with -1) counts as none. */
const nonNegative = (x: number) => (x > 0 ? x : 0);

/** Maps a UCI session to model features; see docs/scoring.md for the column-by-column adapter. */
export function fromUciSession(s: UciSession): SessionFeatures {
  return {
    pageViews: {
      admin: nonNegative(s.administrative),
      info: nonNegative(s.informational),
      product: nonNegative(s.productRelated),
    },
    dwellSeconds: {
      admin: nonNegative(s.administrativeDuration),
      info: nonNegative(s.informationalDuration),
      product: nonNegative(s.productRelatedDuration),
    },
    bounceRate: s.bounceRates,
    exitRate: s.exitRates,
    pageValue: s.pageValues === null ? null : nonNegative(s.pageValues),
    specialDay: s.specialDay,
    month: s.month,
    isWeekend: s.weekend,
    visitor: VISITOR[s.visitorType],
    context: {
      trafficType: s.trafficType,
      region: s.region,
      browser: s.browser,
      operatingSystem: s.operatingSystems,
    },
  };
}

const BASE_NAMES = [
  'admin_pages',
  'admin_seconds',
  'info_pages',
  'info_seconds',
  'product_pages',
  'product_seconds',
  'total_pages',
  'total_seconds',
  'seconds_per_product_page',
  'product_page_share',
  'bounce_rate',
  'exit_rate',
  'special_day',
  'month',
  'is_weekend',
  'is_returning',
  'is_new',
  'traffic_type',
  'region',
  'browser',
  'operating_system',
] as const;

/** Months with their own indicator: a shallow tree cannot isolate November from an ordinal month. */
const MONTH_FLAGS = [2, 3, 5, 6, 7, 8, 9, 10, 11, 12] as const;
const MONTH_ABBR = ['', 'jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Traffic types common enough (100+ training sessions) to get an indicator. */
const TRAFFIC_FLAGS = [1, 2, 3, 4, 5, 6, 8, 10, 11, 13, 20] as const;

const INDICATOR_NAMES = [
  ...MONTH_FLAGS.map((m) => `month_${MONTH_ABBR[m]}`),
  ...TRAFFIC_FLAGS.map((t) => `traffic_type_${t}`),
];

/** The model's input columns, in vector order, with or without the page-value signal. */
export function featureNames(usePageValue: boolean): string[] {
  const names = [...BASE_NAMES, ...INDICATOR_NAMES];
  return usePageValue ? [...names, 'page_value', 'page_value_per_product_page'] : names;
}

/**
 * The model inputs that carry buying evidence: views of and time on cart and checkout pages (the
 * "Administrative" kind, with the totals they add to) and the page-value signal (and its share per product
 * page). They are fitted with monotone constraints (see tree.ts), so more of any of them never lowers a
 * score. No other input is derived from them in a way that could fall as they rise: the product-page share
 * is of product and information pages only.
 */
export const BUYING_EVIDENCE = [
  'admin_pages',
  'admin_seconds',
  'total_pages',
  'total_seconds',
  'page_value',
  'page_value_per_product_page',
] as const;

/** Monotone constraints aligned with `featureNames(usePageValue)`: +1 for buying evidence, else 0. */
export function monotoneConstraints(usePageValue: boolean): number[] {
  const rising = new Set<string>(BUYING_EVIDENCE);
  return featureNames(usePageValue).map((name) => (rising.has(name) ? 1 : 0));
}

/**
 * Encodes features as the numeric vector the trees split on (order of `featureNames`). Trees only
 * compare values, so no scaling is needed; derived columns add totals, ratios and indicators a
 * shallow tree could not form by itself.
 */
export function toFeatureVector(f: SessionFeatures, usePageValue: boolean): number[] {
  const { admin, info, product } = f.pageViews;
  const seconds = f.dwellSeconds;
  const totalPages = admin + info + product;
  const base = [
    admin,
    seconds.admin,
    info,
    seconds.info,
    product,
    seconds.product,
    totalPages,
    seconds.admin + seconds.info + seconds.product,
    product > 0 ? seconds.product / product : 0,
    product + info > 0 ? product / (product + info) : 0,
    f.bounceRate,
    f.exitRate,
    f.specialDay,
    f.month,
    f.isWeekend ? 1 : 0,
    f.visitor === 'returning' ? 1 : 0,
    f.visitor === 'new' ? 1 : 0,
    f.context.trafficType,
    f.context.region,
    f.context.browser,
    f.context.operatingSystem,
    ...MONTH_FLAGS.map((m) => (f.month === m ? 1 : 0)),
    ...TRAFFIC_FLAGS.map((t) => (f.context.trafficType === t ? 1 : 0)),
  ];
  if (!usePageValue) return base;
  if (f.pageValue === null) throw new Error('the page-value model needs a page value; use the model without it');
  return [...base, f.pageValue, product > 0 ? f.pageValue / product : f.pageValue];
}
