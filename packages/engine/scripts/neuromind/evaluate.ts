/**
 * Scores the shipped Neuromind model on sessions simulated with a seed it was never fitted or tuned on
 * (9001 by default): prints accuracy, recall per profile and the 7×7 confusion matrix; exits 1 when
 * accuracy is under the threshold (85%).
 *
 *   npx tsx packages/engine/scripts/neuromind/evaluate.ts [--seed 9001] [--visitors 700]
 *     [--model FILE] [--min-accuracy 0.85] [--concurrency 4]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadNeuromindModel, type NeuromindModel, parseNeuromindModel } from '../../src/index.js';
import { toRow } from './dataset.js';
import { DEFAULT_CONCURRENCY, EVALUATION_SEED, secondsSince, wholeNumber } from './options.js';
import { evaluateModel, formatEvaluation } from './report.js';
import { simulateSessions } from './simulate-sessions.js';

const DEFAULT_VISITORS = 700;
const MIN_ACCURACY = 0.85;

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    visitors: { type: 'string' },
    model: { type: 'string' },
    'min-accuracy': { type: 'string' },
    concurrency: { type: 'string' },
  },
});

async function run() {
  const seed = wholeNumber('seed', values.seed, EVALUATION_SEED, 0);
  const visitors = wholeNumber('visitors', values.visitors, DEFAULT_VISITORS, 7);
  const concurrency = wholeNumber('concurrency', values.concurrency, DEFAULT_CONCURRENCY);
  const minAccuracy = values['min-accuracy'] === undefined ? MIN_ACCURACY : Number(values['min-accuracy']);
  if (!(minAccuracy >= 0 && minAccuracy <= 1)) throw new Error('--min-accuracy must be a number from 0 to 1');
  const model: NeuromindModel = values.model
    ? parseNeuromindModel(JSON.parse(readFileSync(values.model, 'utf8')))
    : loadNeuromindModel();
  const training = model.training as { seeds?: number[]; validation?: { seed?: number } };
  if (training.seeds?.includes(seed) || training.validation?.seed === seed) {
    console.warn(`warning: seed ${seed} was used to fit or tune this model; the figure below is not out of sample`);
  }
  const started = performance.now();
  const log = (line: string) => console.log(`[${secondsSince(started)}] ${line}`);
  log(`simulating seed ${seed}, ${visitors} visitors`);
  const sessions = await simulateSessions({ seed, visitors, concurrency, log });
  const rows = sessions.filter((s) => s.events.length > 0).map(toRow);
  const evaluation = evaluateModel(model, rows);
  console.log('');
  console.log(`Neuromind classifier on seed ${seed} (fitted on seeds ${training.seeds?.join(', ') ?? '?'}):`);
  for (const line of formatEvaluation(evaluation)) console.log(`  ${line}`);
  console.log('');
  const pass = evaluation.accuracy >= minAccuracy;
  console.log(
    `${pass ? 'PASS' : 'FAIL'}: accuracy ${(100 * evaluation.accuracy).toFixed(1)}% ${pass ? '≥' : '<'} ${(100 * minAccuracy).toFixed(0)}% (${secondsSince(started)})`,
  );
  if (!pass) process.exit(1);
}

run().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
