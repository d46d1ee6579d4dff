import { charsFor, fromBase62, toBase62 } from './random.js';

const INDEX_WIDTH = 6;
const TAG_WIDTH = 10;

/**
 * A Stripe-shaped id (`ch_` + 24 characters) for record `index` of an account: the index, the account's tag (Stripe's
 * own ids repeat the account's tag the same way), then filler. The index makes lookups and cursors O(1) without a map.
 */
export const makeId = (prefix: string, seed: number, tag: string, index: number): string =>
  `${prefix}_${toBase62(index, INDEX_WIDTH)}${tag.slice(-TAG_WIDTH)}${charsFor(seed, prefix, index, 8)}`;

/** The index an id made by `makeId` carries, or undefined when it cannot be one of ours. */
export const indexOfId = (prefix: string, id: string): number | undefined => {
  if (!id.startsWith(`${prefix}_`) || id.length !== prefix.length + 1 + INDEX_WIDTH + TAG_WIDTH + 8) return undefined;
  const index = fromBase62(id.slice(prefix.length + 1, prefix.length + 1 + INDEX_WIDTH));
  return Number.isFinite(index) ? index : undefined;
};

/** Stripe's masked form of a key in error messages: its prefix, stars, and its last four characters. */
export const maskKey = (key: string): string => {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? '';
  const tail = key.length - prefix.length > 4 ? key.slice(-4) : '';
  return `${prefix}${'*'.repeat(Math.max(4, key.length - prefix.length - 4))}${tail}`;
};
