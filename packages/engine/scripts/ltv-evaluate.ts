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

const fmt = (x: number, digits: number) => x.toFixed(digits);
const row = (label: string, a: ForecastAccuracy, digits: number) =>
  [
    label.padEnd(24),
    fmt(a.predictedTotal, 0).padStart(10),
    fmt(a.actualTotal, 0).padStart(10),
    `${a.percentError === null ? 'n/a' : `${a.percentError >= 0 ? '+' : ''}${fmt(a.percentError, 1)}%`}`.padStart(8),
    fmt(a.meanAbsoluteError, digits).padStart(8),
    fmt(a.rootMeanSquaredError, digits).padStart(8),
    (a.correlation === null ? 'n/a' : fmt(a.correlation, 3)).padStart(6),
  ].join(' ');

console.log(`CDNOW: ${purchases.length} purchases; models fitted by maximum likelihood on each calibration period.`);
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
  console.log(
    [
      'model'.padEnd(24),
      'predicted'.padStart(10),
      'actual'.padStart(10),
      'error'.padStart(8),
      'MAE'.padStart(8),
      'RMSE'.padStart(8),
      '  corr',
    ].join(' '),
  );
  for (const model of LTV_MODELS as readonly LtvModel[]) {
    const started = performance.now();
    const fit = fitLtv(customers, model);
    const seconds = (performance.now() - started) / 1000;
    const forecasts = customers.map((c) => forecastCustomer(fit, c, split.horizonDays));
    const p = fit.purchases.fit.params as Record<string, number>;
    const g = fit.spend.params;
    console.log(
      row(
        `${model} purchases`,
        forecastAccuracy(
          forecasts.map((f) => f.expectedPurchases),
          actualPurchases,
        ),
        4,
      ),
    );
    console.log(
      row(
        `${model} value ($)`,
        forecastAccuracy(
          forecasts.map((f) => f.expectedValue),
          actualSpend,
        ),
        2,
      ),
    );
    console.log(
      `  ${Object.entries(p)
        .map(([k, v]) => `${k}=${v.toPrecision(4)}`)
        .join(' ')}; ` +
        `gamma-gamma p=${g.p.toPrecision(4)} q=${g.q.toPrecision(4)} γ=${g.gamma.toPrecision(4)}; fitted in ${seconds.toFixed(1)} s`,
    );
  }
}
