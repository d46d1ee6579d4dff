import type { PageType } from '../pages/page-types.js';
import type { FlowState } from './flow-state.js';

/**
 * What the pattern analytics read of one session: its start, whether it converted, its 27 catalogue signal
 * values by name (`computeSignals`), its page views by page type (`PageType` keys; a missing key is 0 views),
 * its flow state (`foldFlows`) and, when known, its readiness score (0-100) and Neuromind profile.
 */
export type SessionRecord = {
  sessionId: string;
  /** Epoch ms. */
  startedAt: number;
  converted: boolean;
  signals: Record<string, number | null>;
  pageTypeViews: Record<string, number>;
  flows: FlowState;
  readiness?: number;
  profile?: string;
};

/** A signal's value for a session: null when absent, not a finite number or negative. */
export const signalValue = (r: SessionRecord, name: string): number | null => {
  const v = r.signals[name];
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
};

/** A signal is present in a session when its value is above 0: the behaviour happened at least once. */
export const hasSignal = (r: SessionRecord, name: string): boolean => (signalValue(r, name) ?? 0) > 0;

/** Page views of one page type (0 when missing or not a finite number). */
export const viewsOf = (r: SessionRecord, type: PageType): number => {
  const v = r.pageTypeViews[type];
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0;
};

/** Pricing page views: the larger of the catalogue's URL rule and the page-type count, so neither is lost. */
export const pricingViews = (r: SessionRecord): number =>
  Math.max(signalValue(r, 'pricing_page_views') ?? 0, viewsOf(r, 'pricing'));

/** True when the session reached a cart or checkout page by either rule. */
export const reachedCart = (r: SessionRecord): boolean =>
  hasSignal(r, 'cart_or_checkout_reached') || viewsOf(r, 'cart') > 0;

/** How often the session went straight from one signal to another (0 when never or not kept). */
export const transitionCount = (r: SessionRecord, from: string, to: string): number =>
  r.flows.transitions.find((t) => t.from === from && t.to === to)?.count ?? 0;
