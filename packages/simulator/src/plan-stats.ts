import type { VisitPlan } from './plan';
import type { PageCategory } from './site';
import { getSite } from './sites';

/** Figures of one plan that the behaviour models are meant to move: for tests and the docs' tables. */
export type PlanStats = {
  pages: number;
  durationMs: number;
  /** Page views per category. */
  categories: Partial<Record<PageCategory, number>>;
  /** Scroll direction changes over the whole visit. */
  directionChanges: number;
  hovers: number;
  clicks: number;
  /** Hovers of 2 s or more without a click. */
  lingeringHovers: number;
  /** Median hover time, ms (0 without hovers). */
  medianHoverMs: number;
  /** Fields focused (typed into or not). */
  fieldsFocused: number;
  submits: number;
  /** Forms started (a field focused) and left without submitting. */
  formsAbandoned: number;
  /** Clicks on in-page controls: plan and billing toggles, video play, interactive demos, FAQ answers, badges. */
  controlClicks: Partial<Record<string, number>>;
  /** Page views of a path already seen in the visit. */
  revisits: number;
  backs: number;
  /** Mean scroll speed, px/s. */
  scrollSpeed: number;
  converted: boolean;
};

/** Summarises a plan: what a perfect observer of its events would measure. */
export const planStats = (plan: VisitPlan): PlanStats => {
  const categories: Partial<Record<PageCategory, number>> = {};
  const hoverMs: number[] = [];
  let directionChanges = 0;
  let clicks = 0;
  let lingeringHovers = 0;
  let fieldsFocused = 0;
  let submits = 0;
  let backs = 0;
  let formsAbandoned = 0;
  const controlClicks: Partial<Record<string, number>> = {};
  let distance = 0;
  let scrollMs = 0;
  const seen = new Set<string>();
  let revisits = 0;
  const { getPage } = getSite(plan.site);
  for (const page of plan.pages) {
    const category = getPage(page.path).category;
    categories[category] = (categories[category] ?? 0) + 1;
    if (seen.has(page.path)) revisits++;
    seen.add(page.path);
    let y = 0;
    let dir = 0;
    const site = getPage(page.path);
    const roles = new Map(site.ctas.map((c) => [c.id, c.role]));
    const formOf = new Map(
      site.forms.flatMap((f) => [[f.submit.id, f.id], ...f.fields.map((x) => [x.id, f.id] as const)]),
    );
    const started = new Set<string>();
    for (const a of page.actions) {
      if (a.kind === 'scroll') {
        const d = Math.sign(a.to - y);
        if (d && dir && d !== dir) directionChanges++;
        if (d) dir = d;
        distance += Math.abs(a.to - y);
        scrollMs += a.ms;
        y = a.to;
      } else if (a.kind === 'hover') {
        hoverMs.push(a.ms);
        if (a.click) {
          clicks++;
          const role = roles.get(a.target) ?? 'other';
          controlClicks[role] = (controlClicks[role] ?? 0) + 1;
        } else if (a.ms >= 2000) lingeringHovers++;
      } else if (a.kind === 'type' || a.kind === 'glance') {
        fieldsFocused++;
        started.add(formOf.get(a.field) ?? a.field);
      } else if (a.kind === 'submit') {
        submits++;
        started.delete(formOf.get(a.button) ?? a.button);
      } else if (a.kind === 'navigate') {
        if (a.via === 'back') backs++;
        else clicks++;
      }
    }
    formsAbandoned += started.size;
  }
  hoverMs.sort((a, b) => a - b);
  return {
    pages: plan.pages.length,
    durationMs: plan.durationMs,
    categories,
    directionChanges,
    hovers: hoverMs.length,
    clicks,
    lingeringHovers,
    medianHoverMs: hoverMs[Math.floor(hoverMs.length / 2)] ?? 0,
    fieldsFocused,
    submits,
    formsAbandoned,
    controlClicks,
    revisits,
    backs,
    scrollSpeed: scrollMs ? (distance * 1000) / scrollMs : 0,
    converted: plan.goal !== null,
  };
};
