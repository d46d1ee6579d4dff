/**
 * Judges the attribution models against worlds whose truth is known (packages/simulator/src/attribution-world.ts):
 * each world's visitors meet the trail shop's channels, every visit adds a known effect to the conversion
 * hazard, and a channel's true contribution is the conversions lost in the same world (same seeds) without
 * it. Every model runs on the observed paths only; per model it prints Spearman's rank correlation of the
 * credited conversions against the true contributions, the total variation distance between the credit
 * shares and the truth shares (half the sum of absolute differences: 0 = same split, 1 = disjoint), and a
 * table of shares per channel. The models' defaults were fixed before any world existed; no world was used to
 * choose them.
 *
 *   npx tsx packages/engine/scripts/attribution/evaluate.ts [--visitors 30000] [--world search-led]
 */
import { parseArgs } from 'node:util';
import { ATTRIBUTION_WORLDS, type AttributionWorld, simulateAttributionWorld } from '@ri/simulator';
import {
  ATTRIBUTION_MODELS,
  type AttributionModel,
  attributeAll,
  DEFAULT_ATTRIBUTION_OPTIONS,
  spearmanCorrelation,
} from '../../src/index.js';

const { values } = parseArgs({ options: { visitors: { type: 'string' }, world: { type: 'string', multiple: true } } });
const visitors = values.visitors === undefined ? undefined : Number(values.visitors);
if (visitors !== undefined && !(Number.isInteger(visitors) && visitors >= 100)) {
  throw new Error(`--visitors must be a whole number from 100 (got "${values.visitors}")`);
}
const worlds = ATTRIBUTION_WORLDS.filter((w) => !values.world || values.world.includes(w.name));
if (worlds.length === 0) throw new Error(`--world must be one of ${ATTRIBUTION_WORLDS.map((w) => w.name).join(', ')}`);

const SHORT: Record<AttributionModel, string> = {
  last_click: 'last',
  first_click: 'first',
  linear: 'linear',
  time_decay: 'decay',
  position_based: 'position',
  markov: 'markov',
  shapley: 'shapley',
};
const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);
const rho = (x: number | null) => (x === null ? '   n/a' : x.toFixed(2).padStart(6));

type ModelScore = { model: AttributionModel; spearman: number | null; distance: number; trapShare: number };

function evaluateWorld(world: AttributionWorld): ModelScore[] {
  const credits = attributeAll(world.paths);
  const truthTotal = world.truth.reduce((s, t) => s + t.contribution, 0);
  const truthShare = world.truth.map((t) => t.contribution / truthTotal);
  const traps = new Set(world.truth.filter((t) => t.contribution === 0).map((t) => t.channel));
  const scores = ATTRIBUTION_MODELS.map((model) => {
    const credited = world.truth.map((t) => credits[model].get(t.channel)?.conversions ?? 0);
    const total = credited.reduce((s, x) => s + x, 0);
    const shares = credited.map((x) => x / total);
    return {
      model,
      shares,
      spearman: spearmanCorrelation(
        credited,
        world.truth.map((t) => t.contribution),
      ),
      distance: shares.reduce((s, x, i) => s + Math.abs(x - truthShare[i]!), 0) / 2,
      trapShare: world.truth.reduce((s, t, i) => s + (traps.has(t.channel) ? shares[i]! : 0), 0),
    };
  });

  const { config } = world;
  const attributable = world.paths.filter((p) => p.converted).length;
  console.log(`\n## ${config.name} (seed ${config.seed}, ${config.visitors} visitors, ${config.days} days)`);
  console.log(config.description);
  console.log(
    `${world.paths.length} paths with a touch, ${world.conversions} conversions (${attributable} attributable, ` +
      `${world.unattributableConversions} before any visit); truth = conversions lost without the channel\n`,
  );
  const head = ['channel'.padEnd(32), 'effect', ' truth', ...ATTRIBUTION_MODELS.map((m) => SHORT[m].padStart(7))];
  console.log(head.join(' '));
  world.truth.forEach((t, i) => {
    const row = [
      t.channel.padEnd(32),
      t.effect.toFixed(3).padStart(6),
      `${Math.round(t.contribution)}`.padStart(6),
      ...scores.map((s) => pct(s.shares[i]!)),
    ];
    console.log(`${row.join(' ')}   truth share ${pct(truthShare[i]!).trim()}`);
  });
  console.log(['Spearman ρ'.padEnd(46), ...scores.map((s) => rho(s.spearman).padStart(7))].join(' '));
  console.log(['share distance'.padEnd(46), ...scores.map((s) => s.distance.toFixed(2).padStart(7))].join(' '));
  console.log(['credit to channels with no effect'.padEnd(46), ...scores.map((s) => pct(s.trapShare))].join(' '));
  return scores.map(({ model, spearman, distance, trapShare }) => ({ model, spearman, distance, trapShare }));
}

const started = performance.now();
const { halfLifeDays, positionWeights, shapleyPriorPaths } = DEFAULT_ATTRIBUTION_OPTIONS;
console.log('# Attribution models against a known truth');
console.log(
  `Defaults fixed a priori, not chosen on these worlds: time-decay half-life ${halfLifeDays} days, position-based ` +
    `${positionWeights.first * 100}/${positionWeights.last * 100}, Shapley shrinkage ${shapleyPriorPaths} paths.`,
);
const summary: { name: string; seed: number; scores: ModelScore[] }[] = [];
for (const config of worlds) {
  const world = simulateAttributionWorld(visitors === undefined ? config : { ...config, visitors });
  summary.push({ name: config.name, seed: config.seed, scores: evaluateWorld(world) });
}

console.log(
  '\n## Summary: Spearman ρ of credit against true contribution (share distance; credit to no-effect channels)',
);
for (const { name, seed, scores } of summary) {
  const parts = scores.map(
    (s) => `${SHORT[s.model]} ${rho(s.spearman).trim()} (${s.distance.toFixed(2)}; ${pct(s.trapShare).trim()})`,
  );
  console.log(`${`${name} (seed ${seed})`.padEnd(28)} ${parts.join(' · ')}`);
}
const mean = ATTRIBUTION_MODELS.map((model) => {
  const rhos = summary.map((w) => w.scores.find((s) => s.model === model)!.spearman ?? 0);
  const distances = summary.map((w) => w.scores.find((s) => s.model === model)!.distance);
  return `${SHORT[model]} ${(rhos.reduce((s, x) => s + x, 0) / rhos.length).toFixed(2)} (${(distances.reduce((s, x) => s + x, 0) / distances.length).toFixed(2)})`;
});
console.log(`${'mean'.padEnd(28)} ${mean.join(' · ')}`);
console.log(`\n${summary.length} worlds in ${((performance.now() - started) / 1000).toFixed(1)} s`);
