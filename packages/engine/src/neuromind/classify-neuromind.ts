import type { NeuromindProfile } from '@ri/contracts';
import type { JourneyState } from '../journey/journey-state.js';
import type { SignalState } from '../signals/signal-state.js';
import type { NeuromindBaseline } from './neuromind-baseline.js';
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

/**
 * A session's profile, the probability of every profile and the evidence for the most likely one. A
 * session with too little evidence is not classified: `profile` is null and `unclassifiedReason` says why;
 * `leading` is then only the most likely profile so far.
 */
export type NeuromindClassification = {
  profile: NeuromindProfile | null;
  /** The most likely profile (the profile itself when classified). */
  leading: NeuromindProfile;
  /** Why the session is not classified yet (null when it is). */
  unclassifiedReason: string | null;
  /** The leading profile's probability, in [0, 1]. */
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
 * Below this probability the leading profile is not trusted and the session stays unclassified, unless the
 * model carries its own threshold (`minConfidence`, chosen on its validation runs by fit.ts).
 */
export const NEUROMIND_MIN_CONFIDENCE = 0.5;
/** Fewer page views than this, without a click on a call to action or a conversion, is too little to judge. */
export const NEUROMIND_MIN_PAGE_VIEWS = 2;

const pct = (x: number) => `${Math.round(100 * x)}%`;

/** Why a session is too thin or too split to classify, or null when its profile can be trusted. */
function unclassifiedReason(
  signals: SignalState,
  journey: JourneyState,
  probabilities: { profile: NeuromindProfile; probability: number }[],
  minConfidence: number,
): string | null {
  const views = Math.max(signals.pageViews, journey.pageViews);
  const acted = signals.conversions > 0 || signals.ctaClicks > 0;
  if (views < NEUROMIND_MIN_PAGE_VIEWS && !acted) {
    return views === 0
      ? 'no page viewed yet'
      : 'one page viewed and nothing clicked yet: too little to tell how this visitor decides';
  }
  const [a, b] = probabilities;
  if (a!.probability < minConfidence) {
    return `the evidence is split: ${a!.profile} ${pct(a!.probability)}, ${b!.profile} ${pct(b!.probability)}; no profile reaches ${pct(minConfidence)}`;
  }
  return null;
}

/**
 * Classifies a session into the seven Neuromind profiles from its signal state and journey, its pace read
 * against the business's `baseline` (without one, pace is not judged): the model's softmax probabilities
 * over the standardised features, and as evidence the features whose push toward the leading profile
 * (class weight × standardised value; weights are centred across classes) is largest, each with its
 * measured value and a sentence. A session with fewer than NEUROMIND_MIN_PAGE_VIEWS page views and no
 * click or conversion, or whose leading profile is under the model's `minConfidence`, is not classified
 * (`profile` null, with the reason). Deterministic.
 */
export function classifyNeuromind(
  model: NeuromindModel,
  signalState: SignalState,
  journeyState: JourneyState,
  baseline?: NeuromindBaseline | null,
): NeuromindClassification {
  const features = neuromindFeatures(signalState, journeyState, baseline);
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
  const reason = unclassifiedReason(
    signalState,
    journeyState,
    probabilities,
    model.minConfidence ?? NEUROMIND_MIN_CONFIDENCE,
  );
  return {
    profile: reason ? null : winner.profile,
    leading: winner.profile,
    unclassifiedReason: reason,
    confidence: winner.probability,
    probabilities,
    evidence,
  };
}
