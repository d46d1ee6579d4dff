/**
 * ROC-AUC of `scores` against 0/1 `labels`: the chance a random positive scores above a random
 * negative, ties counting half (Mann-Whitney U with average ranks). NaN without both classes.
 */
export function rocAuc(scores: readonly number[], labels: readonly number[]): number {
  const order = scores.map((_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  let positives = 0;
  let rankSum = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && scores[order[j + 1]!] === scores[order[i]!]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) {
      if (labels[order[k]!] === 1) {
        positives++;
        rankSum += rank;
      }
    }
    i = j + 1;
  }
  const negatives = order.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** Brier score: mean squared difference between probabilities and 0/1 outcomes (lower is better). */
export function brierScore(probabilities: readonly number[], labels: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < probabilities.length; i++) sum += (probabilities[i]! - labels[i]!) ** 2;
  return sum / probabilities.length;
}
