import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, createTestApp, postBatch, setUpTracking, signUp, type TestApp, wireBatch } from './harness.js';

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

/** A test file's app with one signed-up owner whose site is tracked, and calls as that owner. */
export type OwnerApp = {
  t: TestApp;
  owner: Awaited<ReturnType<typeof signUp>>;
  trackingId: string;
  get(url: string, token?: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: object, token?: string): Promise<LightMyRequestResponse>;
  /** pricingVisit for this owner's site. */
  visit(session: string, visitor: string): object[];
  /** ingestAndScore into this app. */
  ingest(batches: object[]): Promise<void>;
};

/** Sets up an OwnerApp before the file's tests and closes it after them; its fields are set once they run. */
export function useOwnerApp(): OwnerApp {
  const o = {} as OwnerApp;
  beforeAll(async () => {
    const t = await createTestApp();
    const owner = await signUp(t);
    const trackingId = await setUpTracking(t, owner.token);
    Object.assign(o, {
      t,
      owner,
      trackingId,
      get: (url: string, token = owner.token) =>
        t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) }),
      post: (url: string, payload?: object, token = owner.token) =>
        t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(token), payload }),
      visit: (session: string, visitor: string) => pricingVisit(trackingId, session, visitor),
      ingest: (batches: object[]) => ingestAndScore(t, batches),
    } satisfies OwnerApp);
  });
  afterAll(() => o.t.close());
  return o;
}
