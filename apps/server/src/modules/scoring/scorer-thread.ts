import { Worker } from 'node:worker_threads';
import type { SignalEvent } from '@ri/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveHub } from './live-hub.js';
import type { FromScorer, ScorerWorkerData, ToScorer } from './scorer-worker.js';
import type { ScorerStats, SessionScorer } from './session-scorer.js';

const BOOTSTRAP = new URL('./scorer-worker.mjs', import.meta.url);
/** How long after a worker died its successor waits; work meanwhile is left to the scoring sweep. */
const RESTART_PAUSE_MS = 5_000;
const NO_STATS: ScorerStats = { pending: 0, scored: 0, rebuilt: 0, failures: 0, held: 0, unstored: 0 };

/** A live scorer running in a worker thread, and how to tell it that a business's rules or models changed. */
export type ThreadedScorer = SessionScorer & {
  rulesChanged(businessId: string): void;
  modelsChanged(businessId: string): void;
};

/**
 * The session scorer in a worker thread with its own PostgreSQL connections (decision 0008): this side
 * only hands over each flush's new events (one message a turn of the event loop) and publishes the scores
 * that come back to the live streams. The worker starts on first use. If it dies, what it had not scored
 * is left to the scoring sweep (the counts disagree, so those sessions are refolded) and the next use
 * starts a new one.
 */
export function createThreadedScorer(
  data: ScorerWorkerData,
  hub: LiveHub,
  log: FastifyBaseLogger,
  /** The thread's entry and its restart pause (tests give a stand-in thread and a short pause). */
  options: { entry?: URL; restartPauseMs?: number } = {},
): ThreadedScorer {
  const entry = options.entry ?? BOOTSTRAP;
  const restartPauseMs = options.restartPauseMs ?? RESTART_PAUSE_MS;
  let worker: Worker | null = null;
  let stopped = false;
  /** After a worker died, none is started before this time (a worker that cannot start must not spin). */
  let pausedUntil = 0;
  let work: Extract<ToScorer, { t: 'work' }>['items'] = [];
  let nextId = 0;
  const waiting = new Map<number, (value: unknown) => void>();

  const start = (): Worker => {
    const w = new Worker(entry, { workerData: data, execArgv: [] });
    w.unref();
    w.on('message', (message: FromScorer) => {
      if (message.t === 'publish') for (const [businessId, event] of message.events) hub.publish(businessId, event);
      else if (message.t === 'log') log[message.level](message.obj, message.msg);
      else {
        waiting.get(message.id)?.(message.value);
        waiting.delete(message.id);
      }
    });
    w.on('error', (error) => log.error({ err: error }, 'the scoring thread failed; the sweep refolds what it left'));
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      if (!stopped) {
        pausedUntil = Date.now() + restartPauseMs;
        log.error({ code }, 'the scoring thread stopped; the sweep refolds what it left, and a new one starts');
      }
      // Nothing more will come from it: whoever waits for it waits no longer.
      for (const [id, resolve] of waiting) {
        resolve(null);
        waiting.delete(id);
      }
    });
    return w;
  };

  const send = (message: ToScorer) => {
    if (stopped || (!worker && Date.now() < pausedUntil)) return;
    worker ??= start();
    worker.postMessage(message);
  };
  /** Work so far goes first, so that a request sent after it is answered after it is done. */
  const flush = () => {
    if (work.length === 0) return;
    const items = work;
    work = [];
    send({ t: 'work', items });
  };
  const queue = (item: (typeof work)[number]) => {
    if (stopped) return;
    if (work.length === 0) setImmediate(flush);
    work.push(item);
  };
  const ask = (t: 'drain' | 'stats' | 'stop'): Promise<unknown> => {
    flush();
    if (!worker) return Promise.resolve(null);
    const id = nextId++;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      worker!.postMessage({ t, id } satisfies ToScorer);
    });
  };

  /** A thread that is not running holds no copies to drop: the next one starts fresh. */
  const changed = (t: 'rules' | 'models', businessId: string) => {
    flush();
    worker?.postMessage({ t, businessId } satisfies ToScorer);
  };

  return {
    stored: (businessId, sessionId, events: SignalEvent[]) => queue([businessId, sessionId, events]),
    rebuild: (businessId, sessionId) => queue([businessId, sessionId, null]),
    drain: async () => void (await ask('drain')),
    stats: async () => ((await ask('stats')) as ScorerStats | null) ?? NO_STATS,
    async stop() {
      await ask('stop');
      stopped = true;
      await worker?.terminate();
      worker = null;
    },
    rulesChanged: (businessId) => changed('rules', businessId),
    modelsChanged: (businessId) => changed('models', businessId),
  };
}
