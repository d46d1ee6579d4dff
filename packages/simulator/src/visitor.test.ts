// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Script } from 'node:vm';
import { expandCompactBatch } from '@ri/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Action } from './actions';
import { generatePlan, type VisitPlan } from './plan';
import { loadTrackerScript } from './sdk';
import { navLinkId } from './site';
import { runVisitor } from './visitor';

type Received = {
  headers: IncomingHttpHeaders;
  body: { sent_at: number; events: { id: string; type: string; ts: number }[] };
  at: number;
};

/** A stand-in ingestion endpoint answering with the given statuses in turn (the last one repeats). */
const fakeServer = async (statuses: number[]) => {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      // Read bodies as the real server does: the compact encoding expanded to the v1 shape.
      received.push({
        headers: req.headers,
        body: expandCompactBatch(JSON.parse(text)) as Received['body'],
        at: Date.now(),
      });
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      res.writeHead(status, status === 200 ? {} : { 'retry-after': '1' });
      // Like the real server, a 2xx names the session it put a batch without a session id in.
      res.end(
        status === 200
          ? '{"accepted":1,"duplicates":0,"sessions":["5e55c0de-0000-4000-8000-000000000001"]}'
          : '{"error":{"code":"x","message":"busy"}}',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise((r) => server.close(r)) };
};

let sdk: Script;
let close: (() => Promise<unknown>) | undefined;
beforeAll(async () => {
  sdk = await loadTrackerScript();
});
afterEach(async () => {
  await close?.();
  close = undefined;
});

const plan = generatePlan('Fast-Mover', 3);
const visit = (baseUrl: string, maxAttempts = 8) =>
  runVisitor({
    plan,
    sdk,
    baseUrl,
    trackingId: 'trk_test',
    origin: 'https://shop.example',
    startAt: Date.now() - plan.durationMs - 5000,
    maxAttempts,
    retryWaitCapMs: 20,
  });

describe('one visitor', () => {
  it('sends as a browser on the site would, with sent_at at the real delivery time', async () => {
    const server = await fakeServer([200]);
    close = server.close;
    const r = await visit(server.url);
    expect(r.errors).toEqual([]);
    expect(r.eventsSent).toBe(new Set(server.received.flatMap((x) => x.body.events.map((e) => e.id))).size);
    for (const x of server.received) {
      expect(x.headers).toMatchObject({ origin: 'https://shop.example', 'user-agent': plan.env.userAgent });
      expect(x.headers['content-type']).toMatch(/^text\/plain/);
      expect(Math.abs(x.body.sent_at - x.at)).toBeLessThan(1000);
      for (const e of x.body.events) expect(e.ts).toBeLessThan(x.at);
    }
    const ts = server.received.flatMap((x) => x.body.events.map((e) => e.ts));
    expect(Math.max(...ts) - Math.min(...ts)).toBeGreaterThan(plan.durationMs - 2000);
  });

  it('lets the SDK retry after 503 and 429 answers and delivers every event', async () => {
    const server = await fakeServer([503, 503, 429, 200]);
    close = server.close;
    const r = await visit(server.url);
    expect(r.retries).toBe(3);
    expect(r.eventsLost).toBe(0);
    expect(r.eventsSent).toBe(new Set(server.received.flatMap((x) => x.body.events.map((e) => e.id))).size);
    expect(r.eventsSent).toBeGreaterThan(5);
  });

  it('gives up on a batch after the attempt cap and reports it', async () => {
    const server = await fakeServer([503]);
    close = server.close;
    const r = await visit(server.url, 3);
    expect(r.eventsSent).toBe(0);
    expect(r.eventsLost).toBeGreaterThan(0);
    const batches = new Set(server.received.map((x) => x.body.events[0]!.id)).size;
    expect(server.received.length).toBeLessThanOrEqual(batches * 3);
    expect(r.errors.some((e) => e.includes('after 3 attempts'))).toBe(true);
  });
});

describe('long reads', () => {
  // A desktop visitor (mouse moves while reading) who reads for minutes: the SDK sends a mouse_movement
  // about every 5 s, each flushed on its own, so a read makes a batch every 5 s of virtual time. Had the
  // visitor let only the request in flight through per action, the outbox would pass its 50-batch cap
  // and drop the oldest batches, the second page's page view among them (seed 9001, visitor 229).
  const base = generatePlan('Proof-Driven', 4);
  const read = (ms: number): Action => ({ kind: 'read', ms, moves: Math.floor(ms / 200) });
  const pages: VisitPlan['pages'] = [
    {
      path: '/',
      actions: [
        read(200_000),
        { kind: 'navigate', to: '/pricing', via: 'link', target: navLinkId('/pricing'), ms: 500 },
      ],
    },
    { path: '/pricing', actions: [read(300_000), { kind: 'navigate', to: '/', via: 'back', ms: 0 }] },
    { path: '/', actions: [read(10_000)] },
  ];
  const longPlan: VisitPlan = {
    ...base,
    landing: { ...base.landing, path: '/' },
    pages,
    goal: null,
    durationMs: 511_500,
  };

  it('delivers every batch: page views and a mouse_movement every few seconds of the visit', async () => {
    expect(base.env.touch).toBe(false);
    const server = await fakeServer([200]);
    close = server.close;
    const startAt = Date.now() - longPlan.durationMs - 5000;
    const r = await runVisitor({
      plan: longPlan,
      sdk,
      baseUrl: server.url,
      trackingId: 'trk_test',
      origin: 'https://shop.example',
      startAt,
    });
    expect(r.errors).toEqual([]);
    expect(r.eventsByType.page_view).toBe(3);
    const moves = [
      ...new Map(
        server.received.flatMap((x) =>
          x.body.events.filter((e) => e.type === 'mouse_movement').map((e) => [e.id, e.ts]),
        ),
      ).values(),
    ].sort((a, b) => a - b);
    // No stretch of the visit is missing: consecutive mouse_movement events are at most ~5 s apart.
    const gaps = moves.map((t, i) => t - (moves[i - 1] ?? startAt));
    expect(Math.max(...gaps)).toBeLessThan(6000);
    expect(moves[moves.length - 1]! - startAt).toBeGreaterThan(longPlan.durationMs - 6000);
  });
});
