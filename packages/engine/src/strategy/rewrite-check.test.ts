import { describe, expect, it } from 'vitest';
import { strategicRecommendations } from './recommendations.js';
import { applyRewrite, checkRewrite, numbersIn } from './rewrite-check.js';
import { leakSnapshot } from './snapshot.fixture.js';
import type { Evidence } from './types.js';

const ev = (metric: string, value: number, sample_size: number | null = null, unit = 'fraction'): Evidence => ({
  metric,
  value,
  unit,
  window: '2024-05-01 to 2024-05-30 (30 days)',
  sample_size,
});

describe('numbersIn', () => {
  it('reads separators, decimals, percentages, currencies and magnitudes', () => {
    const read = (t: string) => numbersIn(t).map((n) => [n.raw, n.value, n.step, n.percent]);
    expect(read('$1,234.50 and 12.5% of 3 points')).toEqual([
      ['1,234.50', 1234.5, 0.01, false],
      ['12.5%', 12.5, 0.1, true],
      ['3 points', 3, 1, true],
    ]);
    expect(read('1.2k visitors, 3M views, 1.5bn, 2 million, .5 percent')).toEqual([
      ['1.2k', 1200, 100, false],
      ['3M', 3_000_000, 1_000_000, false],
      ['1.5bn', 1_500_000_000, 100_000_000, false],
      ['2 million', 2_000_000, 1_000_000, false],
      ['.5 percent', 0.5, 0.1, true],
    ]);
    expect(numbersIn('from 2024-05-01, down −12%').map((n) => n.value)).toEqual([2024, 5, 1, 12]);
    expect(numbersIn('No numbers here, only half of them')).toEqual([]);
  });
});

describe('checkRewrite', () => {
  const original = {
    title: 'Skeptic visitors leave at pricing pages',
    description: 'Skeptic sessions continue at 30% (60 of 200), against 55% for the others.',
    action_steps: ['Add independent reviews to pricing pages.'],
  };
  const evidence = [
    ev('profile_continuation_rate', 0.3, 200),
    ev('others_continuation_rate', 0.55, 800),
    ev('gap', 0.125),
  ];

  it('accepts a rewording with the same numbers, rounded or reformatted', () => {
    const rewrite = {
      title: 'Pricing pages lose Skeptic visitors',
      description:
        'Only 30 percent of Skeptic sessions (60 out of 200) go past pricing, while 55% of the others do; a 12.5% gap, or 0.3 against 0.55.',
      action_steps: ['Put independent reviews on the pricing pages.'],
    };
    expect(checkRewrite(original, rewrite, evidence)).toEqual({ accepted: true, rejected_numbers: [], reason: null });
  });

  it('accepts 12.5% for an evidence value of 0.125, and 13% as its rounding', () => {
    const text = (d: string) => ({ ...original, description: d });
    expect(checkRewrite(original, text('A gap of 12.5%.'), evidence).accepted).toBe(true);
    expect(checkRewrite(original, text('A gap of 13%.'), evidence).accepted).toBe(true);
    expect(checkRewrite(original, text('A gap of 14%.'), evidence).rejected_numbers).toEqual(['14%']);
  });

  it('rejects an invented number and names it', () => {
    const rewrite = {
      ...original,
      description: `${original.description} This could double sales by 37% within 14 days.`,
    };
    expect(checkRewrite(original, rewrite, evidence)).toEqual({
      accepted: false,
      rejected_numbers: ['37%', '14'],
      reason: 'The rewrite states numbers the evidence does not: 37%, 14.',
    });
  });

  it('does not let a coarse rounding stand for a small value', () => {
    // 1 would round 0.6, but it is 67 % off.
    expect(checkRewrite(original, { ...original, description: 'Of 1 visitor.' }, [ev('x', 0.6)]).accepted).toBe(false);
    expect(
      checkRewrite(original, { ...original, description: 'About 1.2k sessions.' }, [ev('x', 1234, null, 'sessions')])
        .accepted,
    ).toBe(true);
  });

  it('rejects a rewrite that drops or adds a step', () => {
    expect(checkRewrite(original, { ...original, action_steps: [] }, evidence)).toMatchObject({
      accepted: false,
      reason: 'The rewrite has 0 steps where the recommendation has 1.',
    });
  });

  it('keeps the engine text when the rewrite is rejected', () => {
    const [rec] = strategicRecommendations(leakSnapshot).recommendations;
    const bad = { title: 'Win 40% more Skeptics', description: rec!.description, action_steps: rec!.action_steps };
    expect(applyRewrite(rec!, bad).recommendation).toBe(rec);
    const good = { ...bad, title: 'Skeptics drop out on pricing pages' };
    expect(applyRewrite(rec!, good).recommendation.title).toBe('Skeptics drop out on pricing pages');
  });
});

describe('checkRewrite and dates', () => {
  it('allows the dates of the evidence windows, not their parts as numbers', () => {
    const original = { title: 'T', description: 'D', action_steps: [] };
    const evidence = [ev('x', 0.6)];
    const says = (description: string) => checkRewrite(original, { ...original, description }, evidence);
    expect(says('Between 2024-05-01 and 2024-05-30, over 30 days.').accepted).toBe(true);
    expect(says('Since 2024-04-01.').rejected_numbers).toEqual(['2024-04-01']);
    expect(says('In 5 days.').rejected_numbers).toEqual(['5']);
  });
});
