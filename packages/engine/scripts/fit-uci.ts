/**
 * Fits the conversion prior on the UCI Online Shoppers data set and writes it to
 * packages/engine/src/model/uci-prior.json. Prints 5-fold cross-validated ROC-AUC and Brier score of
 * both models (with and without PageValues) first.
 *
 *   npx tsx packages/engine/scripts/fit-uci.ts [--data train.csv] [--out uci-prior.json] [--no-cv]
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { READINESS_BANDS } from '@ri/contracts';
import {
  type CrossValidation,
  crossValidateConversion,
  DEFAULT_BOOST_PARAMS,
  type FitOptions,
  fitConversionModels,
  formatJson,
  fromUciSession,
  MODEL_PRIOR_KIND,
  type ModelPrior,
  parseUciCsv,
  readinessBand,
  readinessFromProbability,
  storeModelPrior,
  UCI_ATTRIBUTION,
} from '../src/model/index.js';

const DEFAULT_DATA = '/work/shared/data/online-shoppers/train.csv';
const DEFAULT_OUT = fileURLToPath(new URL('../src/model/uci-prior.json', import.meta.url));
const FOLDS = 5;
const CV_SEED = 2024;
const SHIPPED_CALIBRATION = 'platt' as const;

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: DEFAULT_DATA },
    out: { type: 'string', default: DEFAULT_OUT },
    'no-cv': { type: 'boolean', default: false },
  },
});

const table = parseUciCsv(readFileSync(values.data!, 'utf8'));
if (!table.hasRevenue || !table.hasPageValues) {
  console.error(`${values.data}: fitting needs the Revenue and PageValues columns`);
  process.exit(1);
}
const sessions = table.sessions.map(fromUciSession);
const labels = table.sessions.map((s): number => (s.revenue ? 1 : 0));
const positives = labels.reduce((s, y) => s + y, 0);
console.log(
  `${values.data}: ${sessions.length} sessions, ${positives} converted (${((100 * positives) / sessions.length).toFixed(1)}%)`,
);

const options = (usePageValue: boolean): FitOptions => ({
  usePageValue,
  boost: DEFAULT_BOOST_PARAMS,
  calibrationFolds: FOLDS,
  seed: 7,
});
const f4 = (x: number) => x.toFixed(4);

/** Sessions per readiness band and their actual conversion rate, from out-of-fold probabilities. */
function bandTable(cv: CrossValidation) {
  return READINESS_BANDS.map((band) => {
    const rows = cv.outOfFold.flatMap((p, i) => (readinessBand(readinessFromProbability(p)) === band ? [i] : []));
    const converted = rows.filter((i) => labels[i] === 1).length;
    return {
      band,
      sessions: rows.length,
      conversionRate: rows.length ? Number((converted / rows.length).toFixed(3)) : 0,
    };
  });
}

function report(name: string, cv: Record<string, CrossValidation>) {
  const shipped = cv[SHIPPED_CALIBRATION]!;
  console.log(
    `\n${name}: ${FOLDS}-fold stratified cross-validation (seed ${CV_SEED}), ${SHIPPED_CALIBRATION} calibration`,
  );
  for (const f of shipped.folds)
    console.log(`  fold ${f.fold + 1} (${f.size} sessions)  AUC ${f4(f.auc)}  Brier ${f4(f.brier)}`);
  for (const [scoring, r] of Object.entries(cv)) {
    console.log(`  mean ${scoring.padEnd(12)}  AUC ${f4(r.meanAuc)}  Brier ${f4(r.meanBrier)}`);
  }
  for (const b of bandTable(shipped)) {
    console.log(
      `  ${b.band.padEnd(16)}  ${String(b.sessions).padStart(5)} sessions, ${(100 * b.conversionRate).toFixed(1)}% converted`,
    );
  }
}

const summary = (cv: Record<string, CrossValidation>) => {
  const shipped = cv[SHIPPED_CALIBRATION]!;
  // toFixed, not the engine's round: it rounds decimal ties differently, and the stored prior was written so.
  const fixed4 = (x: number) => Number(x.toFixed(4));
  return {
    auc: shipped.folds.map((f) => fixed4(f.auc)),
    brier: shipped.folds.map((f) => fixed4(f.brier)),
    meanAuc: fixed4(shipped.meanAuc),
    meanBrier: fixed4(shipped.meanBrier),
    uncalibratedMeanBrier: fixed4(cv.uncalibrated!.meanBrier),
    isotonicMeanAuc: fixed4(cv.isotonic!.meanAuc),
    isotonicMeanBrier: fixed4(cv.isotonic!.meanBrier),
    bands: bandTable(shipped),
  };
};

const crossValidation: Record<string, unknown> = { folds: FOLDS, seed: CV_SEED, stratified: true };
if (!values['no-cv']) {
  for (const [key, name, usePageValue] of [
    ['withPageValue', 'All columns', true],
    ['withoutPageValue', 'Without PageValues', false],
  ] as const) {
    const started = Date.now();
    const cv = crossValidateConversion(sessions, labels, options(usePageValue), FOLDS, CV_SEED);
    report(name, cv);
    console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    crossValidation[key] = summary(cv);
  }
}

console.log('\nFitting the final models on all sessions …');
const withPageValue = fitConversionModels(sessions, labels, options(true))[SHIPPED_CALIBRATION];
const withoutPageValue = fitConversionModels(sessions, labels, options(false))[SHIPPED_CALIBRATION];

const prior: ModelPrior = {
  kind: MODEL_PRIOR_KIND,
  attribution: UCI_ATTRIBUTION,
  training: {
    fittedAt: new Date().toISOString(),
    data: 'UCI Online Shoppers Purchasing Intention, training part (train.csv)',
    sessions: sessions.length,
    converted: positives,
    model: 'gradient-boosted trees (logistic loss), Platt scaling fitted on 5-fold out-of-fold log-odds',
    boost: DEFAULT_BOOST_PARAMS,
    crossValidation: values['no-cv'] ? 'not run' : crossValidation,
  },
  withPageValue,
  withoutPageValue,
};
const text = formatJson(storeModelPrior(prior));
const temp = `${values.out!}.${process.pid}.tmp`;
writeFileSync(temp, text);
renameSync(temp, values.out!);
console.log(`Wrote ${values.out} (${(text.length / 1024).toFixed(0)} KiB)`);
