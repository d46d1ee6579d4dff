/**
 * Judges the shipped Neuromind model on simulated businesses it was never fitted or tuned on (the
 * evaluation runs of configurations.ts: a site absent from training, and paces, device mixes and pointer
 * rates outside the training ones). For each business, and for all together, it prints accuracy on the
 * sessions classified, the share classified, recall per profile and the confusion matrix: once with pace
 * read against the business's own baseline, once without a baseline (a business too new to have one).
 * Exits 1 when the overall accuracy with a baseline is under --min-accuracy (90%) or a profile's recall
 * under --min-recall (80%).
 *
 *   npx tsx packages/engine/scripts/neuromind/evaluate.ts [--visitors 350] [--model FILE]
 *     [--min-accuracy 0.9] [--min-recall 0.8] [--processes 2] [--concurrency 4] [--cache DIR] [--markdown]
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { loadNeuromindModel, NEUROMIND_CLASSES, type NeuromindModel, parseNeuromindModel } from '../../src/index.js';
import { EVALUATION_RUNS, runLabel, TRAINED_SITES } from './configurations.js';
import { buildRows, businessBaseline } from './dataset.js';
import { DEFAULT_CONCURRENCY, secondsSince, wholeNumber } from './options.js';
import { combineEvaluations, type Evaluation, evaluateModel, formatEvaluation, markdownMatrix } from './report.js';

const DEFAULT_VISITORS = 350;

const { values } = parseArgs({
  options: {
    visitors: { type: 'string' },
    model: { type: 'string' },
    'min-accuracy': { type: 'string' },
    'min-recall': { type: 'string' },
    processes: { type: 'string' },
    concurrency: { type: 'string' },
    cache: { type: 'string' },
    markdown: { type: 'boolean' },
  },
});

const share = (name: string, value: string | undefined, fallback: number) => {
  const x = value === undefined ? fallback : Number(value);
  if (!(x >= 0 && x <= 1)) throw new Error(`--${name} must be a number from 0 to 1 (got "${value}")`);
  return x;
};
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

async function run() {
  const visitors = wholeNumber('visitors', values.visitors, DEFAULT_VISITORS, 7);
  const concurrency = wholeNumber('concurrency', values.concurrency, DEFAULT_CONCURRENCY);
  const processes = wholeNumber('processes', values.processes, availableParallelism());
  const minAccuracy = share('min-accuracy', values['min-accuracy'], 0.9);
  const minRecall = share('min-recall', values['min-recall'], 0.8);
  const model: NeuromindModel = values.model
    ? parseNeuromindModel(JSON.parse(readFileSync(values.model, 'utf8')))
    : loadNeuromindModel();
  const training = model.training as { runs?: { seed: number }[]; validationRuns?: { seed: number }[] };
  const used = new Set([...(training.runs ?? []), ...(training.validationRuns ?? [])].map((r) => r.seed));
  for (const r of EVALUATION_RUNS) {
    if (used.has(r.seed)) console.warn(`warning: ${runLabel(r)} was used to fit or tune this model: not out of sample`);
  }
  const started = performance.now();
  const log = (line: string) => console.log(`[${secondsSince(started)}] ${line}`);
  log(`simulating ${EVALUATION_RUNS.map(runLabel).join(', ')}; ${visitors} visitors each`);
  const runs = await buildRows(EVALUATION_RUNS, { visitors, concurrency, processes, cacheDir: values.cache, log });

  const withBaseline: Evaluation[] = [];
  const without: Evaluation[] = [];
  console.log('');
  for (const { run, rows } of runs) {
    const seen = TRAINED_SITES.has(run.configuration.site) ? 'a trained site' : 'a site never trained on';
    const e = evaluateModel(model, rows, businessBaseline(rows, run.seed));
    const n = evaluateModel(model, rows, null);
    withBaseline.push(e);
    without.push(n);
    console.log(`${runLabel(run)}, ${seen}: ${JSON.stringify(run.configuration)}`);
    console.log(`  with its own baseline:    ${formatEvaluation(e)[0]}`);
    console.log(`  without a baseline:       ${formatEvaluation(n)[0]}`);
  }
  const all = combineEvaluations(withBaseline);
  const allWithout = combineEvaluations(without);
  console.log('');
  console.log('all evaluation businesses, each against its own baseline:');
  for (const line of formatEvaluation(all)) console.log(`  ${line}`);
  console.log('all evaluation businesses, without a baseline:');
  for (const line of formatEvaluation(allWithout)) console.log(`  ${line}`);
  if (values.markdown) {
    console.log('');
    for (const line of markdownMatrix(all)) console.log(line);
    console.log('');
    for (const line of markdownMatrix(allWithout)) console.log(line);
  }
  console.log('');
  const weakest = NEUROMIND_CLASSES.reduce((a, c) => ((all.recall[c] ?? 0) < (all.recall[a] ?? 0) ? c : a));
  const pass = all.accuracy >= minAccuracy && (all.recall[weakest] ?? 0) >= minRecall;
  console.log(
    `${pass ? 'PASS' : 'FAIL'}: accuracy ${pct(all.accuracy)} (target ${pct(minAccuracy)}) on ${pct(all.coverage)} classified; ` +
      `weakest profile ${weakest} ${pct(all.recall[weakest] ?? 0)} (target ${pct(minRecall)}) (${secondsSince(started)})`,
  );
  if (!pass) process.exit(1);
}

run().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
