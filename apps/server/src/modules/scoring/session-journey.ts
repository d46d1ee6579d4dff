import type { SessionJourney } from '@ri/contracts';
import { round } from '@ri/contracts';
import { type PageType, type PageTypeOverride, typePage } from '@ri/engine';
import type { SessionRow } from './scoring.repo.js';
import { MAX_JOURNEY_EVENTS } from './scoring.repo.js';
import { iso } from './session-views.js';

type EventRow = {
  id: string;
  type: string;
  occurredAt: Date;
  url: string | null;
  title: string | null;
  el: string | null;
  data: unknown;
};

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The recorded journey of a session: its pages in order with their types, its events, and the friction
 * the events show (rage clicks, hesitations, abandoned forms, pages left after a shallow look).
 */
export function buildJourney(
  session: SessionRow,
  rows: EventRow[],
  rules: readonly PageTypeOverride[] = [],
): SessionJourney {
  const truncated = rows.length > MAX_JOURNEY_EVENTS;
  const events = rows.slice(0, MAX_JOURNEY_EVENTS);
  const journey_path: SessionJourney['journey_path'] = [];
  const friction_points: SessionJourney['friction_points'] = [];
  let previous: PageType | null = null;
  for (const e of events) {
    const data = (e.data ?? {}) as Record<string, unknown>;
    const at = iso(e.occurredAt);
    if (e.type === 'page_view' && e.url) {
      // As the scorer's journey: a thank-you page that names no flow takes the type of the page before it.
      previous = typePage(e.url, e.title, rules, previous).type;
      journey_path.push({ url: e.url, title: e.title, page_type: previous, at });
    } else if (e.type === 'rage_click') {
      friction_points.push({
        kind: 'rage_click',
        description: `${num(data.count) ?? 'Several'} rapid clicks on ${e.el ?? 'one spot'}`,
        at,
        page: e.url,
      });
    } else if (e.type === 'hesitation') {
      const dur = num(data.dur);
      friction_points.push({
        kind: String(data.kind ?? 'hesitation'),
        description:
          data.kind === 'hover_no_click'
            ? `Hovered ${e.el ?? 'a call to action'} for ${dur !== null ? `${round(dur / 1000, 1)} s` : 'a while'} without clicking`
            : 'Scrolled back and forth three or more times within 4 seconds',
        at,
        page: e.url,
      });
    } else if (e.type === 'form_interaction' && data.action === 'abandon') {
      friction_points.push({
        kind: 'form_abandon',
        description: `Left the form ${typeof data.form === 'string' ? `"${data.form}" ` : ''}unfinished${typeof data.field === 'string' ? ` at field "${data.field}"` : ''}`,
        at,
        page: e.url,
      });
    } else if (e.type === 'page_hide') {
      const depth = num(data.depth);
      const total = num(data.total_ms);
      if (depth !== null && depth < 25 && total !== null && total < 10_000) {
        friction_points.push({
          kind: 'shallow_exit',
          description: `Left after ${round(total / 1000, 1)} s having seen ${depth}% of the page`,
          at,
          page: e.url,
        });
      }
    }
  }
  return {
    session_id: session.id,
    journey_path,
    events: events.map((e) => {
      const data = (e.data ?? {}) as Record<string, unknown>;
      return {
        timestamp: iso(e.occurredAt),
        event_type: e.type,
        element_id: e.el,
        duration: num(data.dur) ?? num(data.total_ms),
        metadata: data,
      };
    }),
    friction_points,
    events_truncated: truncated,
  };
}
