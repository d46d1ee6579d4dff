/**
 * Validates the customer-lifetime-value models on the CDNOW purchase history (../shared/data/cdnow, beside the
 * repository): for each split it fits every model on the purchases up to the calibration end and compares each
 * customer's forecast over the holdout with what they bought, printing the total repeat purchases predicted
 * against actual (percent error), the mean absolute and root mean squared error per customer and Pearson's
 * correlation, then the same for spend. No model setting was chosen on these splits.
 *
 *   npm run eval:ltv [-- --data path/to/CDNOW_master.txt]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  DEFAULT_LTV_MODEL,
  dayToIsoDate,
  type ForecastAccuracy,
  fitLtv,
  forecastAccuracy,
  forecastCustomer,
  isoDateToDay,
  LTV_MODELS,
  type LtvModel,
  parseCdnowMaster,
  summarizeCustomers,
  summarizeHoldout,
} from '../src/ltv/index.js';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const DEFAULT_DATA = resolve(REPO_ROOT, '../shared/data/cdnow/CDNOW_master.txt');

/** Calibration ends and holdout lengths; every holdout ends with the data (1998-06-30). */
const SPLITS = [
  { name: 'usual', calibrationEnd: '1997-09-30', horizonDays: 273 },
  { name: 'early', calibrationEnd: '1997-06-30', horizonDays: 365 },
  { name: 'late', calibrationEnd: '1997-12-31', horizonDays: 181 },
  { name: 'short', calibrationEnd: '1997-04-30', horizonDays: 426 },
];

const { values } = parseArgs({ options: { data: { type: 'string', default: DEFAULT_DATA } } });
const purchases = parseCdnowMaster(readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), values.data!), 'utf8'));

const BASELINE: LtvModel = 'bg-nbd';
const signed = (x: number | null) => (x === null ? 'n/a' : `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`);
const row = (label: string, a: ForecastAccuracy, digits: number) =>
  [
    label.padEnd(22),
    a.predictedTotal.toFixed(0).padStart(10),
    a.actualTotal.toFixed(0).padStart(10),
    signed(a.percentError).padStart(8),
    a.meanAbsoluteError.toFixed(digits).padStart(8),
    a.rootMeanSquaredError.toFixed(digits).padStart(8),
    (a.correlation === null ? 'n/a' : a.correlation.toFixed(3)).padStart(6),
  ].join(' ');
const HEADER = [
  'model'.padEnd(22),
  'predicted',
  'actual'.padStart(10),
  'error'.padStart(8),
  'MAE'.padStart(8),
  'RMSE'.padStart(8),
  '  corr',
].join(' ');

type Scores = { purchases: ForecastAccuracy; value: ForecastAccuracy };
const summary: { split: string; scores: Map<LtvModel, Scores> }[] = [];

console.log(
  `CDNOW: ${purchases.length} purchases. Every model is fitted by maximum likelihood on each calibration period;`,
);
console.log(`the default model is ${DEFAULT_LTV_MODEL}, the baseline ${BASELINE} (both with Gamma-Gamma spend).`);
for (const split of SPLITS) {
  const end = isoDateToDay(split.calibrationEnd)!;
  const customers = summarizeCustomers(purchases, end);
  const holdout = summarizeHoldout(purchases, end, split.horizonDays);
  const actualPurchases = customers.map((c) => holdout.get(c.customerId)?.transactions ?? 0);
  const actualSpend = customers.map((c) => holdout.get(c.customerId)?.spend ?? 0);
  console.log(
    `\n## ${split.name}: calibration to ${split.calibrationEnd}, holdout ${split.horizonDays} days ` +
      `(to ${dayToIsoDate(end + split.horizonDays)}), ${customers.length} customers`,
  );
  console.log(HEADER);
  const scores = new Map<LtvModel, Scores>();
  for (const model of LTV_MODELS) {
    const started = performance.now();
    const fit = fitLtv(customers, model);
    const seconds = (performance.now() - started) / 1000;
    const forecasts = customers.map((c) => forecastCustomer(fit, c, split.horizonDays));
    const result = {
      purchases: forecastAccuracy(
        forecasts.map((f) => f.expectedPurchases),
        actualPurchases,
      ),
      value: forecastAccuracy(
        forecasts.map((f) => f.expectedValue),
        actualSpend,
      ),
    };
    scores.set(model, result);
    console.log(row(`${model} purchases`, result.purchases, 4));
    console.log(row(`${model} value ($)`, result.value, 2));
    const p = Object.entries(fit.purchases.fit.params)
      .map(([k, v]) => `${k}=${(v as number).toPrecision(4)}`)
      .join(' ');
    const g = fit.spend.params;
    console.log(
      `  ${p} (days); gamma-gamma p=${g.p.toPrecision(4)} q=${g.q.toPrecision(4)} γ=${g.gamma.toPrecision(4)}; ` +
        `fitted in ${seconds.toFixed(1)} s`,
    );
  }
  summary.push({ split: split.name, scores });
}

console.log(`\n## Targets: aggregate error within ±5 %; per-customer MAE below the ${BASELINE} baseline's`);
console.log(
  ['split'.padEnd(8), 'model'.padEnd(12), 'purchases: error   MAE<base', ' value: error   MAE<base'].join(' '),
);
for (const { split, scores } of summary) {
  const base = scores.get(BASELINE)!;
  for (const [model, s] of scores) {
    const check = (a: ForecastAccuracy, b: ForecastAccuracy) =>
      `${signed(a.percentError).padStart(8)} ${Math.abs(a.percentError ?? Infinity) <= 5 ? 'ok ' : 'off'} ${
        model === BASELINE ? '   —  ' : a.meanAbsoluteError < b.meanAbsoluteError ? '  yes ' : '  no  '
      }`;
    console.log(
      [
        split.padEnd(8),
        model.padEnd(12),
        `       ${check(s.purchases, base.purchases)}`,
        `  ${check(s.value, base.value)}`,
      ].join(' '),
    );
  }
}
