import { expect } from 'vitest';
import { postBatch, type TestApp, wireBatch } from './harness.js';

/** The origin the test visits come from (the harness's default allowed origin). */
export const SHOP = 'https://shop.example';

/** A visitor reading pricing (hovering the buy button, then leaving the page), then clicking on a product page. */
export function pricingVisit(trackingId: string, session: string, visitor: string) {
  return [
    wireBatch(
      trackingId,
      [
        { type: 'page_view', url: `${SHOP}/pricing`, title: 'Pricing', data: { path: '/pricing' } },
        { type: 'scroll', url: `${SHOP}/pricing`, data: { depth: 80, velocity: 900, dir_changes: 1 } },
        { type: 'cta_hover', url: `${SHOP}/pricing`, el: 'button.buy', data: { dur: 2400, clicked: false } },
        { type: 'page_hide', url: `${SHOP}/pricing`, data: { active_ms: 20_000, total_ms: 30_000, depth: 80 } },
      ],
      { session, visitor },
    ),
    wireBatch(
      trackingId,
      [
        { type: 'page_view', url: `${SHOP}/product/widget`, title: 'Widget', data: { path: '/product/widget' } },
        { type: 'click', url: `${SHOP}/product/widget`, el: 'button.add', data: { x: 10, y: 20, cta: true } },
        { type: 'rage_click', url: `${SHOP}/product/widget`, el: 'button.add', data: { count: 4 } },
      ],
      { session, visitor },
    ),
  ];
}

/** Posts the batches as the SDK does and waits until they are stored and scored. */
export async function ingestAndScore(t: TestApp, batches: object[]) {
  for (const b of batches) expect((await postBatch(t, b)).statusCode).toBe(200);
  await t.ingest.drain();
  await t.scorer.drain();
}
