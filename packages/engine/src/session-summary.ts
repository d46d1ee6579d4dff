import { round } from '@ri/contracts';

/** One recorded event, as the summary reads it. `at` is epoch milliseconds. */
export type SummaryEvent = {
  type: string;
  at: number;
  url: string | null;
  title: string | null;
  el: string | null;
  data: Record<string, unknown>;
};

export type PageVisit = {
  url: string;
  title: string | null;
  visit_count: number;
  time_spent: number;
  events_count: number;
};

export type SessionSummary = {
  pages_visited: PageVisit[];
  page_transitions: { at: number; from: string | null; to: string }[];
  event_breakdown: Record<string, number>;
  time_on_elements: { element: string; duration: number }[];
  engagement_metrics: {
    events_per_minute: number;
    scroll_depth: number;
    click_rate: number;
    form_engagement: number;
    mouse_activity: number;
    unique_elements_interacted: number;
  };
  session_quality: {
    engagement_score: number;
    interaction_diversity: number;
    page_depth: number;
    time_quality: 'high' | 'medium' | 'low';
  };
};

/** Interaction kinds counted for diversity; page views and summaries are not interactions. */
const INTERACTIONS = [
  'click',
  'scroll',
  'cta_hover',
  'form_interaction',
  'mouse_movement',
  'viewport',
  'hesitation',
  'conversion',
];

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * Derives the session-detail views (pages, transitions, element times, engagement) from a session's
 * events in time order. Time on a page comes from its `page_hide` summary when the SDK sent one, else
 * from the gap to the next page view. `activeMs` is the session's recorded active time.
 */
export function summarizeSession(events: SummaryEvent[], activeMs: number): SessionSummary {
  const sorted = [...events].sort((a, b) => a.at - b.at);
  const pages = new Map<string, PageVisit>();
  const transitions: SessionSummary['page_transitions'] = [];
  const breakdown: Record<string, number> = {};
  const elementMs = new Map<string, number>();
  const elements = new Set<string>();
  const hiddenMs = new Map<string, number>();
  let previousUrl: string | null = null;
  let previousAt = 0;
  let maxDepth = 0;
  let clicks = 0;
  let forms = 0;
  let moves = 0;

  const page = (url: string, title: string | null) => {
    let p = pages.get(url);
    if (!p) {
      p = { url, title, visit_count: 0, time_spent: 0, events_count: 0 };
      pages.set(url, p);
    }
    if (!p.title && title) p.title = title;
    return p;
  };

  for (const e of sorted) {
    breakdown[e.type] = (breakdown[e.type] ?? 0) + 1;
    if (e.url) page(e.url, e.title).events_count++;
    if (e.el && ['click', 'cta_hover', 'form_interaction', 'rage_click'].includes(e.type)) elements.add(e.el);
    switch (e.type) {
      case 'page_view':
        if (!e.url) break;
        page(e.url, e.title).visit_count++;
        if (previousUrl && !hiddenMs.has(previousUrl)) page(previousUrl, null).time_spent += (e.at - previousAt) / 1000;
        transitions.push({ at: e.at, from: previousUrl, to: e.url });
        previousUrl = e.url;
        previousAt = e.at;
        break;
      case 'page_hide':
        if (e.url) {
          hiddenMs.set(e.url, (hiddenMs.get(e.url) ?? 0) + num(e.data.total_ms));
          maxDepth = Math.max(maxDepth, num(e.data.depth));
        }
        break;
      case 'scroll':
        maxDepth = Math.max(maxDepth, num(e.data.depth));
        break;
      case 'click':
        clicks++;
        break;
      case 'form_interaction':
        forms++;
        break;
      case 'mouse_movement':
        moves += num(e.data.moves);
        break;
      case 'cta_hover':
      case 'viewport':
        if (e.el) elementMs.set(e.el, (elementMs.get(e.el) ?? 0) + num(e.data.dur));
        break;
    }
  }
  for (const [url, ms] of hiddenMs) page(url, null).time_spent = ms / 1000;
  for (const p of pages.values()) p.time_spent = round(p.time_spent, 1);

  const spanMinutes = sorted.length > 1 ? (sorted.at(-1)!.at - sorted[0]!.at) / 60_000 : 0;
  const pageViews = breakdown.page_view ?? 0;
  const kinds = INTERACTIONS.filter((k) => (breakdown[k] ?? 0) > 0).length;
  const diversity = round(kinds / INTERACTIONS.length);
  const activeMinutes = activeMs / 60_000;
  // Engagement: a weighted mean of saturating measures, each reaching 1 at a clearly engaged level.
  const score =
    100 *
    (0.3 * clamp01(activeMinutes / 5) +
      0.2 * clamp01(maxDepth / 100) +
      0.2 * diversity +
      0.15 * clamp01(pages.size / 5) +
      0.15 * clamp01((clicks + forms) / 20));

  return {
    pages_visited: [...pages.values()].sort((a, b) => b.visit_count - a.visit_count || b.time_spent - a.time_spent),
    page_transitions: transitions,
    event_breakdown: breakdown,
    time_on_elements: [...elementMs]
      .map(([element, ms]) => ({ element, duration: round(ms / 1000, 1) }))
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 20),
    engagement_metrics: {
      events_per_minute: spanMinutes > 0 ? round(sorted.length / spanMinutes) : 0,
      scroll_depth: maxDepth,
      click_rate: pageViews > 0 ? round(clicks / pageViews) : 0,
      form_engagement: forms,
      mouse_activity: moves,
      unique_elements_interacted: elements.size,
    },
    session_quality: {
      engagement_score: Math.round(score),
      interaction_diversity: diversity,
      page_depth: pages.size,
      time_quality: activeMs >= 180_000 ? 'high' : activeMs >= 30_000 ? 'medium' : 'low',
    },
  };
}
