/**
 * Validates the customer-lifetime-value models on the CDNOW purchase history (../shared/data/cdnow, beside the
 * repository): for each split it fits every model on the purchases up to the calibration end and compares each
 * customer's forecast over the holdout with what they bought, printing the total repeat purchases predicted
 * against actual (percent error), the mean absolute and root mean squared error per customer and Pearson's
 * correlation, then the same for spend. No model setting was chosen on these splits.
 *
 *   npm run eval:ltv [-- --data path/to/CDNOW_master.txt]
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cdnowSampleIds } from '../src/ltv/cdnow.fixture.js';
import {
  type CustomerSummary,
  DEFAULT_LTV_MODEL,
  dayToIsoDate,
  type ForecastAccuracy,
  fitLtv,
  forecastAccuracy,
  forecastCustomer,
  groupTransactions,
  isoDateToDay,
  LTV_MODELS,
  type LtvFit,
  type LtvModel,
  parseCdnowMaster,
  summarizeCustomers,
  summarizeHoldout,
} from '../src/ltv/index.js';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const DEFAULT_DATA =
  [resolve(REPO_ROOT, '../shared/data/cdnow/CDNOW_master.txt'), '/work/shared/data/cdnow/CDNOW_master.txt'].find((p) =>
    existsSync(p),
  ) ?? resolve(REPO_ROOT, '../shared/data/cdnow/CDNOW_master.txt');

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

/** Fits by calibration end and model, with their fit time: the splits, the usual split's tables and the sweep share them. */
const fitCache = new Map<string, { fit: LtvFit; seconds: number }>();
function fitAt(end: number, customers: readonly CustomerSummary[], model: LtvModel) {
  const key = `${end} ${model}`;
  let entry = fitCache.get(key);
  if (!entry) {
    const started = performance.now();
    const fit = fitLtv(customers, model);
    entry = { fit, seconds: (performance.now() - started) / 1000 };
    fitCache.set(key, entry);
  }
  return entry;
}
const medianOf = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
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
  const medianAge = medianOf(customers.map((c) => c.age));
  console.log(
    `\n## ${split.name}: calibration to ${split.calibrationEnd}, holdout ${split.horizonDays} days ` +
      `(to ${dayToIsoDate(end + split.horizonDays)}), ${customers.length} customers, median history ${medianAge} days`,
  );
  console.log(HEADER);
  const scores = new Map<LtvModel, Scores>();
  for (const model of LTV_MODELS) {
    const { fit, seconds } = fitAt(end, customers, model);
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

/**
 * The usual split on the authors' own data: Fader & Hardie's 1/10 sample (2,357 customers), on which the fitting code
 * reproduces the published estimates. Shows what the textbook models forecast for the holdout the target is judged on.
 */
{
  const ids = cdnowSampleIds();
  const sample = purchases.filter((p) => ids.has(p.customerId));
  const end = isoDateToDay('1997-09-30')!;
  const horizonDays = 273;
  const customers = summarizeCustomers(sample, end);
  const holdout = summarizeHoldout(sample, end, horizonDays);
  const actual = customers.map((c) => holdout.get(c.customerId)?.transactions ?? 0);
  console.log(`\n## Usual split on Fader & Hardie's 1/10 sample (${customers.length} customers): repeat purchases`);
  console.log(HEADER);
  for (const model of LTV_MODELS) {
    const fit = fitLtv(customers, model);
    const forecasts = customers.map((c) => forecastCustomer(fit, c, horizonDays).expectedPurchases);
    console.log(row(`${model} purchases`, forecastAccuracy(forecasts, actual), 4));
  }
}

/** Where the usual split's errors come from: by customer group, and week by week over the holdout. */
{
  const end = isoDateToDay('1997-09-30')!;
  const horizonDays = 273;
  const customers = summarizeCustomers(purchases, end);
  const holdout = summarizeHoldout(purchases, end, horizonDays);
  const fits = LTV_MODELS.map((model) => ({ model, fit: fitAt(end, customers, model).fit }));
  console.log('\n## Usual split by customer group: mean forecast and actual repeat purchases per customer, MAE');
  console.log(
    ['group'.padEnd(26), 'customers', '  actual', ...fits.map((f) => `${f.model} mean / MAE`.padStart(24))].join(' '),
  );
  const groups = [
    { name: 'one-time buyers (x = 0)', test: (x: number) => x === 0 },
    { name: 'repeat buyers (x ≥ 1)', test: (x: number) => x > 0 },
  ];
  for (const group of groups) {
    const members = customers.filter((c) => group.test(c.frequency));
    const actual = members.map((c) => holdout.get(c.customerId)?.transactions ?? 0);
    const cells = fits.map(({ fit }) => {
      const a = forecastAccuracy(
        members.map((c) => forecastCustomer(fit, c, horizonDays).expectedPurchases),
        actual,
      );
      return `${(a.predictedTotal / members.length).toFixed(3)} / ${a.meanAbsoluteError.toFixed(4)}`.padStart(24);
    });
    const mean = actual.reduce((sum, y) => sum + y, 0) / members.length;
    console.log(
      [group.name.padEnd(26), String(members.length).padStart(9), mean.toFixed(3).padStart(8), ...cells].join(' '),
    );
  }
  console.log('\n## Usual split week by week: repeat transactions forecast and made in each holdout week');
  const weeks = Math.floor(horizonDays / 7);
  const made = new Array<number>(weeks).fill(0);
  for (const [, transactions] of groupTransactions(purchases)) {
    for (const t of transactions) {
      const week = Math.floor((t.day - end - 1) / 7);
      if (t.day > end && week < weeks && t !== transactions[0]) made[week]!++;
    }
  }
  const forecast = fits.map(({ fit }) => {
    const cumulative = Array.from({ length: weeks + 1 }, (_, w) =>
      customers.reduce((sum, c) => sum + forecastCustomer(fit, c, 7 * w).expectedPurchases, 0),
    );
    return cumulative.slice(1).map((v, w) => v - cumulative[w]!);
  });
  console.log(['week', 'from'.padEnd(10), 'made', ...fits.map((f) => f.model.padStart(10))].join(' '));
  for (let w = 0; w < weeks; w++) {
    console.log(
      [
        String(w + 1).padStart(4),
        dayToIsoDate(end + 1 + 7 * w),
        String(made[w]).padStart(4),
        ...forecast.map((f) => f[w]!.toFixed(0).padStart(10)),
      ].join(' '),
    );
  }
}

/** Every month-end from 1997-03-31 to 1998-03-31 as a calibration end, each holdout running to the data's end. */
const DATA_END = isoDateToDay('1998-06-30')!;
const MONTH_ENDS = Array.from({ length: 13 }, (_, i) => Date.UTC(1997, 3 + i, 1) / 86_400_000 - 1);

console.log('\n## Sweep: every month-end as the calibration end, holdout to 1998-06-30 (repeat purchases)');
console.log(
  [
    'calibration',
    'horizon',
    'history',
    ...LTV_MODELS.map((model) => `${`${model} error`.padStart(Math.max(13, model.length + 7))}    MAE`),
  ].join(' '),
);
const within = new Map<LtvModel, number>(LTV_MODELS.map((m) => [m, 0]));
const belowBase = new Map<LtvModel, number>(LTV_MODELS.map((m) => [m, 0]));
for (const end of MONTH_ENDS) {
  const horizonDays = DATA_END - end;
  const customers = summarizeCustomers(purchases, end);
  const holdout = summarizeHoldout(purchases, end, horizonDays);
  const actual = customers.map((c) => holdout.get(c.customerId)?.transactions ?? 0);
  const scores = LTV_MODELS.map((model) => {
    const { fit } = fitAt(end, customers, model);
    return forecastAccuracy(
      customers.map((c) => forecastCustomer(fit, c, horizonDays).expectedPurchases),
      actual,
    );
  });
  const base = scores[LTV_MODELS.indexOf(BASELINE)]!;
  LTV_MODELS.forEach((model, i) => {
    if (Math.abs(scores[i]!.percentError ?? Infinity) <= 5) within.set(model, within.get(model)! + 1);
    if (scores[i]!.meanAbsoluteError < base.meanAbsoluteError) belowBase.set(model, belowBase.get(model)! + 1);
  });
  console.log(
    [
      dayToIsoDate(end).padEnd(11),
      `${horizonDays} d`.padStart(7),
      `${medianOf(customers.map((c) => c.age))} d`.padStart(7),
      ...scores.map(
        (a, i) =>
          `${signed(a.percentError).padStart(Math.max(13, LTV_MODELS[i]!.length + 7))} ${a.meanAbsoluteError.toFixed(4).padStart(6)}`,
      ),
    ].join(' '),
  );
}
console.log(`\n## Sweep totals over ${MONTH_ENDS.length} calibration ends`);
for (const model of LTV_MODELS) {
  console.log(
    `${model.padEnd(20)} error within ±5 %: ${String(within.get(model)).padStart(2)}` +
      (model === BASELINE ? '' : `   MAE below ${BASELINE}'s: ${String(belowBase.get(model)).padStart(2)}`),
  );
}
