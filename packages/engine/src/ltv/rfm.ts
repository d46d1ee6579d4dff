/** Frequency x, recency tₓ and age T of one customer, in one time unit (see CustomerSummary). */
export type Rfm = { frequency: number; recency: number; age: number };

/** Customers with the same (x, tₓ, T), counted once: `count` of them. */
export type RfmGroup = Rfm & { count: number };

/** Groups customers with identical (x, tₓ, T), so a likelihood evaluates each distinct history once. */
export function groupRfm(customers: readonly Rfm[]): RfmGroup[] {
  const groups = new Map<string, RfmGroup>();
  for (const { frequency, recency, age } of customers) {
    const key = `${frequency} ${recency} ${age}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { frequency, recency, age, count: 1 });
  }
  return [...groups.values()];
}

/** Largest frequency among the customers (0 for none): the models precompute per-frequency terms up to it. */
export function maxFrequency(customers: readonly Rfm[]): number {
  let max = 0;
  for (const c of customers) if (c.frequency > max) max = c.frequency;
  return max;
}

/** ln(e^u + e^v) without overflow; −∞ + −∞ is −∞. */
export function logAddExp(u: number, v: number): number {
  const m = Math.max(u, v);
  if (m === Number.NEGATIVE_INFINITY) return m;
  return m + Math.log(Math.exp(u - m) + Math.exp(v - m));
}

/** ln(e^u − e^v) for u ≥ v; NaN when u < v. */
export function logSubExp(u: number, v: number): number {
  if (v > u) return Number.NaN;
  if (v === Number.NEGATIVE_INFINITY) return u;
  return u + Math.log1p(-Math.exp(v - u));
}

/** Sums ln(base + k) for k = 0 … n−1 into out[n] (out[0] = 0): ln Γ(base + n) − ln Γ(base) for every n ≤ max. */
export function logRisingFactorials(base: number, max: number): Float64Array {
  const out = new Float64Array(max + 1);
  for (let n = 1; n <= max; n++) out[n] = out[n - 1]! + Math.log(base + n - 1);
  return out;
}

/** Mean of a sample; NaN when empty. */
export function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}
