import type { NeuromindProfile } from '@ri/contracts';
import type { JourneyState } from '../journey/journey-state.js';
import type { SignalState } from '../signals/signal-state.js';
import { type NeuromindFeatureKind, neuromindFeatures } from './neuromind-features.js';
import { type NeuromindModel, standardiseFeatures } from './neuromind-model.js';
import { softmax, softmaxScores } from './softmax-regression.js';

/** One measurement behind the winning profile: a page-type share or a behavioural signal. */
export type NeuromindEvidence = {
  kind: NeuromindFeatureKind;
  /** The feature's name (e.g. `views_reviews`, `scroll_velocity`). */
  name: string;
  /** The measured value in its own unit (a share in [0, 1], seconds, px/s, a count). */
  value: number;
  /** A sentence citing the value, e.g. "62% of page views were reviews and case studies pages". */
  detail: string;
};

/** A session's profile, the probability of every profile and the evidence for the winner. */
export type NeuromindClassification = {
  profile: NeuromindProfile;
  /** The winner's probability, in [0, 1]. */
  confidence: number;
  /** All seven profiles, probabilities summing to 1, most likely first. */
  probabilities: { profile: NeuromindProfile; probability: number }[];
  /** The features that pushed most toward the winner, strongest first (at most NEUROMIND_MAX_EVIDENCE). */
  evidence: NeuromindEvidence[];
};

/** Most evidence items returned. */
export const NEUROMIND_MAX_EVIDENCE = 5;
/** Fewest evidence items returned when that many features push toward the winner at all. */
export const NEUROMIND_MIN_EVIDENCE = 3;
/** Past NEUROMIND_MIN_EVIDENCE, an item must push at least this share of the strongest item's push. */
const EVIDENCE_SHARE = 0.25;

/**
 * Classifies a session into the seven Neuromind profiles from its signal state and journey: the
 * model's softmax probabilities over the standardised features, and as evidence the features whose
 * push toward the winner (class weight × standardised value; weights are centred across classes) is
 * largest, each with its measured value and a sentence. Deterministic. A session with little or no data
 * (no page view yet) still gets the model's probabilities for its near-empty features: they are then
 * close to the profiles' base rates and the confidence is low, so callers should show such a profile as
 * provisional (the evidence then reads "viewed 0 pages" and the like).
 */
export function classifyNeuromind(
  model: NeuromindModel,
  signalState: SignalState,
  journeyState: JourneyState,
): NeuromindClassification {
  const features = neuromindFeatures(signalState, journeyState);
  const z = standardiseFeatures(
    model,
    features.map((f) => f.value),
  );
  const probs = softmax(softmaxScores(model, z));
  const probabilities = model.classes
    .map((profile, k) => ({ profile, probability: probs[k]! }))
    .sort(
      (a, b) => b.probability - a.probability || model.classes.indexOf(a.profile) - model.classes.indexOf(b.profile),
    );
  const winner = probabilities[0]!;
  const w = model.weights[model.classes.indexOf(winner.profile)]!;
  const pushes = features
    .map((f, j) => ({ f, push: w[j]! * z[j]! }))
    .filter((p) => p.push > 0 && p.f.raw !== null)
    .sort((a, b) => b.push - a.push || a.f.name.localeCompare(b.f.name));
  const strongest = pushes[0]?.push ?? 0;
  const evidence = pushes
    .filter((p, i) => i < NEUROMIND_MIN_EVIDENCE || p.push >= EVIDENCE_SHARE * strongest)
    .slice(0, NEUROMIND_MAX_EVIDENCE)
    .map(({ f }) => ({ kind: f.kind, name: f.name, value: Number(f.raw!.toFixed(4)), detail: f.detail }));
  return { profile: winner.profile, confidence: winner.probability, probabilities, evidence };
}
