/**
 * How much estimating the lifetime-value model on a sample of the customers changes its forecasts (the server fits
 * at most 50,000; docs/decisions/0035): on CDNOW's usual split, the default model fitted on all 23,570 customers
 * and on samples of 5,000 and 10,000 (the customers whose ids hash lowest, as the server picks them), each
 * forecasting every customer. Prints the parameters, the total error and the MAE.
 *
 *   npx tsx packages/engine/scripts/ltv-sample-check.ts
 */
import { readFileSync } from 'node:fs';
import {
  DEFAULT_LTV_MODEL,
  fitLtv,
  forecastAccuracy,
  forecastCustomer,
  isoDateToDay,
  parseCdnowMaster,
  sampleForFit,
  summarizeCustomers,
  summarizeHoldout,
} from '../src/ltv/index.js';

const purchases = parseCdnowMaster(readFileSync('/work/shared/data/cdnow/CDNOW_master.txt', 'utf8'));
const end = isoDateToDay('1997-09-30')!;
const horizon = 273;
const customers = summarizeCustomers(purchases, end);
const holdout = summarizeHoldout(purchases, end, horizon);
const actual = customers.map((c) => holdout.get(c.customerId)?.transactions ?? 0);
for (const size of [customers.length, 10_000, 5_000]) {
  const fit = fitLtv(sampleForFit(customers, size), DEFAULT_LTV_MODEL);
  const a = forecastAccuracy(
    customers.map((c) => forecastCustomer(fit, c, horizon).expectedPurchases),
    actual,
  );
  const p = Object.entries(fit.purchases.fit.params)
    .map(([k, v]) => `${k}=${(v as number).toPrecision(4)}`)
    .join(' ');
  console.log(
    `${String(size).padStart(6)} customers: ${p}; total ${a.percentError!.toFixed(1)} %, MAE ${a.meanAbsoluteError.toFixed(4)}, corr ${a.correlation!.toFixed(3)}`,
  );
}
