import { writeFile } from 'node:fs/promises';
import type { SnippetConfig } from './browser';
import { checkConfiguration, DEFAULT_CONFIGURATION, type SimulationConfiguration } from './configuration';
import { Gate } from './forwarder';
import { PERSONAS, type Persona } from './personas';
import { generatePlan } from './plan';
import { createRng, deriveSeed } from './random';
import { loadTrackerScript } from './sdk';
import { runVisitor, type VisitorResult } from './visitor';

const DAY_MS = 86_400_000;

export type SimulationOptions = {
  /** The server's base URL, e.g. http://localhost:3000. */
  baseUrl: string;
  trackingId: string;
  /** The simulated site's origin; must be an allowed origin of the tracking id. */
  origin: string;
  visitors: number;
  /** Visitors started per second (token bucket); 0 or Infinity for as fast as `concurrency` allows. */
  ratePerSecond: number;
  /** Visitors running at once (each is a jsdom window); default 8. */
  concurrency?: number;
  seed: number;
  /** Personas to simulate, in turn (default all seven). */
  personas?: readonly Persona[];
  /** The site and the visitors' paces, devices and timing noise (default DEFAULT_CONFIGURATION). */
  configuration?: SimulationConfiguration;
  /** Spread visits over the last N days (0-7); 0 places every visit just before now. */
  backfillDays?: number;
  settings?: Partial<Pick<SnippetConfig, 'batchSize' | 'flushInterval' | 'sessionTimeout'>>;
  maxAttempts?: number;
  retryWaitCapMs?: number;
  onProgress?: (p: Progress) => void;
  /** Called with every finished visitor. */
  onVisitor?: (r: VisitorResult) => void;
};

export type Progress = { done: number; total: number; eventsSent: number; elapsedMs: number; errors: number };

/** One simulated session and the persona behind it: the ground truth a classifier is scored against. */
export type SessionTruth = { sessionId: string; persona: Persona; visitorId?: string; events: number };

export type SimulationResult = {
  visitors: number;
  perPersona: Record<string, { visitors: number; sessions: number; events: number; conversions: number }>;
  sessions: SessionTruth[];
  eventsSent: number;
  eventsLost: number;
  requests: number;
  retries: number;
  /** Distinct error messages with how often each occurred. */
  errors: { message: string; count: number }[];
  elapsedMs: number;
  results: VisitorResult[];
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `visitors` simulated visitors through the real SDK against a server: personas in turn, each plan
 * drawn under the configuration from the run seed and the visitor's index (so a run is reproducible), started at `ratePerSecond`
 * with at most `concurrency` windows open. Stops early when the server refuses events for good (unknown
 * tracking id, origin not allowed), with that reason.
 */
export const runSimulation = async (o: SimulationOptions): Promise<SimulationResult> => {
  const configuration = checkConfiguration(o.configuration ?? DEFAULT_CONFIGURATION);
  const sdk = await loadTrackerScript();
  const personas = o.personas?.length ? o.personas : PERSONAS;
  const concurrency = Math.max(1, o.concurrency ?? 8);
  const rate = o.ratePerSecond > 0 ? o.ratePerSecond : Number.POSITIVE_INFINITY;
  const capacity = Number.isFinite(rate) ? Math.max(1, rate) : Number.POSITIVE_INFINITY;
  const started = performance.now();
  let tokens = Math.min(1, capacity);
  let refilled = started;
  const results: VisitorResult[] = [];
  const running = new Set<Promise<void>>();
  const errorCounts = new Map<string, number>();
  let eventsSent = 0;
  let refusal: string | undefined;
  const gate = new Gate();

  const take = async () => {
    for (;;) {
      const now = performance.now();
      tokens = Math.min(capacity, tokens + ((now - refilled) / 1000) * rate);
      refilled = now;
      if (tokens >= 1) {
        tokens -= 1;
        return;
      }
      await sleep(((1 - tokens) / rate) * 1000);
    }
  };

  const visit = async (index: number) => {
    const persona = personas[index % personas.length]!;
    const seed = deriveSeed(o.seed, index);
    const plan = generatePlan(persona, seed, configuration);
    const offsetRng = createRng(deriveSeed(o.seed ^ 0x5bd1e995, index));
    const span = Math.max(0, (o.backfillDays ?? 0) * DAY_MS - plan.durationMs - 3_600_000);
    const offset = span > 0 ? offsetRng.uniform(0, span) : 0;
    // The visit ends a few seconds before now (or before now minus the backfill offset): never in the future.
    const startAt = Math.floor(Date.now() - offset - plan.durationMs - 5000);
    try {
      const r = await runVisitor({
        plan,
        sdk,
        baseUrl: o.baseUrl,
        trackingId: o.trackingId,
        origin: o.origin,
        startAt,
        settings: o.settings,
        maxAttempts: o.maxAttempts,
        retryWaitCapMs: o.retryWaitCapMs,
        gate,
      });
      results.push(r);
      eventsSent += r.eventsSent;
      for (const e of r.errors) errorCounts.set(e, (errorCounts.get(e) ?? 0) + 1);
      if (r.refusal && r.eventsSent === 0 && r.refusal.status !== 400 && r.refusal.status !== 413)
        refusal ??= `the server refused the events (HTTP ${r.refusal.status}): ${r.refusal.message}`;
      o.onVisitor?.(r);
    } catch (error) {
      const message = `visitor ${index} (${persona}) failed: ${(error as Error).message}`;
      errorCounts.set(message, (errorCounts.get(message) ?? 0) + 1);
    }
    o.onProgress?.({
      done: results.length,
      total: o.visitors,
      eventsSent,
      elapsedMs: performance.now() - started,
      errors: [...errorCounts.values()].reduce((a, b) => a + b, 0),
    });
  };

  for (let i = 0; i < o.visitors && !refusal; i++) {
    while (running.size >= concurrency) await Promise.race(running);
    await take();
    if (refusal) break;
    const p = visit(i).finally(() => running.delete(p));
    running.add(p);
  }
  await Promise.all(running);
  if (refusal) throw new Error(refusal);

  const perPersona: SimulationResult['perPersona'] = {};
  const sessions: SessionTruth[] = [];
  for (const r of results) {
    const row = perPersona[r.persona] ?? { visitors: 0, sessions: 0, events: 0, conversions: 0 };
    perPersona[r.persona] = row;
    row.visitors++;
    row.sessions += r.sessionIds.length;
    row.events += r.eventsSent;
    if (r.goal && r.eventsByType.conversion) row.conversions++;
    for (const id of r.sessionIds)
      sessions.push({ sessionId: id, persona: r.persona, visitorId: r.visitorId, events: r.eventsBySession[id] ?? 0 });
  }
  return {
    visitors: results.length,
    perPersona,
    sessions,
    eventsSent,
    eventsLost: results.reduce((a, r) => a + r.eventsLost, 0),
    requests: results.reduce((a, r) => a + r.requests, 0),
    retries: results.reduce((a, r) => a + r.retries, 0),
    errors: [...errorCounts].map(([message, count]) => ({ message, count })),
    elapsedMs: performance.now() - started,
    results,
  };
};

/** Writes the ground truth as CSV: a `session_id,persona` header and one row per session. */
export const writeTruthCsv = async (path: string, sessions: readonly SessionTruth[]): Promise<void> => {
  const rows = sessions.map((s) => `${s.sessionId},${s.persona}`);
  await writeFile(path, `session_id,persona\n${rows.join('\n')}${rows.length ? '\n' : ''}`);
};
