import { WIRE_EVENT_TYPES } from '@ri/contracts';
import { describe, expect, it } from 'vitest';
import { computeSignals, SIGNAL_CATALOGUE } from './signal-catalogue.js';
import { emptySignalState, foldEvents, type SignalEvent } from './signal-state.js';

const SPEC_SIGNALS = [
  'scroll_velocity',
  'cta_hover_time',
  'form_interactions',
  'hesitation_loops',
  'page_revisits',
  'click_cadence',
  'viewport_engagement',
];

describe('SIGNAL_CATALOGUE', () => {
  it('has exactly 27 signals with unique snake_case names', () => {
    const names = SIGNAL_CATALOGUE.map((s) => s.name);
    expect(names).toHaveLength(27);
    expect(new Set(names).size).toBe(27);
    for (const name of names) expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('uses only the four signal types and reads only wire event types', () => {
    for (const s of SIGNAL_CATALOGUE) {
      expect(['engagement', 'intent', 'hesitation', 'friction']).toContain(s.type);
      expect(s.reads.length, s.name).toBeGreaterThan(0);
      for (const t of s.reads) expect(WIRE_EVENT_TYPES as readonly string[], `${s.name} reads ${t}`).toContain(t);
      expect(s.formula.length, s.name).toBeGreaterThan(10);
    }
  });

  it('includes the seven signals the spec names', () => {
    const names = SIGNAL_CATALOGUE.map((s) => s.name);
    for (const name of SPEC_SIGNALS) expect(names).toContain(name);
  });
});

describe('computeSignals', () => {
  let n = 0;
  const ev = (type: string, at: number, data: Record<string, unknown> = {}, extra: Partial<SignalEvent> = {}) =>
    ({ id: `e${n++}`, type, at, url: null, title: null, el: null, data, ...extra }) as SignalEvent;
  const home = { url: 'https://shop.example/', title: 'Home' };
  const pricing = { url: 'https://shop.example/pricing', title: 'Pricing' };
  // A 30-second session: home, pricing, back to home to sign up.
  const session = [
    ev('page_view', 0, { path: '/' }, home),
    ev('scroll', 2_000, { depth: 40, velocity: 600, dir_changes: 1 }, home),
    ev('mouse_movement', 3_000, { moves: 12, dist: 900 }, home),
    ev('click', 4_000, { x: 1, y: 2 }, home),
    ev('cta_hover', 5_000, { dur: 1_500, clicked: false }, { ...home, el: 'button.buy' }),
    ev('hesitation', 5_000, { kind: 'hover_no_click', dur: 2_100 }, { ...home, el: 'button.buy' }),
    ev('scroll', 6_000, { depth: 70, velocity: 200, dir_changes: 3 }, home),
    ev('hesitation', 7_000, { kind: 'scroll_back_forth' }, home),
    ev('page_hide', 9_000, { active_ms: 6_000, total_ms: 9_000, depth: 70 }, home),
    ev('page_view', 10_000, { path: '/pricing' }, pricing),
    ev('viewport', 12_000, { dur: 3_000, ratio: 0.8 }, { ...pricing, el: '[data-ri=plans]' }),
    ev('cta_hover', 14_000, { dur: 2_500, clicked: true }, { ...pricing, el: 'button.buy' }),
    ev('click', 14_500, { cta: true }, { ...pricing, el: 'button.buy' }),
    ev('page_view', 20_000, { path: '/', revisit: true }, home),
    ev('form_interaction', 22_000, { action: 'focus', form: 'signup', field: 'email' }, home),
    ev('form_interaction', 24_000, { action: 'blur', form: 'signup', field: 'email' }, home),
    ev('form_interaction', 26_000, { action: 'submit', form: 'signup' }, home),
    ev('viewport', 27_000, { dur: 1_000, ratio: 1 }, home),
    ev('click', 28_000, {}, home),
    ev('page_hide', 30_000, { active_ms: 8_000, total_ms: 10_000, depth: 10 }, home),
  ];
  const values = Object.fromEntries(
    computeSignals(foldEvents(emptySignalState(), session)).map((s) => [s.name, s.value]),
  );

  it('computes the spec signals of a hand-built session', () => {
    expect(values.scroll_velocity).toBe(400); // (600 + 200) / 2 px/s
    expect(values.cta_hover_time).toBe(4); // (1500 + 2500) ms
    expect(values.form_interactions).toBe(3); // focus, blur, submit
    expect(values.hesitation_loops).toBe(2); // hover_no_click, scroll_back_forth
    expect(values.page_revisits).toBe(1); // the second view of /
    expect(values.click_cadence).toBe(6); // 3 clicks over 0.5 minutes
    expect(values.viewport_engagement).toBe(4); // (3000 + 1000) ms
  });

  it('computes the rest of the catalogue for the same session', () => {
    expect(values).toMatchObject({
      scroll_depth: 70,
      active_time: 14,
      dwell_per_page: 9.5,
      pages_viewed: 3,
      mouse_activity: 12,
      time_to_first_interaction: 2,
      cta_clicks: 1,
      cta_click_through: 0.5,
      pricing_page_views: 1,
      cart_or_checkout_reached: 0,
      form_completion: 1,
      conversion_events: 0,
      hover_without_click: 1,
      scroll_back_forth: 1,
      scroll_direction_changes: 3,
      back_navigation: 1,
      idle_ratio: 0.26, // 1 - 14000 / 19000
      rage_clicks: 0,
      form_abandonments: 0,
      exit_intent: 0.5, // one of two pages left above 25% depth
    });
  });

  it('gives null, not a made-up number, when a signal has no inputs', () => {
    for (const s of computeSignals(emptySignalState())) expect(s.value, s.name).toBeNull();
    const onlyClick = computeSignals(foldEvents(emptySignalState(), [ev('click', 1_000)]));
    const byName = Object.fromEntries(onlyClick.map((s) => [s.name, s.value]));
    expect(byName).toMatchObject({
      scroll_velocity: null,
      cta_click_through: null,
      active_time: null,
      click_cadence: null,
      cta_hover_time: 0,
    });
  });
});
