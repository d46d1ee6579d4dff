import type { Calibration } from './calibration.js';
import { type ConversionModel, loadTree, type StoredTree, storeTree } from './conversion-model.js';
import { featureNames } from './session-features.js';

/** Credit owed to the data set the prior is fitted on (CC BY 4.0 requires it on derived works). */
export type Attribution = {
  dataset: string;
  source: string;
  authors: string[];
  paper: string;
  doi: string;
  licence: string;
  licenceUrl: string;
  notice: string;
};

/** The attribution of the UCI Online Shoppers Purchasing Intention data set. */
export const UCI_ATTRIBUTION: Attribution = {
  dataset: 'Online Shoppers Purchasing Intention Dataset',
  source: 'UCI Machine Learning Repository, dataset 468',
  authors: ['C. Okan Sakar', 'S. Olcay Polat', 'Mete Katircioglu', 'Yomi Kastro'],
  paper:
    "Real-time prediction of online shoppers' purchasing intention using multilayer perceptron and LSTM recurrent neural networks, Neural Computing and Applications 31(10):6893-6908 (2019)",
  doi: '10.1007/s00521-018-3523-0',
  licence: 'CC BY 4.0',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
  notice:
    'This file is a model derived from the Online Shoppers Purchasing Intention Dataset (Sakar et al., 2019), fitted on 8,631 of its sessions; the data set is licensed CC BY 4.0 and this model is shared under the same attribution.',
};

/** A conversion model as stored in JSON: trees packed as StoredTree. */
export type StoredConversionModel = Omit<ConversionModel, 'trees'> & { trees: StoredTree[] };

/** The model file's identifier; bumped when its layout changes. */
export const MODEL_PRIOR_KIND = 'ri.conversion-prior.v1';

/** Where the fitted UCI prior is stored (read it with parseModelPrior). */
export const UCI_PRIOR_URL = new URL('./uci-prior.json', import.meta.url);

/** The prior the scorer loads: two models (with and without the page-value signal) and their provenance. */
export type ModelPrior = {
  kind: typeof MODEL_PRIOR_KIND;
  attribution: Attribution;
  /** How the prior was fitted and how it cross-validated; kept for the record, not read by scoring. */
  training: Record<string, unknown>;
  withPageValue: ConversionModel;
  withoutPageValue: ConversionModel;
};

/** A conversion model with its trees packed, ready for JSON. */
export const storeConversionModel = (m: ConversionModel): StoredConversionModel => ({
  ...m,
  trees: m.trees.map(storeTree),
});

/** The JSON-ready form of a prior, trees packed. */
export function storeModelPrior(prior: ModelPrior): Record<string, unknown> {
  const pack = storeConversionModel;
  return {
    kind: prior.kind,
    attribution: prior.attribution,
    training: prior.training,
    withPageValue: pack(prior.withPageValue),
    withoutPageValue: pack(prior.withoutPageValue),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function readCalibration(v: unknown, where: string): Calibration {
  if (isObject(v) && v.method === 'platt' && typeof v.slope === 'number' && typeof v.intercept === 'number') {
    return { method: 'platt', slope: v.slope, intercept: v.intercept };
  }
  if (isObject(v) && v.method === 'isotonic' && Array.isArray(v.x) && Array.isArray(v.y) && v.x.length > 0) {
    return { method: 'isotonic', x: v.x as number[], y: v.y as number[] };
  }
  throw new Error(`${where}.calibration is not a Platt or isotonic calibration`);
}

/**
 * Reads a stored conversion model from parsed JSON, checking that its feature layout matches this code's;
 * throws an Error naming `where` otherwise.
 */
export function parseConversionModel(v: unknown, usesPageValue: boolean, where: string): ConversionModel {
  if (!isObject(v) || typeof v.baseScore !== 'number' || !Array.isArray(v.trees) || !Array.isArray(v.featureNames)) {
    throw new Error(`${where} is not a stored conversion model`);
  }
  const expected = featureNames(usesPageValue);
  if (v.usesPageValue !== usesPageValue || JSON.stringify(v.featureNames) !== JSON.stringify(expected)) {
    throw new Error(`${where} was fitted on another feature layout; refit it with packages/engine/scripts/fit-uci.ts`);
  }
  return {
    usesPageValue,
    featureNames: expected,
    baseScore: v.baseScore,
    trees: (v.trees as StoredTree[]).map(loadTree),
    calibration: readCalibration(v.calibration, where),
  };
}

/**
 * Reads a prior from parsed JSON, checking its kind, attribution and that each model's feature
 * layout matches this code's; throws an Error saying what is wrong otherwise.
 */
export function parseModelPrior(json: unknown): ModelPrior {
  if (!isObject(json) || json.kind !== MODEL_PRIOR_KIND) throw new Error(`not a ${MODEL_PRIOR_KIND} model file`);
  const attribution = json.attribution;
  if (!isObject(attribution) || attribution.licence !== 'CC BY 4.0' || typeof attribution.dataset !== 'string') {
    throw new Error('the model file lacks its data set attribution');
  }
  return {
    kind: MODEL_PRIOR_KIND,
    attribution: attribution as Attribution,
    training: isObject(json.training) ? json.training : {},
    withPageValue: parseConversionModel(json.withPageValue, true, 'withPageValue'),
    withoutPageValue: parseConversionModel(json.withoutPageValue, false, 'withoutPageValue'),
  };
}
