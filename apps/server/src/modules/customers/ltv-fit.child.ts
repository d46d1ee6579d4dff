// The lifetime-value fit, in a child process so that a slow maximum-likelihood fit never blocks the server's event
// loop. Receives one LtvFitRequest over IPC (purchases as columns), answers one LtvFitReply, exits.
import {
  fitLtv,
  forecastCustomer,
  InsufficientHistoryError,
  isShortHistory,
  type LtvModel,
  sampleForFit,
  summarizeCustomers,
} from '@ri/engine';

export type LtvFitRequest = {
  customerIds: string[];
  days: Int32Array;
  amounts: Float64Array;
  calibrationEnd: number;
  horizonDays: number;
  model: LtvModel;
  /** At most this many customers' histories estimate the parameters; every customer is forecast. */
  fitSample: number;
};
export type LtvFitReply =
  | {
      ok: true;
      model: LtvModel;
      params: Record<string, unknown>;
      customers: number;
      repeatCustomers: number;
      /** How many customers the parameters were estimated on, when a sample of them. */
      sampled: number | null;
      medianAgeDays: number;
      shortHistory: boolean;
      /** Per customer: id, expected purchases, probability alive, expected value over the horizon. */
      ids: string[];
      expectedPurchases: Float64Array;
      pAlive: Float64Array;
      expectedValue: Float64Array;
      /** The child's peak resident memory (KiB). */
      maxRssKb: number;
    }
  | { ok: false; insufficient: boolean; error: string };

process.once('message', (request: LtvFitRequest) => {
  let reply: LtvFitReply;
  try {
    const purchases = request.customerIds.map((customerId, i) => ({
      customerId,
      day: request.days[i]!,
      amount: request.amounts[i]!,
    }));
    const customers = summarizeCustomers(purchases, request.calibrationEnd);
    if (customers.length === 0) throw new InsufficientHistoryError('no purchase on or before today');
    const sample = sampleForFit(customers, request.fitSample);
    const fit = fitLtv(sample, request.model);
    const n = customers.length;
    const expectedPurchases = new Float64Array(n);
    const pAlive = new Float64Array(n);
    const expectedValue = new Float64Array(n);
    customers.forEach((c, i) => {
      const f = forecastCustomer(fit, c, request.horizonDays);
      expectedPurchases[i] = f.expectedPurchases;
      pAlive[i] = f.pAlive;
      expectedValue[i] = f.expectedValue;
    });
    reply = {
      ok: true,
      model: fit.purchases.model,
      params: { purchases: fit.purchases.fit.params, spend: fit.spend.params },
      customers: customers.length,
      repeatCustomers: customers.filter((c) => c.frequency > 0).length,
      sampled: sample.length < customers.length ? sample.length : null,
      medianAgeDays: fit.medianAgeDays,
      shortHistory: isShortHistory(fit, request.horizonDays),
      ids: customers.map((c) => c.customerId),
      expectedPurchases,
      pAlive,
      expectedValue,
      maxRssKb: process.resourceUsage().maxRSS,
    };
  } catch (error) {
    reply = {
      ok: false,
      insufficient: error instanceof InsufficientHistoryError,
      error: error instanceof Error ? error.message : String(error),
    };
  }
  process.send?.(reply, () => process.exit(0));
});
