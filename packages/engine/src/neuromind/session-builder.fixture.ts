import type { SignalEvent } from '../signals/signal-state.js';

/** One page of a hand-made session: where, how long, how it was scrolled and what was looked at. */
export type PageSpec = {
  path: string;
  title?: string;
  /** Seconds on the page. */
  dwell: number;
  /** Mean scroll speed, px/s; direction reversals; deepest scroll (%). */
  velocity: number;
  reversals?: number;
  depth?: number;
  /** Rapid up-down scroll bursts (hesitations). */
  backForth?: number;
  /** Marked elements in view: descriptor and seconds. */
  views?: [string, number][];
  /** Hovers: descriptor, milliseconds, clicked. */
  hovers?: [string, number, boolean][];
  /** A form started (its name) and whether it was abandoned or submitted. */
  form?: [string, 'abandon' | 'submit'];
  revisit?: boolean;
  conversion?: string;
};

const ORIGIN = 'https://shop.example';

/**
 * The events the SDK would send for a session of the given pages, mouse included, starting at `start`:
 * page views, scrolls, viewport times, hovers (with clicks and hover_no_click hesitations), forms, page
 * summaries and conversions. Event ids are ordered within the session.
 */
export function buildSession(pages: PageSpec[], start = 1_700_000_000_000): SignalEvent[] {
  const events: SignalEvent[] = [];
  let t = start;
  let n = 0;
  for (const p of pages) {
    const url = `${ORIGIN}${p.path}`;
    const title = p.title ?? `${p.path} | Shop`;
    const add = (type: string, at: number, data: Record<string, unknown>, el: string | null = null) =>
      events.push({ id: `ev-${String(n++).padStart(5, '0')}`, type, at, url, title, el, data });
    const end = t + p.dwell * 1000;
    add('page_view', t, { path: p.path, spa: t !== start, revisit: p.revisit ?? false });
    const step = (p.dwell * 1000) / 10;
    for (let i = 1; i <= 4; i++) {
      add('scroll', t + i * step, {
        depth: Math.round(((p.depth ?? 80) * i) / 4),
        velocity: p.velocity,
        dir_changes: Math.round(((p.reversals ?? 0) * i) / 4),
      });
      add('mouse_movement', t + i * step + 1, { moves: 10, dist: 500 });
    }
    for (let i = 0; i < (p.backForth ?? 0); i++) add('hesitation', t + 5 * step + i, { kind: 'scroll_back_forth' });
    for (const [el, s] of p.views ?? []) add('viewport', t + 6 * step, { dur: s * 1000, ratio: 0.8 }, el);
    for (const [el, ms, clicked] of p.hovers ?? []) {
      add('cta_hover', t + 7 * step, { dur: ms, clicked }, el);
      if (clicked) add('click', t + 7 * step + 1, { x: 10, y: 10, cta: true }, el);
      else if (ms >= 2000) add('hesitation', t + 7 * step + 2, { kind: 'hover_no_click', dur: ms }, el);
    }
    if (p.form) {
      add('form_interaction', t + 8 * step, { action: 'focus', form: p.form[0], field: 'email' });
      add('form_interaction', t + 8 * step + 1, { action: 'blur', form: p.form[0], field: 'email', dur: 3000 });
      if (p.form[1] === 'submit') add('form_interaction', t + 9 * step, { action: 'submit', form: p.form[0] });
    }
    if (p.conversion) add('conversion', t + 9 * step + 1, { name: p.conversion });
    add('page_hide', end, { active_ms: p.dwell * 900, total_ms: p.dwell * 1000, depth: p.depth ?? 80 });
    if (p.form?.[1] === 'abandon') add('form_interaction', end, { action: 'abandon', form: p.form[0] });
    t = end;
  }
  return events;
}
