// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Script } from 'node:vm';
import { expandCompactBatch } from '@ri/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generatePlan } from './plan';
import { loadTrackerScript } from './sdk';
import { runVisitor } from './visitor';

type Received = {
  headers: IncomingHttpHeaders;
  body: { sent_at: number; events: { id: string; ts: number }[] };
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
      res.end(status === 200 ? '{"accepted":1,"duplicates":0}' : '{"error":{"code":"x","message":"busy"}}');
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
