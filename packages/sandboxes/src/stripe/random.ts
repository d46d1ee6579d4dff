/** Deterministic draws keyed by (seed, stream, index): the same key always gives the same values, in any order. */
export type Draw = {
  /** Uniform in [0, 1). */
  float(): number;
  /** Whole number in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One item, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** `length` characters of `alphabet`. */
  chars(length: number, alphabet?: string): string;
};

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// 32-bit finaliser (murmur3's), so neighbouring keys give unrelated streams.
const mix = (x: number): number => {
  let h = x | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/** A 32-bit hash of a string (FNV-1a, then mixed). */
export const hashString = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mix(h);
};

const streams = new Map<string, number>();
const streamHash = (stream: string): number => {
  const h = streams.get(stream) ?? hashString(stream);
  streams.set(stream, h);
  return h;
};
const startState = (seed: number, stream: string, index: number) =>
  mix(mix(seed ^ streamHash(stream)) + Math.imul(index + 1, 0x9e3779b9));
// mulberry32's step: the next state, and its output.
const step = (state: number): number => (state + 0x6d2b79f5) | 0;
const output = (state: number): number => {
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return (t ^ (t >>> 14)) >>> 0;
};

/** `length` base-62 characters for (seed, stream, index): `drawFor(…).chars(length)` without its allocations. */
export const charsFor = (seed: number, stream: string, index: number, length: number): string => {
  let state = startState(seed, stream, index);
  let out = '';
  for (let i = 0; i < length; i++) {
    state = step(state);
    out += BASE62[output(state) % 62];
  }
  return out;
};

/** The draws for one generated record: `stream` names the kind of record, `index` which one. */
export const drawFor = (seed: number, stream: string, index: number): Draw => {
  let state = startState(seed, stream, index);
  const u32 = (): number => {
    state = step(state);
    return output(state);
  };
  const float = () => u32() / 4294967296;
  return {
    float,
    int: (min, max) => min + Math.floor(float() * (max - min + 1)),
    chance: (p) => float() < p,
    pick: (items) => items[Math.floor(float() * items.length)]!,
    chars: (length, alphabet = BASE62) => {
      let out = '';
      for (let i = 0; i < length; i++) out += alphabet[u32() % alphabet.length];
      return out;
    },
  };
};

/** `value` in base 62, left-padded to `width` characters. */
export const toBase62 = (value: number, width: number): string => {
  let out = '';
  let rest = Math.floor(value);
  do {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  } while (rest > 0);
  return out.padStart(width, '0');
};

/** The number a base-62 string spells; NaN when it is not base 62. */
export const fromBase62 = (text: string): number => {
  let value = 0;
  for (const ch of text) {
    const digit = BASE62.indexOf(ch);
    if (digit < 0) return Number.NaN;
    value = value * 62 + digit;
  }
  return value;
};
