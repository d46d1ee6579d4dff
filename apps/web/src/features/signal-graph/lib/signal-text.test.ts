import { describe, expect, it } from 'vitest';
import { correlationWording, formatSeconds, humaniseSignal, signalNamer } from './signal-text';

describe('signal text', () => {
  it('words correlations with the spec bounds, keeping the direction', () => {
    expect(correlationWording(0.71)).toBe('Strong positive correlation');
    expect(correlationWording(0.7)).toBe('Moderate positive correlation');
    expect(correlationWording(0.41)).toBe('Moderate positive correlation');
    expect(correlationWording(0.4)).toBe('Weak correlation');
    expect(correlationWording(-0.8)).toBe('Strong negative correlation');
  });

  it('names signals by id and humanises catalogue names', () => {
    const name = signalNamer([
      {
        id: 's1',
        name: 'cta_hover_time',
        type: 'intent',
        strength: 0.5,
        frequency: 1,
        impact_score: 0.1,
        trend: 'stable',
        description: '',
      },
    ]);
    expect(name('s1')).toBe('CTA hover time');
    expect(name('rage_clicks')).toBe('Rage clicks');
    expect(humaniseSignal('scroll_depth')).toBe('Scroll depth');
  });

  it('formats seconds and minutes', () => {
    expect(formatSeconds(42.5)).toBe('42.5 s');
    expect(formatSeconds(90)).toBe('1.5 min');
  });
});
