import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SummaryEvent, summarizeSession } from './session-summary.js';

const ev = (type: string, at: number, extra: Partial<SummaryEvent> = {}): SummaryEvent => ({
  type,
  at,
  url: 'https://shop.example/',
  title: null,
  el: null,
  data: {},
  ...extra,
});

describe('summarizeSession', () => {
  const events: SummaryEvent[] = [
    ev('page_view', 0, { url: 'https://shop.example/', title: 'Home' }),
    ev('scroll', 5_000, { data: { depth: 60 } }),
    ev('click', 8_000, { el: 'a#pricing' }),
    ev('page_view', 10_000, { url: 'https://shop.example/pricing', title: 'Pricing' }),
    ev('cta_hover', 20_000, { url: 'https://shop.example/pricing', el: 'button.buy', data: { dur: 1500 } }),
    ev('form_interaction', 25_000, {
      url: 'https://shop.example/pricing',
      el: 'input#email',
      data: { action: 'focus' },
    }),
    ev('page_hide', 70_000, { url: 'https://shop.example/pricing', data: { total_ms: 60_000, depth: 90 } }),
  ];
  const summary = summarizeSession(events, 45_000);

  it('lists pages with visits, time spent and events', () => {
    expect(summary.pages_visited).toEqual([
      { url: 'https://shop.example/pricing', title: 'Pricing', visit_count: 1, time_spent: 60, events_count: 4 },
      { url: 'https://shop.example/', title: 'Home', visit_count: 1, time_spent: 10, events_count: 3 },
    ]);
  });

  it('records transitions, breakdown, element times and engagement', () => {
    expect(summary.page_transitions.map((t) => [t.from, t.to])).toEqual([
      [null, 'https://shop.example/'],
      ['https://shop.example/', 'https://shop.example/pricing'],
    ]);
    expect(summary.event_breakdown).toMatchObject({ page_view: 2, click: 1, scroll: 1, page_hide: 1 });
    expect(summary.time_on_elements).toEqual([{ element: 'button.buy', duration: 1.5 }]);
    expect(summary.engagement_metrics).toMatchObject({
      scroll_depth: 90,
      click_rate: 0.5,
      form_engagement: 1,
      unique_elements_interacted: 3,
    });
    expect(summary.session_quality.time_quality).toBe('medium');
    expect(summary.session_quality.page_depth).toBe(2);
  });

  it('keeps the engagement score in [0, 100] and independent of event order', () => {
    const types = [
      'page_view',
      'click',
      'scroll',
      'cta_hover',
      'form_interaction',
      'mouse_movement',
      'viewport',
      'page_hide',
    ];
    const arbEvent = fc.record({
      type: fc.constantFrom(...types),
      at: fc.integer({ min: 0, max: 3_600_000 }),
      url: fc.constantFrom('https://a.example/', 'https://a.example/b', null),
      title: fc.constant(null),
      el: fc.constantFrom('button.x', null),
      data: fc.record({ depth: fc.integer({ min: 0, max: 100 }), dur: fc.nat(10_000), moves: fc.nat(50) }),
    });
    fc.assert(
      fc.property(fc.array(arbEvent, { maxLength: 60 }), fc.nat(3_600_000), (list, active) => {
        const a = summarizeSession(list, active);
        const b = summarizeSession([...list].reverse(), active);
        expect(a.session_quality.engagement_score).toBeGreaterThanOrEqual(0);
        expect(a.session_quality.engagement_score).toBeLessThanOrEqual(100);
        expect(a.event_breakdown).toEqual(b.event_breakdown);
        expect(a.session_quality.engagement_score).toBe(b.session_quality.engagement_score);
      }),
    );
  });

  it('handles a session without events', () => {
    expect(summarizeSession([], 0).session_quality).toEqual({
      engagement_score: 0,
      interaction_diversity: 0,
      page_depth: 0,
      time_quality: 'low',
    });
  });
});
