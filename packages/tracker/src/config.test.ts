import { TRACKING_FEATURES, type TrackingFeature } from '@ri/contracts';
import { describe, expect, it } from 'vitest';
import { allows, configure } from './config';
import { T } from './wire';

// The feature each event type the SDK emits needs, spelled out: what config.ts's short patterns must agree
// with. rage_click and hesitation are not here: the SDK never emits them, the server derives them from clicks,
// CTA hovers and scroll reports (decision 0012), so config.ts keeps no pattern for them.
const NEEDS: Record<Exclude<T, T.rage_click | T.hesitation>, (on: Set<TrackingFeature>, full: boolean) => boolean> = {
  [T.page_view]: (on) => on.has('page_view_tracking') || on.has('behavioral_signals'),
  [T.click]: (on) => on.has('click_tracking'),
  [T.scroll]: (on) => on.has('scroll_tracking'),
  [T.cta_hover]: (on) => on.has('cta_hover_tracking'),
  [T.form_interaction]: (on) => on.has('form_tracking'),
  [T.mouse_movement]: (on, full) => full || on.has('mouse_movement_tracking'),
  [T.viewport]: (on, full) => full || on.has('viewport_engagement'),
  [T.page_hide]: (on) => on.has('page_view_tracking') || on.has('behavioral_signals'),
  [T.conversion]: () => true,
  [T.custom]: () => true,
};

describe('allows', () => {
  it('lets an event type through exactly when its feature is on, for every feature set, order and mode', () => {
    const types = Object.keys(NEEDS).map(Number) as (keyof typeof NEEDS)[];
    let checked = 0;
    for (let set = 0; set < 1 << TRACKING_FEATURES.length; set++) {
      const features = TRACKING_FEATURES.filter((_, i) => (set >> i) & 1);
      for (const order of [features, [...features].reverse()])
        for (const mode of ['standard', 'full'] as const) {
          configure({ trackingId: 't', endpoint: '/e', features: order, mode });
          for (const t of types) {
            expect(allows(t), `${T[t]} with [${order}] in ${mode} mode`).toBe(
              NEEDS[t](new Set(features), mode === 'full'),
            );
            checked++;
          }
        }
    }
    // No feature list at all (a hand-written snippet): only conversions, custom events and full mode's forced ones.
    for (const mode of ['standard', 'full'] as const) {
      configure({ trackingId: 't', endpoint: '/e', mode });
      for (const t of types)
        expect(allows(t), `${T[t]} without features in ${mode} mode`).toBe(NEEDS[t](new Set(), mode === 'full'));
    }
    expect(checked).toBe(2 ** 9 * 2 * 2 * 10);
  });
});
