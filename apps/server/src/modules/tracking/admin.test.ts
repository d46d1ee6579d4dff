import { SESSION_NOT_FOUND } from '@ri/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  postBatch,
  setUpTracking,
  signUp,
  type TestApp,
  wireBatch,
} from '../../test/harness.js';

// Session admin and the tracking script, as an owner uses them (ingestion itself: ingest.test.ts).
let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
let trackingA: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t, { businessName: 'Alpha Apparel' });
  b = await signUp(t, { businessName: 'Beta Bikes' });
  trackingA = await setUpTracking(t, a.token);
});
afterAll(() => t.close());

describe('session admin', () => {
  it('lists, counts and details the business’s own sessions only', async () => {
    const batch = wireBatch(trackingA, [
      { type: 'page_view', url: 'https://shop.example/landing', title: 'Landing' },
      { type: 'click', url: 'https://shop.example/landing', el: 'button.cta' },
    ]);
    await postBatch(t, batch);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tracking/admin/sessions?time_range=1h&status_filter=active',
      headers: bearer(a.token),
    });
    expect(list.statusCode).toBe(200);
    const item = list.json().sessions.find((s: { id: string }) => s.id === batch.session_id);
    expect(item).toMatchObject({
      page_url: 'https://shop.example/landing',
      events_count: 2,
      is_active: true,
      device_type: 'desktop',
    });
    expect(list.json().pagination).toMatchObject({ page: 1, has_prev: false });

    const completed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tracking/admin/sessions?status_filter=completed',
      headers: bearer(a.token),
    });
    expect(completed.json().sessions.some((s: { id: string }) => s.id === batch.session_id)).toBe(false);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tracking/admin/sessions/${batch.session_id}`,
      headers: bearer(a.token),
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      total_events: 2,
      clicks: 1,
      primary_page_title: 'Landing',
      source: 'direct',
    });
    expect(detail.json().events.map((e: { event_type: string }) => e.event_type)).toEqual(['page_view', 'click']);

    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tracking/admin/sessions/${batch.session_id}`,
      headers: bearer(b.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(SESSION_NOT_FOUND);

    const stats = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tracking/admin/stats?time_range=1h',
      headers: bearer(a.token),
    });
    expect(stats.json().total_sessions).toBeGreaterThanOrEqual(1);
    expect(stats.json().top_pages.length).toBeGreaterThan(0);
    const bStats = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tracking/admin/stats?time_range=1h',
      headers: bearer(b.token),
    });
    expect(bStats.json().top_pages.some((p: { url: string }) => p.url.includes('shop.example'))).toBe(false);
  });

  it('names a bad query field', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tracking/admin/sessions?time_range=2y',
      headers: bearer(a.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('time_range');
  });
});

describe('tracking script', () => {
  it('keeps one tracking id per business and only passes the test once events really arrived', async () => {
    const owner = await signUp(t);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracking/generate-script',
      headers: bearer(owner.token),
      payload: { allowed_origins: ['https://new-shop.example/some/page'], features: ['page_view_tracking'] },
    });
    expect(first.statusCode).toBe(200);
    const config = first.json();
    expect(config.trackingId).toMatch(/^trk_[A-Za-z0-9]{20}$/);
    expect(config.allowed_origins).toEqual(['https://new-shop.example']);
    expect(config.snippet).toContain(config.trackingId);
    expect(config.sdkBase).toMatch(/\/sdk\/v1$/);
    expect(config.snippet).toContain(`"sdkBase":"${config.sdkBase}"`);
    expect(config.snippet).toContain("'/tracker.min.js'");
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracking/generate-script',
      headers: bearer(owner.token),
      payload: { mode: 'full', customization: { batchSize: 20, flushInterval: 3000, sessionTimeout: 600_000 } },
    });
    expect(second.json()).toMatchObject({
      trackingId: config.trackingId,
      mode: 'full',
      allowed_origins: ['https://new-shop.example'],
    });

    const test = (website_url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/tracking/test-script',
        headers: bearer(owner.token),
        payload: { tracking_id: config.trackingId, website_url },
      });
    expect((await test('https://new-shop.example/')).json().test_status).toBe('no_events');
    expect((await test('https://other.example/')).json().test_status).toBe('origin_not_allowed');
    await postBatch(t, wireBatch(config.trackingId, [{ type: 'page_view' }]), { origin: 'https://new-shop.example' });
    const passed = (await test('https://new-shop.example/')).json();
    expect(passed).toMatchObject({ test_status: 'success', events_received: 1 });
  });

  it('names the field of a bad setting, and refuses the read-only demo', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracking/generate-script',
      headers: bearer(a.token),
      payload: { customization: { batchSize: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('customization.batchSize');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/businesses', headers: bearer(a.token) });
    const demo = list.json().businesses.find((x: { is_demo: boolean }) => x.is_demo);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracking/generate-script',
      headers: { ...bearer(a.token), 'x-business-id': demo.id },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});
