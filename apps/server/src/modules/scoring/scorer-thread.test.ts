import type { LiveSessionEvent } from '@ri/contracts';
import type { SignalEvent } from '@ri/engine';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLiveHub } from './live-hub.js';
import { createThreadedScorer } from './scorer-thread.js';

// The server's side of the scoring thread, against a stand-in thread that speaks its messages (the real
// thread needs PostgreSQL; the server tests run it on PostgreSQL through the app).
const entry = new URL('./scorer-thread.fixture.mjs', import.meta.url);
const data = { databaseUrl: 'unused', tuning: {}, thresholds: { minSessions: 1, minConversions: 1 } };
const event = (id: string): SignalEvent => ({ id, type: 'click', at: 1, url: null, title: null, el: null, data: {} });

function setUp(restartPauseMs = 100) {
  const hub = createLiveHub();
  const pushed: { session_id: string; events_count: number }[] = [];
  hub.subscribe('b1', (e: LiveSessionEvent) => pushed.push(e as unknown as (typeof pushed)[number]));
  const errors: unknown[] = [];
  const log = { error: (obj: unknown) => errors.push(obj), warn() {}, info() {} } as unknown as FastifyBaseLogger;
  const scorer = createThreadedScorer(data, hub, log, { entry, restartPauseMs });
  return { scorer, pushed, errors };
}

describe('the scoring thread, seen from the server', () => {
  it('hands over every session in order, and a drain waits for what was handed over before it', async () => {
    const { scorer, pushed } = setUp();
    scorer.stored('b1', 's1', [event('e1'), event('e2')]);
    scorer.rebuild('b1', 's2');
    scorer.stored('b1', 's3', [event('e3')]);
    await scorer.drain();
    expect(pushed).toEqual([
      { session_id: 's1', events_count: 2 },
      { session_id: 's2', events_count: -1 },
      { session_id: 's3', events_count: 1 },
    ]);
    expect((await scorer.stats()).scored).toBe(3);
    await scorer.stop();
  });

  it('survives a thread that dies: nobody waits forever, and a new thread scores after a pause', async () => {
    const { scorer, pushed, errors } = setUp(300);
    scorer.stored('b1', 'before', [event('e1')]);
    scorer.stored('b1', 'crash', [event('e2')]);
    // The drain is answered even though the thread that was asked is gone.
    await scorer.drain();
    expect(pushed.map((p) => p.session_id)).toEqual(['before']);

    // During the pause nothing starts a thread (work then is left to the scoring sweep)...
    scorer.stored('b1', 'paused', [event('e3')]);
    await scorer.drain();
    expect(pushed.map((p) => p.session_id)).toEqual(['before']);
    expect(await scorer.stats()).toMatchObject({ scored: 0 });

    // ...and after it a new thread takes the work.
    await new Promise((resolve) => setTimeout(resolve, 350));
    scorer.stored('b1', 'after', [event('e4')]);
    await scorer.drain();
    expect(pushed.map((p) => p.session_id)).toEqual(['before', 'after']);
    // The death was logged, once.
    expect(errors).toEqual([{ code: 1 }]);
    await scorer.stop();
  });

  it('takes no more work once stopped', async () => {
    const { scorer, pushed } = setUp();
    scorer.stored('b1', 's1', [event('e1')]);
    await scorer.stop();
    scorer.stored('b1', 's2', [event('e2')]);
    await scorer.drain();
    expect(pushed.map((p) => p.session_id)).toEqual(['s1']);
  });
});
