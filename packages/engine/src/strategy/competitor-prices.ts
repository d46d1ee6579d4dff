/**
 * How the business's prices compare with the competitor prices its owner entered.
 *
 * Entries older than `maxAgeDays` before the window's end are left out (a price a year old says little about
 * today's market). Per competitor and product the latest entry counts. Per product and currency:
 * diff = own price / median competitor price − 1 (0.12: 12 % above the competitors' median; −0.1: 10 %
 * below). The business's figure is the median of its products' diffs. Only prices in one currency are compared:
 * nothing is converted at a guessed rate.
 */
import { round } from '@ri/contracts';
import type { CompetitorPrice } from './types.js';

export const COMPETITOR_RULES = { maxAgeDays: 180 } as const;

const DAY_MS = 86_400_000;

export type ProductPriceDiff = {
  product: string;
  currency: string;
  /** Major units, as entered. */
  own_price: number;
  median_competitor_price: number;
  competitors: number;
  /** own / median − 1, 4 decimals. */
  diff: number;
};

export type CompetitorPriceSummary = {
  products: ProductPriceDiff[];
  /** Median of the products' diffs; null without a product to compare. */
  diff: number | null;
  /** Entries used, and the dates of the oldest and newest. */
  entries: number;
  first_entered: string | null;
  last_entered: string | null;
  /** Entries left out for their age. */
  stale: number;
};

export const median = (xs: readonly number[]): number => {
  const v = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 === 1 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
};

/** Own prices against the competitors' medians, per product, as of `asOf` (ISO date). */
export function competitorPriceDiffs(prices: readonly CompetitorPrice[], asOf: string): CompetitorPriceSummary {
  const cutoff = Date.parse(`${asOf.slice(0, 10)}T00:00:00Z`) - COMPETITOR_RULES.maxAgeDays * DAY_MS;
  const valid = prices.filter((p) => p.price > 0 && p.own_price > 0);
  const fresh = valid.filter((p) => Date.parse(p.entered_at) >= cutoff);
  const latest = new Map<string, CompetitorPrice>();
  for (const p of fresh) {
    const key = JSON.stringify([p.product, p.currency, p.competitor]);
    const seen = latest.get(key);
    if (!seen || p.entered_at > seen.entered_at) latest.set(key, p);
  }
  const byProduct = new Map<string, CompetitorPrice[]>();
  for (const p of latest.values()) {
    const key = JSON.stringify([p.product, p.currency]);
    byProduct.set(key, [...(byProduct.get(key) ?? []), p]);
  }
  const products = [...byProduct.values()]
    .map((list): ProductPriceDiff => {
      const newest = list.reduce((a, b) => (b.entered_at > a.entered_at ? b : a));
      const med = median(list.map((p) => p.price));
      return {
        product: newest.product,
        currency: newest.currency,
        own_price: newest.own_price,
        median_competitor_price: med,
        competitors: list.length,
        diff: round(newest.own_price / med - 1, 4),
      };
    })
    .sort((a, b) => (a.product < b.product ? -1 : a.product > b.product ? 1 : a.currency < b.currency ? -1 : 1));
  const used = [...latest.values()].map((p) => p.entered_at.slice(0, 10)).sort();
  return {
    products,
    diff: products.length > 0 ? round(median(products.map((p) => p.diff)), 4) : null,
    entries: used.length,
    first_entered: used[0] ?? null,
    last_entered: used.at(-1) ?? null,
    stale: valid.length - fresh.length,
  };
}
