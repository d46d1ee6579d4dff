import { CTA_KIND_LABELS, CTA_KINDS, type CtaKind } from '../journey/element-kinds.js';
import type { JourneyState } from '../journey/journey-state.js';
import { PAGE_TYPE_LABELS, PAGE_TYPES, type PageType } from '../pages/page-types.js';
import { computeSignals } from '../signals/signal-catalogue.js';
import type { SignalState } from '../signals/signal-state.js';
import { type NeuromindBaseline, type PaceMeasure, pacePercentiles } from './neuromind-baseline.js';

/** Kinds of marked elements, from their names, whose time in view the classifier reads. */
export const ATTENTION_KINDS = [
  'testimonial',
  'stat',
  'guarantee',
  'policy',
  'authority',
  'plans',
  'comparison',
  'video',
] as const;
/** One of ATTENTION_KINDS. */
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

const ATTENTION_WORDS: Record<AttentionKind, string> = {
  testimonial: 'testimonial testimonials review reviews quote quotes rating ratings',
  stat: 'stat stats figure figures number numbers result results study data',
  guarantee: 'guarantee guarantees warranty refund trust secure badge',
  policy: 'policy policies returns shipping delivery terms faq',
  authority: 'credential credentials cert certification certifications award awards press team author expert bio',
  plans: 'plans plan pricing price prices tier tiers',
  comparison: 'comparison compare versus vs',
  video: 'video videos player demo tour',
};
const ATTENTION_VOCABULARY = new Map(
  Object.entries(ATTENTION_WORDS).flatMap(([kind, words]) => words.split(' ').map((w) => [w, kind as AttentionKind])),
);

/** The kind of a marked element from its name (`testimonial`, `stats-block`, `press_logos`), or null. */
export function attentionKindOf(name: string): AttentionKind | null {
  for (const w of name.split(/[^a-z0-9]+/)) {
    const kind = ATTENTION_VOCABULARY.get(w);
    if (kind) return kind;
  }
  return null;
}

/** Where a feature comes from: the pages of the journey, or a behavioural signal. */
export type NeuromindFeatureKind = 'signal' | 'page_type';

/**
 * One input of the classifier. `raw` is the measured value in its own unit (a share, seconds, px/s, a
 * count; null when not measured), `value` the number the model reads (a share as is, skewed amounts as
 * log(1 + x); null when not measured), `detail` a sentence stating the measurement ('' when not measured).
 */
export type NeuromindFeature = {
  name: string;
  kind: NeuromindFeatureKind;
  raw: number | null;
  value: number | null;
  detail: string;
};

type Context = {
  s: SignalState;
  j: JourneyState;
  signal: (name: string) => number | null;
  views: number;
  dwellMs: number;
  hovers: number;
  /** Whether a pointer was used (mouse moves or hovers); touch screens have neither. */
  pointer: boolean;
  attentionMs: Record<AttentionKind, number>;
  /** The type of the page the session landed on, when the journey still holds it. */
  landing: PageType | null;
  /** Pace measures with their percentile among the business's visitors (null without a baseline). */
  pace: Record<PaceMeasure, { raw: number; percentile: number } | null>;
};
type Definition = {
  name: string;
  kind: NeuromindFeatureKind;
  raw: (c: Context) => number | null;
  /** The number the model reads, from the raw value (default: raw, or log(1 + raw) with `log`). */
  value?: (c: Context) => number | null;
  log?: boolean;
  detail: (raw: number, c: Context) => string;
};

const ratio = (a: number, b: number): number | null => (b > 0 ? a / b : null);
const pct = (x: number) => `${Math.round(100 * x)}%`;
const num = (x: number, digits = 1) => Number(x.toFixed(digits)).toLocaleString('en-US');
const ctaHoverTotal = (j: JourneyState) => CTA_KINDS.reduce((a, k) => a + j.cta[k].hovers, 0);

const pageFeatures = (type: PageType): Definition[] => [
  {
    name: `views_${type}`,
    kind: 'page_type',
    raw: (c) => {
      // The landing page is the ad's or the search engine's choice: the share counts the pages the visitor chose.
      const landed = c.landing === type ? 1 : 0;
      return c.landing && c.views > 1
        ? (c.j.byType[type].views - landed) / (c.views - 1)
        : ratio(c.j.byType[type].views, c.views);
    },
    detail: (x, c) =>
      `${pct(x)} of the pages ${c.landing && c.views > 1 ? 'chosen after landing' : 'viewed'} were ${PAGE_TYPE_LABELS[type]} pages`,
  },
  {
    name: `dwell_${type}`,
    kind: 'page_type',
    raw: (c) => ratio(c.j.byType[type].dwellMs, c.dwellMs),
    detail: (x) => `${pct(x)} of the time on pages was spent on ${PAGE_TYPE_LABELS[type]} pages`,
  },
];

const revisitFeature = (type: PageType): Definition => ({
  name: `revisits_${type}`,
  kind: 'page_type',
  raw: (c) => ratio(c.j.byType[type].revisits, c.views),
  detail: (x) => `${pct(x)} of page views returned to ${PAGE_TYPE_LABELS[type]} pages already seen`,
});

const formFeatures = (type: PageType): Definition => ({
  name: `forms_${type}`,
  kind: 'page_type',
  raw: (c) => c.j.byType[type].forms,
  log: true,
  detail: (x) => `started ${num(x, 0)} form${x === 1 ? '' : 's'} on ${PAGE_TYPE_LABELS[type]} pages`,
});

/** Time marked blocks of a kind were in view, as a share of the time on pages (so a brisk reader's look counts as a slow reader's). */
const attentionFeature = (kind: AttentionKind): Definition => ({
  name: `attention_${kind}`,
  kind: 'signal',
  raw: (c) => (c.dwellMs > 0 ? Math.min(2, c.attentionMs[kind] / c.dwellMs) : null),
  detail: (x, c) =>
    `${kind === 'authority' ? 'credential, press and team' : kind} blocks were in view for ${num(c.attentionMs[kind] / 1000, 0)} s, ${pct(x)} of the time on pages`,
});

/** A pace measure read as a percentile of the business's own recent visitors (null without enough of them). */
const paceFeature = (
  measure: PaceMeasure,
  name: string,
  detail: (raw: number, percentile: number) => string,
): Definition => ({
  name,
  kind: 'signal',
  raw: (c) => c.pace[measure]?.raw ?? null,
  value: (c) => c.pace[measure]?.percentile ?? null,
  detail: (x, c) => detail(x, c.pace[measure]?.percentile ?? 0.5),
});
const than = (p: number) =>
  p >= 0.5 ? `more than ${pct(p)} of this site's visitors` : `less than ${pct(1 - p)} of this site's visitors`;

const ctaFeatures = (kind: CtaKind): Definition[] => [
  {
    name: `hovers_${kind}`,
    kind: 'signal',
    raw: (c) => ratio(c.j.cta[kind].hovers, c.hovers),
    detail: (x) => `${pct(x)} of call-to-action hovers were on ${CTA_KIND_LABELS[kind]}`,
  },
  {
    name: `clicks_${kind}`,
    kind: 'signal',
    raw: (c) => c.j.cta[kind].clicks,
    log: true,
    detail: (x) => `clicked ${CTA_KIND_LABELS[kind]} ${num(x, 0)} time${x === 1 ? '' : 's'}`,
  },
];

/** Every feature, in the order of the model's weights. */
const DEFINITIONS: readonly Definition[] = [
  ...PAGE_TYPES.flatMap(pageFeatures),
  ...(['faq', 'demo', 'cart', 'pricing', 'comparison'] as const).map(formFeatures),
  ...(['pricing', 'comparison', 'faq', 'reviews', 'about', 'demo'] as const).map(revisitFeature),
  ...ATTENTION_KINDS.map(attentionFeature),
  ...CTA_KINDS.filter((k) => k !== 'other').flatMap(ctaFeatures),
  {
    name: 'pages_viewed',
    kind: 'signal',
    raw: (c) => c.views,
    log: true,
    detail: (x) => `viewed ${num(x, 0)} page${x === 1 ? '' : 's'}`,
  },
  paceFeature(
    'dwell',
    'pace_dwell',
    (x, p) => `read ${num(x)}× as long per page as this site's visitors do on the same pages (${than(p)})`,
  ),
  paceFeature(
    'scroll_velocity',
    'pace_scroll',
    (x, p) => `scrolled at ${num(x, 0)} px/s, faster than ${pct(p)} of this site's visitors`,
  ),
  {
    name: 'scroll_depth_mean',
    kind: 'signal',
    raw: (c) => ratio(c.j.depthSum, c.j.hides),
    detail: (x) => `read pages to ${num(x, 0)}% of their length on average`,
  },
  {
    name: 'direction_changes_per_page',
    kind: 'signal',
    raw: (c) => ratio(c.signal('scroll_direction_changes') ?? 0, c.views),
    log: true,
    detail: (x) => `reversed scrolling ${num(x)} times per page`,
  },
  {
    name: 'scroll_back_forth_per_page',
    kind: 'signal',
    raw: (c) => ratio(c.s.scrollBackForth, c.views),
    detail: (x) => `scrolled back and forth ${num(x, 2)} times per page`,
  },
  {
    name: 'revisit_rate',
    kind: 'signal',
    raw: (c) => ratio(c.s.revisits, c.views),
    detail: (x) => `${pct(x)} of page views returned to a page already seen`,
  },
  {
    name: 'back_navigation_rate',
    kind: 'signal',
    raw: (c) => ratio(c.s.backNavigations, c.views),
    detail: (x) => `${pct(x)} of page views went back to the page before`,
  },
  {
    name: 'hovers_per_page',
    kind: 'signal',
    raw: (c) => (c.pointer ? ratio(c.hovers, c.views) : null),
    log: true,
    detail: (x) => `hovered ${num(x)} calls to action per page`,
  },
  paceFeature(
    'hover_ms',
    'pace_hover',
    (x, p) => `rested ${num(x / 1000)} s on each call to action hovered, longer than ${pct(p)} of this site's visitors`,
  ),
  {
    name: 'linger_rate',
    kind: 'signal',
    raw: (c) => ratio(c.s.hoverNoClick, c.s.ctaHovers),
    detail: (x) => `${pct(x)} of hovers lingered 2 s or more without a click`,
  },
  {
    name: 'cta_click_through',
    kind: 'signal',
    raw: (c) => c.signal('cta_click_through'),
    detail: (x) => `${pct(x)} of call-to-action hovers ended in a click`,
  },
  {
    name: 'has_hover',
    kind: 'signal',
    raw: (c) => (c.pointer ? 1 : 0),
    detail: (x) => (x ? 'used a pointer (hovers recorded)' : 'used touch only (no hovers recorded)'),
  },
  {
    name: 'clicks_per_page',
    kind: 'signal',
    raw: (c) => ratio(c.s.clicks, c.views),
    log: true,
    detail: (x) => `clicked ${num(x)} times per page`,
  },
  {
    name: 'form_starts_per_page',
    kind: 'signal',
    raw: (c) => ratio(c.s.formStarts, c.views),
    detail: (x) => `started ${num(x, 2)} forms per page`,
  },
  {
    name: 'form_abandon_rate',
    kind: 'signal',
    raw: (c) => ratio(c.s.formAbandons, c.s.formStarts),
    detail: (x) => `abandoned ${pct(Math.min(1, x))} of the forms started`,
  },
  {
    name: 'idle_ratio',
    kind: 'signal',
    raw: (c) => c.signal('idle_ratio'),
    detail: (x) => `was away or idle ${pct(x)} of the time`,
  },
  paceFeature(
    'mouse_rate',
    'pace_pointer',
    (x, p) => `moved the pointer ${num(x, 0)} times per active minute, more than ${pct(p)} of this site's visitors`,
  ),
  {
    name: 'converted',
    kind: 'signal',
    raw: (c) => (c.s.conversions > 0 ? 1 : 0),
    detail: (x) => (x ? 'converted in this session' : 'did not convert in this session'),
  },
];

/** The names of the classifier's features, in the order of its weights. */
export const NEUROMIND_FEATURE_NAMES: readonly string[] = DEFINITIONS.map((d) => d.name);

/**
 * The classifier's inputs for one session, from its signal state and journey: shares of page views and
 * of page time by page type, forms started by page type, seconds marked elements of each kind were in
 * view, hovers and clicks by call-to-action kind, and the behavioural signals (pages, dwell, scroll speed,
 * depth and reversals, revisits, hover timing and lingering, clicks, forms, idle time, conversion), in
 * NEUROMIND_FEATURE_NAMES order. A measurement that is absent (no pages, no hovers on a touch screen…)
 * has raw and value null (standardiseFeatures then reads it as the average).
 */
export function neuromindFeatures(
  signals: SignalState,
  journey: JourneyState,
  baseline?: NeuromindBaseline | null,
): NeuromindFeature[] {
  const values = new Map(computeSignals(signals).map((v) => [v.name, v.value]));
  const attentionMs = Object.fromEntries(ATTENTION_KINDS.map((k) => [k, 0])) as Record<AttentionKind, number>;
  for (const [name, ms] of Object.entries(journey.viewportMs)) {
    const kind = attentionKindOf(name);
    if (kind) attentionMs[kind] += ms;
  }
  const c: Context = {
    s: signals,
    j: journey,
    signal: (name) => values.get(name) ?? null,
    views: Math.max(journey.pageViews, signals.pageViews),
    dwellMs: PAGE_TYPES.reduce((a, t) => a + journey.byType[t].dwellMs, 0),
    hovers: ctaHoverTotal(journey),
    pointer: signals.mouseMoves + signals.ctaHovers > 0,
    attentionMs,
    pace: pacePercentiles(signals, journey, baseline),
    landing: journey.path.length === journey.pageViews ? (journey.path[0]?.page_type ?? null) : null,
  };
  return DEFINITIONS.map((d) => {
    const measured = d.raw(c);
    const raw = measured === null || !Number.isFinite(measured) ? null : Math.max(0, measured);
    const value = raw === null ? null : d.value ? d.value(c) : d.log ? Math.log1p(raw) : raw;
    return { name: d.name, kind: d.kind, raw, value, detail: raw === null ? '' : d.detail(raw, c) };
  });
}
