import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LTV_HORIZON_DAYS } from '@ri/contracts';
import { DEFAULT_LTV_MODEL, type LtvForecast, type LtvModel } from '@ri/engine';
import type { SqlExecutor } from '../../db/client.js';
import type { LtvFitReply, LtvFitRequest } from './ltv-fit.child.js';

// The business's lifetime-value model (docs/customers.md, docs/ltv.md): the default customer-base model fitted by
// maximum likelihood on every customer's purchases in the business's main currency, forecasting each customer's
// purchases and spend over the next 12 months and the probability they are still a customer. Too little history
// (fewer than MIN_REPEAT_CUSTOMERS customers who bought twice) says so instead of guessing. Subscriptions use their
// contracted price and the business's own monthly cancellation rate (needs MIN_SUBSCRIPTION_MONTHS of exposure).

export const MIN_REPEAT_CUSTOMERS = 20;
export const MIN_SUBSCRIPTION_MONTHS = 24;
const DAY_MS = 86_400_000;

export type BusinessLtv = {
  status: 'fitted' | 'insufficient_history';
  model: string | null;
  params: Record<string, unknown> | null;
  detail: string;
  currency: string | null;
  customers: number;
  repeatCustomers: number;
  forecasts: Map<string, LtvForecast>;
  /** Peak resident memory of the fitting process (MiB), when it ran. */
  peakMemoryMb?: number;
  /** Share of active subscriptions cancelled per month over the last year; null with too little exposure. */
  monthlyCancellation: number | null;
};

/** How long the default model may take before the BG/NBD is fitted instead (LTV_FIT_BUDGET_SECONDS). */
export const LTV_FIT_BUDGET_MS = 120_000;
/** The most customers whose histories estimate the model's parameters (a sample beyond); all are forecast. */
export const LTV_FIT_SAMPLE = 50_000;

export async function fitBusinessLtv(
  q: SqlExecutor,
  businessId: string,
  now: number,
  fitBudgetMs = LTV_FIT_BUDGET_MS,
  fitSample = LTV_FIT_SAMPLE,
): Promise<BusinessLtv> {
  const main = await q(
    `SELECT currency, count(*) AS n FROM customer_payments WHERE business_id = $1 GROUP BY currency
      ORDER BY n DESC, currency LIMIT 1`,
    [businessId],
  );
  const currency = (main.rows[0]?.currency as string | undefined) ?? null;
  const monthlyCancellation = await subscriptionCancellation(q, businessId, now);
  const empty = (detail: string, customers = 0, repeatCustomers = 0): BusinessLtv => ({
    status: 'insufficient_history',
    model: null,
    params: null,
    detail,
    currency,
    customers,
    repeatCustomers,
    forecasts: new Map(),
    monthlyCancellation,
  });
  if (!currency) return empty('No payments yet: connect Stripe to forecast lifetime value.');
  const { rows } = await q(
    `SELECT customer_id, floor(extract(epoch FROM at) / 86400)::int AS day, amount - refunded AS net
       FROM customer_payments WHERE business_id = $1 AND currency = $2 AND amount > refunded`,
    [businessId, currency],
  );
  const purchases = rows.map((r) => ({
    customerId: r.customer_id as string,
    day: Number(r.day),
    amount: Number(r.net),
  }));
  const calibrationEnd = Math.floor(now / DAY_MS);
  const days = new Map<string, Set<number>>();
  for (const p of purchases) {
    const set = days.get(p.customerId) ?? new Set<number>();
    set.add(p.day);
    days.set(p.customerId, set);
  }
  const repeat = [...days.values()].filter((s) => s.size > 1).length;
  if (repeat < MIN_REPEAT_CUSTOMERS) {
    return empty(
      `${repeat} of ${days.size} paying customers bought on two different days; the forecast needs at least ${MIN_REPEAT_CUSTOMERS}.`,
      days.size,
      repeat,
    );
  }
  const request: LtvFitRequest = {
    customerIds: purchases.map((p) => p.customerId),
    days: Int32Array.from(purchases, (p) => p.day),
    amounts: Float64Array.from(purchases, (p) => p.amount),
    calibrationEnd,
    horizonDays: LTV_HORIZON_DAYS,
    model: DEFAULT_LTV_MODEL,
    fitSample,
  };
  // The default model within its time budget, else the BG/NBD (its fit takes about a second) with the reason.
  let reply = await fitInChild(request, fitBudgetMs);
  let fallback = '';
  if (!reply.ok && !reply.insufficient) {
    fallback = ` The ${MODEL_NAMES[DEFAULT_LTV_MODEL]} fit ${reply.error}; the BG/NBD was fitted instead.`;
    reply = await fitInChild({ ...request, model: 'bg-nbd' }, Math.max(fitBudgetMs, 60_000));
  }
  if (!reply.ok) {
    if (reply.insufficient) return empty(`Cannot fit: ${reply.error}.`, days.size, repeat);
    throw new Error(`the lifetime-value fit failed: ${reply.error}`);
  }
  const fitted = reply;
  const extrapolation = fitted.shortHistory
    ? ` The median customer's history is ${Math.round(fitted.medianAgeDays)} days, under a third of the 365-day horizon: read the forecast as an extrapolation.`
    : '';
  const forecasts = new Map<string, LtvForecast>();
  fitted.ids.forEach((customerId, i) => {
    forecasts.set(customerId, {
      customerId,
      expectedPurchases: fitted.expectedPurchases[i]!,
      pAlive: fitted.pAlive[i]!,
      expectedValue: fitted.expectedValue[i]!,
    });
  });
  return {
    status: 'fitted',
    model: fitted.model,
    params: fitted.params,
    detail: `${MODEL_NAMES[fitted.model]} with Gamma-Gamma spend, fitted on ${fitted.sampled === null ? '' : `a sample of ${fitted.sampled} of `}${fitted.customers} paying customers (${fitted.repeatCustomers} repeat) in ${currency}.${extrapolation}${fallback}`,
    currency,
    customers: fitted.customers,
    repeatCustomers: fitted.repeatCustomers,
    forecasts,
    monthlyCancellation,
    peakMemoryMb: Math.round(fitted.maxRssKb / 1024),
  };
}

const MODEL_NAMES: Record<LtvModel, string> = {
  'bg-nbd': 'BG/NBD',
  'pareto-nbd': 'Pareto/NBD',
  'pareto-nbd-stayers': 'Mover-stayer Pareto/NBD',
};

const CHILD = fileURLToPath(new URL('./ltv-fit.child.ts', import.meta.url));

/** Runs the fit in a child process (tsx loads the TypeScript) and kills it when it takes longer than `budgetMs`. */
function fitInChild(request: LtvFitRequest, budgetMs: number): Promise<LtvFitReply> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: 'inherit' });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(
      () =>
        settle(() => {
          child.kill('SIGKILL');
          resolve({
            ok: false,
            insufficient: false,
            error: `did not finish within ${budgetMs < 1000 ? `${budgetMs} ms` : `${Math.round(budgetMs / 1000)} s`}`,
          });
        }),
      budgetMs,
    );
    child.once('message', (reply: LtvFitReply) => settle(() => resolve(reply)));
    child.once('error', (error) => settle(() => reject(error)));
    child.once('exit', (code) => settle(() => reject(new Error(`the fit process exited with code ${code}`))));
    child.send(request);
  });
}

/** Cancellations over subscription-months at risk in the last 365 days. */
async function subscriptionCancellation(q: SqlExecutor, businessId: string, now: number): Promise<number | null> {
  const { rows } = await q(
    `WITH w AS (SELECT to_timestamp($2 / 1000.0) - interval '365 days' AS since, to_timestamp($2 / 1000.0) AS until)
     SELECT count(*) FILTER (WHERE s.canceled_at >= w.since AND s.canceled_at < w.until) AS cancelled,
            coalesce(sum(greatest(0, extract(epoch FROM least(coalesce(s.canceled_at, w.until), w.until)
                                                  - greatest(s.created_at, w.since)))), 0) / (30.44 * 86400) AS months
       FROM stripe_subscriptions s, w WHERE s.business_id = $1`,
    [businessId, now],
  );
  const months = Number(rows[0]?.months ?? 0);
  if (months < MIN_SUBSCRIPTION_MONTHS) return null;
  return Number(rows[0]?.cancelled ?? 0) / months;
}
