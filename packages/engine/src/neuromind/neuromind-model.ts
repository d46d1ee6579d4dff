import { NEUROMIND_PROFILES, type NeuromindProfile } from '@ri/contracts';
import { NEUROMIND_FEATURE_NAMES } from './neuromind-features.js';
import storedModel from './neuromind-model.json' with { type: 'json' };
import { fitSoftmaxRegression, type SoftmaxFitReport } from './softmax-regression.js';

/** The model's classes: the contract's seven profiles, in its order (a stored model lists them so). */
export const NEUROMIND_CLASSES = NEUROMIND_PROFILES;

/** The model file's identifier; bumped when its layout changes. */
export const NEUROMIND_MODEL_KIND = 'ri.neuromind.v1';

/**
 * A fitted Neuromind classifier: a multinomial logistic regression over the standardised features
 * ((x − mean) / sd, in `featureNames` order), with class weights centred across classes, and the record
 * of how it was fitted (`training`: seeds, sessions, date, penalty, accuracies; not read by scoring).
 */
export type NeuromindModel = {
  kind: typeof NEUROMIND_MODEL_KIND;
  classes: NeuromindProfile[];
  featureNames: string[];
  means: number[];
  sds: number[];
  /** Per class (in `classes` order), one weight per feature. */
  weights: number[][];
  bias: number[];
  /** Below this probability of the leading profile a session is not classified (chosen on validation data). */
  minConfidence?: number;
  training: Record<string, unknown>;
};

/** A feature constant over the training data (sd below this) gets sd 1: it then moves no score. */
const MIN_SD = 1e-6;
/** Standardised values are clipped to ±this, so one measurement far outside the training range cannot decide alone. */
export const NEUROMIND_Z_CLIP = 6;

/** Mean and (population) standard deviation of every column over its measured (non-null) values. */
function columnStats(rows: readonly (number | null)[][]): { means: number[]; sds: number[] } {
  const d = rows[0]?.length ?? 0;
  const column = (j: number) => rows.map((r) => r[j]).filter((v): v is number => v !== null && v !== undefined);
  const means: number[] = [];
  const sds: number[] = [];
  for (let j = 0; j < d; j++) {
    const xs = column(j);
    const m = xs.reduce((a, v) => a + v, 0) / Math.max(1, xs.length);
    means.push(m);
    const sd = Math.sqrt(xs.reduce((a, v) => a + (v - m) ** 2, 0) / Math.max(1, xs.length));
    sds.push(sd < MIN_SD ? 1 : sd);
  }
  return { means, sds };
}

/**
 * A feature vector standardised with the model's means and standard deviations and clipped to
 * ±NEUROMIND_Z_CLIP; a feature that was not measured (null: no hovers on a touch screen, no page
 * summary yet) reads 0, the average, so it pushes toward no profile.
 */
export function standardiseFeatures(
  model: Pick<NeuromindModel, 'means' | 'sds'>,
  x: readonly (number | null)[],
): number[] {
  return x.map((v, j) => {
    if (v === null) return 0;
    const z = (v - model.means[j]!) / model.sds[j]!;
    return Math.max(-NEUROMIND_Z_CLIP, Math.min(NEUROMIND_Z_CLIP, z));
  });
}

/**
 * Fits the classifier on labelled feature vectors (in NEUROMIND_FEATURE_NAMES order, null where not
 * measured): standardises each feature over its measured values, then fits an L2-penalised softmax regression. `training` is stored as given.
 */
export function fitNeuromindModel(
  rows: readonly (number | null)[][],
  labels: readonly NeuromindProfile[],
  options: { l2: number; maxIterations?: number; training?: Record<string, unknown> },
): { model: NeuromindModel; report: SoftmaxFitReport } {
  const { means, sds } = columnStats(rows);
  const X = rows.map((r) => standardiseFeatures({ means, sds }, r));
  const y = labels.map((l) => NEUROMIND_CLASSES.indexOf(l));
  const { model, report } = fitSoftmaxRegression(X, y, NEUROMIND_CLASSES.length, options);
  return {
    model: {
      kind: NEUROMIND_MODEL_KIND,
      classes: [...NEUROMIND_CLASSES],
      featureNames: [...NEUROMIND_FEATURE_NAMES],
      means,
      sds,
      weights: model.weights,
      bias: model.bias,
      training: options.training ?? {},
    },
    report,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isNumbers = (v: unknown, length: number): v is number[] =>
  Array.isArray(v) && v.length === length && v.every((x) => typeof x === 'number' && Number.isFinite(x));

/**
 * Reads a model from parsed JSON, checking its kind, classes, feature layout (which must match this
 * code's features) and array shapes; throws an Error saying what is wrong otherwise.
 */
export function parseNeuromindModel(json: unknown): NeuromindModel {
  if (!isObject(json) || json.kind !== NEUROMIND_MODEL_KIND)
    throw new Error(`not a ${NEUROMIND_MODEL_KIND} model file`);
  if (JSON.stringify(json.classes) !== JSON.stringify(NEUROMIND_CLASSES)) {
    throw new Error('the model file does not list the seven Neuromind profiles in order');
  }
  if (JSON.stringify(json.featureNames) !== JSON.stringify(NEUROMIND_FEATURE_NAMES)) {
    throw new Error(
      'the model file was fitted on another feature layout; refit it with packages/engine/scripts/neuromind/fit.ts',
    );
  }
  const d = NEUROMIND_FEATURE_NAMES.length;
  const k = NEUROMIND_CLASSES.length;
  const { means, sds, weights, bias } = json;
  if (!isNumbers(means, d) || !isNumbers(sds, d) || sds.some((s) => s <= 0)) {
    throw new Error(`means and sds must be ${d} finite numbers (sds positive)`);
  }
  if (
    !Array.isArray(weights) ||
    weights.length !== k ||
    !weights.every((w) => isNumbers(w, d)) ||
    !isNumbers(bias, k)
  ) {
    throw new Error(`weights must be ${k} rows of ${d} numbers and bias ${k} numbers`);
  }
  return {
    kind: NEUROMIND_MODEL_KIND,
    classes: [...NEUROMIND_CLASSES],
    featureNames: [...NEUROMIND_FEATURE_NAMES],
    means,
    sds,
    weights: weights as number[][],
    bias,
    ...(typeof json.minConfidence === 'number' && json.minConfidence >= 0 && json.minConfidence < 1
      ? { minConfidence: json.minConfidence }
      : {}),
    training: isObject(json.training) ? json.training : {},
  };
}

let loaded: NeuromindModel | undefined;

/** The shipped model (neuromind-model.json beside this file, fitted by scripts/neuromind/fit.ts), parsed once. */
/**
 * Which fitted model this is (its kind and fitting time): stored with every profile it made, so profiles of an
 * older model are recomputed once a newer one is deployed.
 */
export const neuromindModelVersion = (model: NeuromindModel): string =>
  `${model.kind}@${String(model.training.fittedAt ?? 'unknown')}`;

export function loadNeuromindModel(): NeuromindModel {
  loaded ??= parseNeuromindModel(storedModel);
  return loaded;
}
