import type { NeuromindProfile } from '@ri/contracts';
import {
  computeNeuromindBaseline,
  emptyJourneyState,
  emptySignalState,
  foldEvents,
  foldJourney,
  type JourneyState,
  type NeuromindBaseline,
  neuromindFeatures,
  type SignalState,
} from '../../src/index.js';
import type { Run } from './configurations.js';
import { type SimulateSeedsOptions, simulateSeeds } from './simulate-seeds.js';
import type { LabelledSession } from './simulate-sessions.js';

/** A session folded as the server folds it, with its true persona. */
export type LabelledRow = {
  sessionId: string;
  persona: NeuromindProfile;
  signals: SignalState;
  journey: JourneyState;
};

/** One simulated business: its run and its sessions. */
export type RunRows = { run: Run; rows: LabelledRow[] };

/** Events arrive in the SDK's batches; folding them at once gives the same states (see the fold tests). */
export function toRow(session: LabelledSession): LabelledRow {
  const signals = foldEvents(emptySignalState(), session.events);
  const journey = foldJourney(emptyJourneyState(), session.events);
  return { sessionId: session.sessionId, persona: session.persona, signals, journey };
}

/** Simulates the runs (in parallel processes) and folds every session of each into labelled rows. */
export async function buildRows(runs: readonly Run[], options: SimulateSeedsOptions): Promise<RunRows[]> {
  const byRun = await simulateSeeds(runs, options);
  return byRun.map((sessions, i) => ({ run: runs[i]!, rows: sessions.filter((s) => s.events.length > 0).map(toRow) }));
}

/** A small deterministic generator (mulberry32) for the baselines' resampling. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A business's baseline from a run's sessions, as a real business would have it: its visitors are not the
 * simulator's even mix of personas, so the sessions are resampled (300, with replacement) with a random
 * weight per persona (log-normal, sigma 0.8). Each call with another `seed` draws another mix.
 */
export function businessBaseline(rows: readonly LabelledRow[], seed: number): NeuromindBaseline | null {
  const random = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const weight = new Map<string, number>();
  for (const r of rows) if (!weight.has(r.persona)) weight.set(r.persona, Math.exp(0.8 * normal()));
  const cumulative: number[] = [];
  let total = 0;
  for (const r of rows) {
    total += weight.get(r.persona)!;
    cumulative.push(total);
  }
  const sample = Array.from({ length: 300 }, () => {
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return rows[lo]!;
  });
  return computeNeuromindBaseline(sample);
}

/** The feature vectors of rows read against a baseline (null: a business too new to have one). */
export const featureRows = (rows: readonly LabelledRow[], baseline: NeuromindBaseline | null) =>
  rows.map((r) => neuromindFeatures(r.signals, r.journey, baseline).map((f) => f.value));
