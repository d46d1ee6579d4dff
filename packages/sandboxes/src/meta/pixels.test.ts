import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetaSandbox, startMetaSandbox } from './sandbox.js';

// The Conversions API side of the Graph sandbox, as a raw HTTP client sees it.

let sandbox: MetaSandbox;
beforeAll(async () => {
  sandbox = await startMetaSandbox({ seed: 7, pixels: [{}, { name: 'Old pixel', unavailable: true }] });
});
afterAll(() => sandbox.close());

type GraphError = {
  error: { message: string; code: number; error_subcode?: number; error_user_title?: string; fbtrace_id: string };
};

const now = () => Math.floor(Date.now() / 1000);
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const event = (over: Record<string, unknown> = {}) => ({
  event_name: 'Lead',
  event_time: now() - 60,
  event_id: 'evt-1',
  action_source: 'website',
  event_source_url: 'https://shop.example/thanks',
  user_data: { client_ip_address: '203.0.113.7', client_user_agent: 'Mozilla/5.0' },
  ...over,
});

const post = async (
  data: unknown,
  extra: Record<string, string> = {},
  token = sandbox.accessToken,
  pixel = sandbox.pixelId,
) => {
  const form = new URLSearchParams({ data: JSON.stringify(data), access_token: token, ...extra });
  const res = await fetch(`${sandbox.url}/v25.0/${pixel}/events`, { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & GraphError };
};

describe('Meta sandbox: pixels and the Conversions API', () => {
  it('reads a pixel with the fields asked for, and hides it from a token that may not use it', async () => {
    const res = await fetch(`${sandbox.url}/v25.0/${sandbox.pixelId}?fields=id,name,is_unavailable,last_fired_time`, {
      headers: { Authorization: `Bearer ${sandbox.accessToken}` },
    });
    expect(await res.json()).toMatchObject({
      id: sandbox.pixelId,
      name: expect.stringMatching(/Pixel$/),
      is_unavailable: false,
    });
    const hidden = await fetch(`${sandbox.url}/v25.0/${sandbox.pixelId}?fields=id`, {
      headers: { Authorization: `Bearer ${sandbox.accessTokens.noAdsRead}` },
    });
    expect(hidden.status).toBe(400);
    expect(((await hidden.json()) as GraphError).error).toMatchObject({ code: 100, error_subcode: 33 });
    expect(sandbox.state.pixels[1]).toMatchObject({ is_unavailable: true });
  });

  it('takes valid events with the test code, answering events_received, messages and fbtrace_id', async () => {
    const purchase = event({
      event_name: 'Purchase',
      event_id: 'evt-2',
      user_data: { client_user_agent: 'Mozilla/5.0', em: [sha('a@b.example')] },
      custom_data: { value: 12.5, currency: 'USD' },
    });
    const res = await post([event(), purchase], { test_event_code: 'TEST123' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ events_received: 2, messages: [], fbtrace_id: expect.any(String) });
    const received = sandbox.state.pixelEvents(sandbox.pixelId);
    expect(received.map((r) => [r.event.event_id, r.testEventCode, r.requestSize])).toEqual([
      ['evt-1', 'TEST123', 2],
      ['evt-2', 'TEST123', 2],
    ]);
    expect(sandbox.state.requests.at(-1)).toMatchObject({ tokenVia: 'query', query: '' });
  });

  it.each([
    ['an event older than 7 days', event({ event_time: now() - 8 * 86_400 }), 'Event Timestamp Too Old', 2804003],
    ['an event in the future', event({ event_time: now() + 3600 }), 'Event Timestamp In The Future', undefined],
    [
      'a website event without user agent',
      event({ user_data: { client_ip_address: '203.0.113.7' } }),
      'Missing User Agent',
      undefined,
    ],
    [
      'an e-mail not hashed',
      event({ user_data: { client_user_agent: 'UA', em: ['a@b.example'] } }),
      'Customer Information Not Hashed',
      undefined,
    ],
    [
      'a hash in upper case',
      event({ user_data: { client_user_agent: 'UA', em: [sha('x').toUpperCase()] } }),
      'Customer Information Not Hashed',
      undefined,
    ],
    ['a Purchase without value', event({ event_name: 'Purchase' }), 'Missing Value or Currency', 2804019],
    ['an event without name', event({ event_name: undefined }), 'Missing Event Name', undefined],
  ])('refuses the whole request for %s, in Graph error format', async (_what, bad, title, subcode) => {
    const before = sandbox.state.pixelEvents().length;
    const res = await post([event({ event_id: 'fine' }), bad]);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      message: 'Invalid parameter',
      code: 100,
      error_user_title: title,
      fbtrace_id: expect.any(String),
    });
    if (subcode) expect(res.body.error.error_subcode).toBe(subcode);
    expect(sandbox.state.pixelEvents()).toHaveLength(before);
  });

  it('refuses more than 1,000 events, a missing data and an unknown pixel', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => event({ event_id: `e${i}` }));
    expect((await post(many)).body.error.error_user_title).toBe('Too Many Events');
    const res = await fetch(`${sandbox.url}/v25.0/${sandbox.pixelId}/events`, {
      method: 'POST',
      body: new URLSearchParams({ access_token: sandbox.accessToken }),
    });
    expect(((await res.json()) as GraphError).error.message).toMatch(/data is required/);
    expect((await post([event()], {}, sandbox.accessToken, '999999999999999')).body.error).toMatchObject({
      code: 100,
      error_subcode: 33,
    });
  });

  it('answers an expired token with code 190 and takes JSON bodies as well as forms', async () => {
    expect((await post([event()], {}, sandbox.accessTokens.expired)).body.error).toMatchObject({
      code: 190,
      error_subcode: 463,
    });
    const res = await fetch(`${sandbox.url}/v25.0/${sandbox.pixelId}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: `Bearer ${sandbox.accessToken}` },
      body: JSON.stringify({ data: [event({ event_id: 'json-1' })] }),
    });
    expect(await res.json()).toMatchObject({ events_received: 1 });
  });
});
