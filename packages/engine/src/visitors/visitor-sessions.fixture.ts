import { randomUUID } from 'node:crypto';
import type { DeriveOptions, SessionSlice, VisitorEvent } from './visitor-sessions.js';

// Events and options for the tests of `assignSessions` (visitor-sessions.test.ts, visitor-derivations.test.ts).

export const T0 = 1_700_000_000_000;
export const SEC = 1000;
export const MIN = 60 * SEC;
export const URL_A = 'https://shop.example/pricing';
export const o: DeriveOptions = {
  businessId: 'biz-1',
  visitorId: 'vis-1',
  timeoutMs: 30 * MIN,
  hesitations: true,
  autoConversions: true,
};
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An event `at` ms after T0 on the server clock (the client clock agrees). */
export function ev(
  type: VisitorEvent['type'],
  at: number,
  data?: Record<string, unknown>,
  extra: Partial<VisitorEvent> = {},
): VisitorEvent {
  return {
    id: randomUUID(),
    type,
    ts: T0 + at,
    occurredAt: new Date(T0 + at),
    url: URL_A,
    title: 'Pricing',
    data,
    dataJson: data ? JSON.stringify(data) : null,
    ...extra,
  };
}
export const click = (at: number, x: number, y: number, extra: Partial<VisitorEvent> = {}) =>
  ev('click', at, { x, y }, { el: 'button#buy', ...extra });
export const pageView = (
  at: number,
  path: string,
  extra: Partial<VisitorEvent> = {},
  data: Record<string, unknown> = {},
) => ev('page_view', at, { path, ...data }, extra);
export const scroll = (at: number, dirChanges: number, extra: Partial<VisitorEvent> = {}) =>
  ev('scroll', at, { depth: 50, velocity: 300, dir_changes: dirChanges }, extra);

export const derived = (slices: SessionSlice[], type?: string, kind?: string) =>
  slices.flatMap((s) => s.derived).filter((e) => (!type || e.type === type) && (!kind || e.data?.kind === kind));
export const revisits = (slice: SessionSlice) =>
  slice.events.filter((e) => e.type === 'page_view').map((e) => e.data?.revisit);
