/** One purchase: who bought, on which day (whole days since 1970-01-01, UTC), for how much. */
export type Purchase = { customerId: string; day: number; amount: number };

/**
 * A customer's calibration-period history in the form the customer-base models read (Fader, Hardie & Lee 2005).
 * Purchases on the same day are one transaction with their amounts summed. Times are in `unit` days
 * (1 = days, 7 = weeks), measured from the customer's first purchase:
 * - `frequency` x: repeat transactions (transaction days after the first);
 * - `recency` tₓ: time from the first to the last transaction (0 when x = 0);
 * - `age` T: time from the first transaction to the end of calibration.
 */
export type CustomerSummary = {
  customerId: string;
  frequency: number;
  recency: number;
  age: number;
  /** Value of the first transaction. */
  firstAmount: number;
  /** Mean value of the repeat transactions (the first excluded, as the Gamma-Gamma model reads it); null when x = 0. */
  averageRepeatAmount: number | null;
};

/** What a customer did in a holdout window: transactions (distinct purchase days) and spend. */
export type HoldoutActivity = { transactions: number; spend: number };

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whole days since 1970-01-01 of an ISO calendar date `YYYY-MM-DD`; null when the text is not a real date. */
export function isoDateToDay(text: string): number | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

/** The ISO calendar date `YYYY-MM-DD` of a day number (whole days since 1970-01-01). */
export function dayToIsoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Each customer's transactions in day order: purchases of the same day merged, amounts summed. */
export function groupTransactions(purchases: readonly Purchase[]): Map<string, { day: number; amount: number }[]> {
  const byCustomer = new Map<string, Map<number, number>>();
  for (const p of purchases) {
    let days = byCustomer.get(p.customerId);
    if (!days) {
      days = new Map();
      byCustomer.set(p.customerId, days);
    }
    days.set(p.day, (days.get(p.day) ?? 0) + p.amount);
  }
  const result = new Map<string, { day: number; amount: number }[]>();
  for (const [customerId, days] of byCustomer) {
    result.set(
      customerId,
      [...days].map(([day, amount]) => ({ day, amount })).sort((x, y) => x.day - y.day),
    );
  }
  return result;
}

/**
 * Summarises every customer with a purchase on or before `calibrationEnd` (a day number, inclusive) into
 * frequency, recency and age in units of `unit` days (default 1), in order of first appearance in the input.
 */
export function summarizeCustomers(
  purchases: readonly Purchase[],
  calibrationEnd: number,
  unit = 1,
): CustomerSummary[] {
  const summaries: CustomerSummary[] = [];
  for (const [customerId, transactions] of groupTransactions(purchases)) {
    const calibration = transactions.filter((t) => t.day <= calibrationEnd);
    const first = calibration[0];
    if (!first) continue;
    const last = calibration[calibration.length - 1]!;
    const repeats = calibration.slice(1);
    summaries.push({
      customerId,
      frequency: repeats.length,
      recency: (last.day - first.day) / unit,
      age: (calibrationEnd - first.day) / unit,
      firstAmount: first.amount,
      averageRepeatAmount: repeats.length === 0 ? null : repeats.reduce((s, t) => s + t.amount, 0) / repeats.length,
    });
  }
  return summaries;
}

/**
 * Each customer's transactions and spend in the holdout window (calibrationEnd, calibrationEnd + horizonDays],
 * same-day purchases merged; customers without a purchase there are absent.
 */
export function summarizeHoldout(
  purchases: readonly Purchase[],
  calibrationEnd: number,
  horizonDays: number,
): Map<string, HoldoutActivity> {
  const result = new Map<string, HoldoutActivity>();
  for (const [customerId, transactions] of groupTransactions(purchases)) {
    let count = 0;
    let spend = 0;
    for (const t of transactions) {
      if (t.day > calibrationEnd && t.day <= calibrationEnd + horizonDays) {
        count++;
        spend += t.amount;
      }
    }
    if (count > 0) result.set(customerId, { transactions: count, spend });
  }
  return result;
}
