import { describe, expect, it } from 'vitest';
import { attributableTotals, channelsOf, creditByWeights, prepareAttributionPaths } from './paths.js';

describe('prepareAttributionPaths', () => {
  it('leaves out paths without touches and sorts touches by time, keeping ties in the given order', () => {
    const prepared = prepareAttributionPaths([
      { touches: [], converted: true, convertedAt: 5, value: 100 },
      {
        touches: [
          { channel: 'b', at: 3 },
          { channel: 'a', at: 1 },
          { channel: 'c', at: 1 },
        ],
        converted: false,
      },
    ]);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.touches.map((t) => t.channel)).toEqual(['a', 'c', 'b']);
  });

  it('takes the last touch as the conversion time when none is given, and counts no value for non-converters', () => {
    const [converted, lost] = prepareAttributionPaths([
      { touches: [{ channel: 'a', at: 7 }], converted: true, value: 40 },
      { touches: [{ channel: 'a', at: 9 }], converted: false, value: 40 },
    ]);
    expect(converted).toMatchObject({ convertedAt: 7, value: 40 });
    expect(lost!.value).toBe(0);
  });
});

describe('attributableTotals and channelsOf', () => {
  it('count converted paths with touches and their value, and list channels sorted', () => {
    const prepared = prepareAttributionPaths([
      { touches: [{ channel: 'z', at: 1 }], converted: true, value: 10 },
      { touches: [{ channel: 'a', at: 1 }], converted: true },
      { touches: [], converted: true, value: 99 },
      { touches: [{ channel: 'm', at: 1 }], converted: false },
    ]);
    expect(attributableTotals(prepared)).toEqual({ conversions: 2, value: 10 });
    expect(channelsOf(prepared)).toEqual(['a', 'm', 'z']);
  });
});

describe('creditByWeights', () => {
  it('shares the totals by non-negative weights and gives negative weights nothing', () => {
    const credits = creditByWeights(
      ['a', 'b', 'c'],
      new Map([
        ['a', 3],
        ['b', 1],
        ['c', -2],
      ]),
      { conversions: 8, value: 80 },
    );
    expect(credits.get('a')).toEqual({ conversions: 6, value: 60 });
    expect(credits.get('b')).toEqual({ conversions: 2, value: 20 });
    expect(credits.get('c')).toEqual({ conversions: 0, value: 0 });
  });
});
