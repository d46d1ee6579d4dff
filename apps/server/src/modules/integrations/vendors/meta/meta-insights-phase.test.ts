import { describe, expect, it } from 'vitest';
import { planRange } from './meta-insights-phase.js';

describe('planRange', () => {
  it('reads the 28 restated days again in calendar days, across a daylight-saving change', () => {
    // The last run started at 23:20 on 24 November in Los Angeles (PST); 28 × 24 hours earlier it was 00:20 on
    // 28 October (PDT). The restated window still starts 28 calendar days before the 24th.
    const lastRun = Date.parse('2026-11-25T07:20:00Z');
    const since = new Date(lastRun - 28 * 86_400_000);
    const range = planRange('America/Los_Angeles', since, new Date('2026-11-26T18:00:00Z'));
    expect(range).toEqual({ from: '2026-10-27', to: '2026-11-26' });
  });

  it('reads 90 days back on a first run', () => {
    expect(planRange('UTC', null, new Date('2026-11-25T12:00:00Z'))).toEqual({ from: '2026-08-27', to: '2026-11-25' });
  });
});
