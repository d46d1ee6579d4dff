import type { NeuromindProfile } from '@ri/contracts';
import {
  emptyJourneyState,
  emptySignalState,
  foldEvents,
  foldJourney,
  type JourneyState,
  neuromindFeatures,
  type SignalState,
} from '../../src/index.js';
import { type SimulateSeedsOptions, simulateSeeds } from './simulate-seeds.js';
import type { LabelledSession } from './simulate-sessions.js';

/** A session folded as the server folds it, with its feature vector and true persona. */
export type LabelledRow = {
  sessionId: string;
  persona: NeuromindProfile;
  signals: SignalState;
  journey: JourneyState;
  features: (number | null)[];
};

/** Events arrive in the SDK's batches; folding them at once gives the same states (see the fold tests). */
export function toRow(session: LabelledSession): LabelledRow {
  const signals = foldEvents(emptySignalState(), session.events);
  const journey = foldJourney(emptyJourneyState(), session.events);
  const features = neuromindFeatures(signals, journey).map((f) => f.value);
  return { sessionId: session.sessionId, persona: session.persona, signals, journey, features };
}

/** Simulates the seeds (in parallel processes) and folds every session of each into labelled rows. */
export async function buildRows(seeds: readonly number[], options: SimulateSeedsOptions): Promise<LabelledRow[][]> {
  const bySeed = await simulateSeeds(seeds, options);
  return bySeed.map((sessions) => sessions.filter((s) => s.events.length > 0).map(toRow));
}
