/**
 * Fits the Neuromind classifier on simulated sessions and writes packages/engine/src/neuromind/neuromind-model.json.
 * Simulates the training seeds and the validation seed (the real SDK in jsdom against an in-process
 * capture endpoint, one process per core), folds every session as the server does, chooses the L2
 * penalty by accuracy on the validation seed, fits on the training seeds and prints training and
 * validation accuracy with their confusion matrices. The evaluation seed is refused.
 *
 *   npx tsx packages/engine/scripts/neuromind/fit.ts [--seeds 101,102,103] [--visitors 500]
 *     [--validation-seed 201] [--l2 0.01] [--processes 2] [--concurrency 4] [--cache DIR] [--out FILE]
 */
import { renameSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PAGES } from '@ri/simulator';
import {
  fitNeuromindModel,
  inferPageType,
  NEUROMIND_CLASSES,
  NEUROMIND_FEATURE_NAMES,
  type PageType,
} from '../../src/index.js';
import { buildRows, type LabelledRow } from './dataset.js';
import { formatModelJson } from './format-model.js';
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_VISITORS,
  EVALUATION_SEED,
  secondsSince,
  seedList,
  TRAINING_SEEDS,
  VALIDATION_SEED,
  wholeNumber,
} from './options.js';
import { evaluateModel, formatEvaluation } from './report.js';

const DEFAULT_OUT = fileURLToPath(new URL('../../src/neuromind/neuromind-model.json', import.meta.url));
const L2_GRID = [0.001, 0.003, 0.01, 0.03, 0.1];
/** What each category of the synthetic shop must be inferred as. */
const SITE_TYPES: Record<string, PageType> = {
  home: 'home',
  pricing: 'pricing',
  product: 'product',
  proof: 'reviews',
  reassurance: 'faq',
  terms: 'faq',
  authority: 'about',
  experience: 'demo',
  cart: 'cart',
  checkout: 'cart',
  compare: 'comparison',
  blog: 'blog',
};

const { values } = parseArgs({
  options: {
    seeds: { type: 'string' },
    visitors: { type: 'string' },
    'validation-seed': { type: 'string' },
    processes: { type: 'string' },
    l2: { type: 'string' },
    concurrency: { type: 'string' },
    cache: { type: 'string' },
    out: { type: 'string', default: DEFAULT_OUT },
  },
});

const started = performance.now();
const log = (line: string) => console.log(`[${secondsSince(started)}] ${line}`);

function readOptions() {
  const seeds = seedList('seeds', values.seeds, TRAINING_SEEDS);
  const visitors = wholeNumber('visitors', values.visitors, DEFAULT_VISITORS, 7);
  const validationSeed = wholeNumber('validation-seed', values['validation-seed'], VALIDATION_SEED, 0);
  const processes = wholeNumber('processes', values.processes, availableParallelism());
  const concurrency = wholeNumber('concurrency', values.concurrency, DEFAULT_CONCURRENCY);
  const fixedL2 = values.l2 === undefined ? undefined : Number(values.l2);
  if (fixedL2 !== undefined && !(fixedL2 >= 0)) throw new Error(`--l2 must be a number ≥ 0 (got "${values.l2}")`);
  if ([...seeds, validationSeed].includes(EVALUATION_SEED)) {
    throw new Error(`seed ${EVALUATION_SEED} is the evaluation seed: never fit or tune on it`);
  }
  if (seeds.includes(validationSeed)) throw new Error('the validation seed must not be a training seed');
  return { seeds, visitors, validationSeed, processes, concurrency, fixedL2 };
}

/** The thank-you pages belong to the flow that leads there. */
const CONFIRMATION_TYPES: Record<string, PageType> = { '/order-confirmation': 'cart', '/trial-started': 'demo' };

/** Every page of the synthetic shop must be typed as its category says, or the features mean nothing. */
function checkSitePageTypes() {
  const expected = (p: { path: string; category: string }) =>
    p.category === 'confirmation' ? CONFIRMATION_TYPES[p.path] : SITE_TYPES[p.category];
  const wrong = [...PAGES.values()].filter(
    (p) => inferPageType(`https://shop.example${p.path}`, p.title) !== expected(p),
  );
  if (wrong.length)
    throw new Error(`page types disagree with the simulator for ${wrong.map((p) => p.path).join(', ')}`);
}

const tally = (rows: readonly LabelledRow[]) =>
  NEUROMIND_CLASSES.map((c) => `${c} ${rows.filter((r) => r.persona === c).length}`).join(', ');

async function run() {
  const o = readOptions();
  checkSitePageTypes();
  log(
    `simulating training seeds ${o.seeds.join(', ')} and validation seed ${o.validationSeed}, ${o.visitors} visitors each`,
  );
  const bySeed = await buildRows([...o.seeds, o.validationSeed], {
    visitors: o.visitors,
    concurrency: o.concurrency,
    processes: o.processes,
    cacheDir: values.cache,
    log,
  });
  const validation = bySeed.pop()!;
  const simulatedIn = performance.now() - started;
  const train = bySeed.flat();
  log(`training sessions: ${train.length} (${tally(train)}); validation sessions: ${validation.length}`);

  const X = train.map((r) => r.features);
  const y = train.map((r) => r.persona);
  const fit = (l2: number) => fitNeuromindModel(X, y, { l2, maxIterations: 1000 });
  const grid = (o.fixedL2 === undefined ? L2_GRID : [o.fixedL2]).map((l2) => {
    const { model, report } = fit(l2);
    const accuracy = evaluateModel(model, validation).accuracy;
    log(`l2 ${l2}: validation accuracy ${(100 * accuracy).toFixed(1)}% (${report.iterations} iterations)`);
    return { l2, accuracy, model, report };
  });
  // The most accurate penalty; on a tie the stronger one (the simpler model).
  const best = grid.reduce((a, b) => (b.accuracy > a.accuracy || (b.accuracy === a.accuracy && b.l2 > a.l2) ? b : a));
  const trainEval = evaluateModel(best.model, train);
  const validationEval = evaluateModel(best.model, validation);
  // Six significant digits, not decimals: weights and means span several orders of magnitude.
  const compact = (x: number) => Number(x.toPrecision(6));
  const model = {
    ...best.model,
    means: best.model.means.map(compact),
    sds: best.model.sds.map(compact),
    weights: best.model.weights.map((w) => w.map(compact)),
    bias: best.model.bias.map(compact),
    training: {
      fittedAt: new Date().toISOString(),
      data: 'packages/simulator personas (real SDK in jsdom), one session per visitor',
      seeds: o.seeds,
      visitorsPerSeed: o.visitors,
      simulationSeconds: Math.round(simulatedIn / 1000),
      sessions: train.length,
      features: NEUROMIND_FEATURE_NAMES.length,
      l2: best.l2,
      l2Grid: grid.map((g) => ({ l2: g.l2, validationAccuracy: compact(g.accuracy) })),
      iterations: best.report.iterations,
      loss: compact(best.report.loss),
      trainAccuracy: compact(trainEval.accuracy),
      validation: { seed: o.validationSeed, sessions: validation.length, accuracy: compact(validationEval.accuracy) },
      evaluationSeed: EVALUATION_SEED,
    },
  };
  const tmp = `${values.out}.tmp`;
  writeFileSync(tmp, formatModelJson(model));
  renameSync(tmp, values.out!);
  console.log('');
  console.log(`training (seeds ${o.seeds.join(', ')}):`);
  for (const line of formatEvaluation(trainEval)) console.log(`  ${line}`);
  console.log(`validation (seed ${o.validationSeed}):`);
  for (const line of formatEvaluation(validationEval)) console.log(`  ${line}`);
  log(`l2 ${best.l2}; wrote ${values.out}`);
}

run().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
