// The live scorer in a worker thread (decision 0008, "A thread of its own"): the same scorer as in-process,
// with its own connections to the same PostgreSQL, so folding, models and the scoring round trips leave
// the event loop that answers ingestion. It talks to the server's thread only through messages.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { LiveSessionEvent } from '@ri/contracts';
import type { SignalEvent } from '@ri/engine';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../db/client.js';
import { createPageTypeRules } from '../page-types/index.js';
import { createBusinessModels } from '../readiness-model/index.js';
import { createSessionScorer, type ScorerTuning } from './session-scorer.js';

/** What the server's thread sends: work in order, and requests that are answered by id. */
export type ToScorer =
  | { t: 'work'; items: [businessId: string, sessionId: string, events: SignalEvent[] | null][] }
  | { t: 'rules' | 'models'; businessId: string }
  | { t: 'drain' | 'stats' | 'stop'; id: number };

/** What the worker sends back. */
export type FromScorer =
  | { t: 'publish'; events: [businessId: string, event: LiveSessionEvent][] }
  | { t: 'log'; level: 'error' | 'warn' | 'info'; obj: unknown; msg: string }
  | { t: 'reply'; id: number; value: unknown };

export type ScorerWorkerData = {
  databaseUrl: string;
  tuning: ScorerTuning;
  thresholds: { minSessions: number; minConversions: number };
};

// Ingestion answers first: on Linux a thread's nice value is its own, so this lowers only the scorer's
// priority. Scores then use the CPU that acknowledgements leave, and come a little later under load.
try {
  setPriority(0, 10);
} catch {
  // Not permitted here: the scorer shares the CPU at the same priority.
}

const port = parentPort!;
const post = (message: FromScorer) => port.postMessage(message);
const { databaseUrl, tuning, thresholds } = workerData as ScorerWorkerData;

/** Errors travel as plain objects: the server's logger serialises them as it does its own. */
const plain = (obj: unknown): unknown => {
  if (!obj || typeof obj !== 'object') return obj;
  return Object.fromEntries(
    Object.entries(obj).map(([k, v]) =>
      v instanceof Error
        ? [k, { type: v.name, message: v.message, stack: v.stack, code: (v as { code?: unknown }).code }]
        : [k, v],
    ),
  );
};
const logAt =
  (level: 'error' | 'warn' | 'info') =>
  (obj: unknown, msg = '') =>
    post({ t: 'log', level, obj: plain(obj), msg });
const log = {
  error: logAt('error'),
  warn: logAt('warn'),
  info: logAt('info'),
  debug: () => {},
  trace: () => {},
  fatal: logAt('error'),
  child: () => log,
  level: 'info',
} as unknown as FastifyBaseLogger;

// Scores go back in one message a turn of the event loop, however many sessions a round scored.
let published: [string, LiveSessionEvent][] = [];
const hub = {
  publish(businessId: string, event: LiveSessionEvent) {
    if (published.length === 0)
      setImmediate(() => {
        post({ t: 'publish', events: published });
        published = [];
      });
    published.push([businessId, event]);
  },
  subscribe: () => () => {},
  subscribeAll: () => () => {},
  listeners: () => 0,
};

const database = await openDatabase({ url: databaseUrl, poolSize: 3 });
const pageTypes = createPageTypeRules(database.db, log);
const businessModels = createBusinessModels(database, log, thresholds);
const scorer = createSessionScorer(
  database,
  hub,
  log,
  {
    rulesFor: (businessId) => pageTypes.rulesFor(businessId),
    scoringFor: (businessId) => businessModels.scoringFor(businessId),
  },
  tuning,
);

port.on('message', async (message: ToScorer) => {
  switch (message.t) {
    case 'work':
      for (const [businessId, sessionId, events] of message.items) {
        if (events) scorer.stored(businessId, sessionId, events);
        else scorer.rebuild(businessId, sessionId);
      }
      return;
    case 'rules':
      return pageTypes.invalidate(message.businessId);
    case 'models':
      return businessModels.forget(message.businessId);
    case 'drain':
      await scorer.drain();
      return post({ t: 'reply', id: message.id, value: null });
    case 'stats':
      return post({ t: 'reply', id: message.id, value: await scorer.stats() });
    case 'stop':
      await scorer.stop();
      await database.close();
      post({ t: 'reply', id: message.id, value: null });
      port.close();
  }
});
