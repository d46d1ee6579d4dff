import { createRandom, shuffle } from './prng.js';

/**
 * Assigns each row a fold in 0..k-1 so every fold holds nearly the same share of each label
 * (stratified k-fold): rows of each class are shuffled with the seed and dealt round-robin.
 */
export function stratifiedFolds(labels: readonly number[], k: number, seed: number): number[] {
  const random = createRandom(seed);
  const folds = new Array<number>(labels.length).fill(0);
  let offset = 0;
  for (const label of [...new Set(labels)].sort((a, b) => a - b)) {
    const members = shuffle(
      labels.flatMap((y, i) => (y === label ? [i] : [])),
      random,
    );
    members.forEach((row, j) => {
      folds[row] = (offset + j) % k;
    });
    offset += members.length;
  }
  return folds;
}
