import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attribute, attributeAll } from './attribute.js';
import { ATTRIBUTION_MODELS, type AttributionPath } from './paths.js';

const DAY = 86_400_000;

const arbitraryPath: fc.Arbitrary<AttributionPath> = fc
  .record({
    touches: fc.array(
      fc.record({ channel: fc.constantFrom('a', 'b', 'c', 'd', 'e'), at: fc.integer({ min: 0, max: 40 }) }),
      {
        maxLength: 6,
      },
    ),
    converted: fc.boolean(),
    value: fc.integer({ min: 0, max: 500 }),
  })
  .map(({ touches, converted, value }) => ({
    touches: touches.map((t) => ({ channel: t.channel, at: t.at * DAY })).sort((x, y) => x.at - y.at),
    converted,
    convertedAt: converted ? 41 * DAY : undefined,
    value: converted ? value : undefined,
  }));

const convertedWithTouches = (paths: AttributionPath[]) => paths.filter((p) => p.converted && p.touches.length > 0);

describe('attribute: worked example', () => {
  const path = (channels: string, converted: boolean): AttributionPath => ({
    touches: [...channels].map((channel, i) => ({ channel, at: i * DAY })),
    converted,
    convertedAt: converted ? channels.length * DAY : undefined,
    value: converted ? 100 : undefined,
  });
  // markov.test.ts and shapley.test.ts compute this path set by hand: removal effects 10/27, 21/27, 9/27.
  const paths = [
    path('AB', true),
    path('A', false),
    path('B', true),
    path('AC', true),
    path('C', false),
    path('BC', false),
  ];

  it('shares the 3 conversions by the Markov removal effects (10 : 21 : 9 of 40)', () => {
    const credit = attribute(paths, 'markov');
    expect(credit.get('A')!.conversions).toBeCloseTo(0.75, 12);
    expect(credit.get('B')!.conversions).toBeCloseTo(1.575, 12);
    expect(credit.get('C')!.conversions).toBeCloseTo(0.675, 12);
    expect(credit.get('B')!.value).toBeCloseTo(157.5, 10);
  });

  it('shares them by the Shapley values without shrinkage (½ : 5/2 : 0)', () => {
    const credit = attribute(paths, 'shapley', { shapleyPriorPaths: 0 });
    expect(credit.get('A')!.conversions).toBeCloseTo(0.5, 12);
    expect(credit.get('B')!.conversions).toBeCloseTo(2.5, 12);
    expect(credit.get('C')!.conversions).toBeCloseTo(0, 12);
  });

  it('clips a negative Shapley value to 0: a channel that never converted gets nothing', () => {
    // shapley.test.ts: φ(A) = 65/264, φ(B) = −1/264.
    const credit = attribute([path('A', true), path('A', false), path('AB', false)], 'shapley');
    expect(credit.get('A')).toEqual({ conversions: 1, value: 100 });
    expect(credit.get('B')).toEqual({ conversions: 0, value: 0 });
  });

  it('credits last and first click as the paths say', () => {
    const last = attribute(paths, 'last_click');
    expect([last.get('A')!.conversions, last.get('B')!.conversions, last.get('C')!.conversions]).toEqual([0, 2, 1]);
    const first = attribute(paths, 'first_click');
    expect([first.get('A')!.conversions, first.get('B')!.conversions, first.get('C')!.conversions]).toEqual([2, 1, 0]);
  });
});

describe('attribute: edge cases', () => {
  it('answers empty maps for no paths and for paths without touches, which are not attributable', () => {
    for (const model of ATTRIBUTION_MODELS) {
      expect(attribute([], model).size).toBe(0);
      expect(attribute([{ touches: [], converted: true, convertedAt: 1, value: 50 }], model).size).toBe(0);
    }
  });

  it('gives a single channel every conversion and all the value under every model', () => {
    const paths: AttributionPath[] = [
      { touches: [{ channel: 'x', at: 0 }], converted: true, convertedAt: DAY, value: 30 },
      {
        touches: [
          { channel: 'x', at: 0 },
          { channel: 'x', at: DAY },
        ],
        converted: true,
        convertedAt: 2 * DAY,
        value: 20,
      },
      { touches: [{ channel: 'x', at: 0 }], converted: false },
      { touches: [], converted: true, value: 1000 },
    ];
    for (const [model, credit] of Object.entries(attributeAll(paths))) {
      expect(credit.get('x')!.conversions, model).toBeCloseTo(2, 12);
      expect(credit.get('x')!.value, model).toBeCloseTo(50, 10);
    }
  });

  it('splits tied channels evenly under every model', () => {
    const tied: AttributionPath[] = [
      {
        touches: [
          { channel: 'p', at: 0 },
          { channel: 'q', at: 0 },
        ],
        converted: true,
        convertedAt: 0,
        value: 10,
      },
      {
        touches: [
          { channel: 'q', at: 0 },
          { channel: 'p', at: 0 },
        ],
        converted: true,
        convertedAt: 0,
        value: 10,
      },
    ];
    for (const [model, credit] of Object.entries(attributeAll(tied))) {
      expect(credit.get('p')!.conversions, model).toBeCloseTo(1, 12);
      expect(credit.get('q')!.conversions, model).toBeCloseTo(1, 12);
    }
  });

  it('gives nothing when nothing converted', () => {
    const lost: AttributionPath[] = [{ touches: [{ channel: 'a', at: 0 }], converted: false }];
    for (const credit of Object.values(attributeAll(lost)))
      expect(credit.get('a')).toEqual({ conversions: 0, value: 0 });
  });
});

describe('attribute: properties', () => {
  it('credits are non-negative and sum to the converted paths with touches and their value, for every model', () => {
    fc.assert(
      fc.property(fc.array(arbitraryPath, { maxLength: 30 }), (paths) => {
        const converted = convertedWithTouches(paths);
        const value = converted.reduce((s, p) => s + (p.value ?? 0), 0);
        for (const [model, credit] of Object.entries(attributeAll(paths))) {
          let conversions = 0;
          let credited = 0;
          for (const c of credit.values()) {
            expect(c.conversions, model).toBeGreaterThanOrEqual(0);
            expect(c.value, model).toBeGreaterThanOrEqual(0);
            conversions += c.conversions;
            credited += c.value;
          }
          expect(conversions, model).toBeCloseTo(converted.length, 9);
          expect(credited, model).toBeCloseTo(value, 6);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('does not depend on the order of the paths', () => {
    fc.assert(
      fc.property(
        fc
          .array(arbitraryPath, { minLength: 1, maxLength: 25 })
          .chain((paths) =>
            fc.tuple(
              fc.constant(paths),
              fc.shuffledSubarray(paths, { minLength: paths.length, maxLength: paths.length }),
            ),
          ),
        ([paths, shuffled]) => {
          const a = attributeAll(paths);
          const b = attributeAll(shuffled);
          for (const model of ATTRIBUTION_MODELS) {
            expect([...b[model].keys()].sort()).toEqual([...a[model].keys()].sort());
            for (const [channel, credit] of a[model]) {
              expect(b[model].get(channel)!.conversions, model).toBeCloseTo(credit.conversions, 9);
              expect(b[model].get(channel)!.value, model).toBeCloseTo(credit.value, 6);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('gives 0 to a channel never on a converting path under the rule-based models', () => {
    fc.assert(
      fc.property(fc.array(arbitraryPath, { maxLength: 30 }), (paths) => {
        const onConverting = new Set(convertedWithTouches(paths).flatMap((p) => p.touches.map((t) => t.channel)));
        const all = attributeAll(paths);
        for (const model of ['last_click', 'first_click', 'linear', 'time_decay', 'position_based'] as const) {
          for (const [channel, credit] of all[model]) {
            if (!onConverting.has(channel)) expect(credit, `${model} ${channel}`).toEqual({ conversions: 0, value: 0 });
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
