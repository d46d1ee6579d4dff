import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markovEffectsOfPrepared, markovRemovalEffects, solveMarkovChain } from './markov.js';
import { type AttributionPath, type PreparedPath, prepareAttributionPaths } from './paths.js';

const path = (channels: string, converted: boolean): AttributionPath => ({
  touches: [...channels].map((channel, at) => ({ channel, at })),
  converted,
});

// The worked example, three channels and six paths:
//   A → B → conv     A → null     B → conv     A → C → conv     C → null     B → C → null
// Transitions: start → A 3/6, B 2/6, C 1/6; A → B, C, null 1/3 each; B → conv 2/3, C 1/3; C → conv 1/3, null 2/3.
// Conversion probability from each state: h(C) = 1/3; h(B) = 2/3 + 1/3·1/3 = 7/9; h(A) = 1/3·7/9 + 1/3·1/3 = 10/27.
// P(conv) = 1/2·10/27 + 1/3·7/9 + 1/6·1/3 = 5/27 + 7/27 + 1/18 = 1/2 (the observed 3 of 6).
// Without A (start → A goes to null): 1/3·7/9 + 1/6·1/3 = 17/54, effect 1 − 17/27 = 10/27.
// Without B: h(A) = 1/3·1/3 = 1/9, P = 1/2·1/9 + 1/6·1/3 = 1/9, effect 1 − 2/9 = 7/9.
// Without C: h(B) = 2/3, h(A) = 2/9, P = 1/2·2/9 + 1/3·2/3 = 1/3, effect 1 − 2/3 = 1/3.
const WORKED: AttributionPath[] = [
  path('AB', true),
  path('A', false),
  path('B', true),
  path('AC', true),
  path('C', false),
  path('BC', false),
];

/** Removal effects by brute force: the chain without c, solved by iterating h ← Q·h + r to its fixed point. */
function bruteForceEffects(paths: PreparedPath[]): Map<string, number> {
  const conversion = (removed: string | null) => {
    const counts = new Map<string, Map<string, number>>();
    const add = (from: string, to: string) => {
      const row = counts.get(from) ?? new Map<string, number>();
      row.set(to, (row.get(to) ?? 0) + 1);
      counts.set(from, row);
    };
    for (const p of paths) {
      let from = '(start)';
      for (const t of p.touches) {
        if (t.channel === from) continue;
        add(from, t.channel);
        from = t.channel;
      }
      add(from, p.converted ? '(conv)' : '(null)');
    }
    const h = new Map<string, number>();
    for (let iteration = 0; iteration < 2000; iteration++) {
      for (const [from, row] of counts) {
        const total = [...row.values()].reduce((s, x) => s + x, 0);
        let value = 0;
        for (const [to, count] of row) {
          const next = to === '(conv)' ? 1 : to === '(null)' || to === removed ? 0 : (h.get(to) ?? 0);
          value += (count / total) * next;
        }
        h.set(from, value);
      }
    }
    return h.get('(start)') ?? 0;
  };
  const all = conversion(null);
  const channels = new Set(paths.flatMap((p) => p.touches.map((t) => t.channel)));
  return new Map([...channels].map((c) => [c, all > 0 ? 1 - conversion(c) / all : 0]));
}

describe('markovRemovalEffects', () => {
  it('matches the worked example computed by hand', () => {
    const effects = markovRemovalEffects(WORKED);
    expect(effects.get('A')).toBeCloseTo(10 / 27, 12);
    expect(effects.get('B')).toBeCloseTo(7 / 9, 12);
    expect(effects.get('C')).toBeCloseTo(1 / 3, 12);
    expect(solveMarkovChain(prepareAttributionPaths(WORKED)).conversionProbability).toBeCloseTo(1 / 2, 12);
  });

  it('gives a lone channel the whole conversion probability, and nothing when nobody converts', () => {
    expect(markovRemovalEffects([path('AA', true), path('A', false)])).toEqual(new Map([['A', 1]]));
    const none = markovRemovalEffects([path('AB', false), path('B', false)]);
    expect([...none.values()]).toEqual([0, 0]);
    expect(markovRemovalEffects([]).size).toBe(0);
    expect(markovRemovalEffects([{ touches: [], converted: true }]).size).toBe(0);
  });

  it('is unchanged by repeating a touch (runs of one channel are one visit of its state)', () => {
    const repeated = [path('AAB', true), path('AA', false), path('BBB', true), path('ACC', true), path('C', false)];
    const collapsed = [path('AB', true), path('A', false), path('B', true), path('AC', true), path('C', false)];
    const a = markovRemovalEffects(repeated);
    const b = markovRemovalEffects(collapsed);
    for (const [channel, effect] of b) expect(a.get(channel)).toBeCloseTo(effect, 12);
  });

  it('agrees with removing each channel and re-solving the chain, and stays in [0, 1]', () => {
    const arbitraryPath = fc.record({
      channels: fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 6 }),
      converted: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbitraryPath, { minLength: 1, maxLength: 25 }), (drawn) => {
        const prepared = prepareAttributionPaths(drawn.map((d) => path(d.channels.join(''), d.converted)));
        const effects = markovEffectsOfPrepared(prepared);
        const expected = bruteForceEffects(prepared);
        for (const [channel, effect] of expected) {
          expect(effects.get(channel)).toBeCloseTo(effect, 6);
          expect(effects.get(channel)).toBeGreaterThanOrEqual(0);
          expect(effects.get(channel)).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 150 },
    );
  });
});
