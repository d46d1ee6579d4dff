import { parseCsv } from '../model/csv.js';
import { isoDateToDay, type Purchase } from './purchases.js';

/** The columns a transactions CSV must carry (in any order; other columns are ignored). */
export const TRANSACTION_COLUMNS = ['customer_id', 'date', 'amount'] as const;

/** A problem in a transactions CSV, naming the row (1 = first data row) and column when there is one. */
export class TransactionsInputError extends Error {
  constructor(
    message: string,
    readonly row?: number,
    readonly column?: string,
  ) {
    super(message);
    this.name = 'TransactionsInputError';
  }
}

/**
 * Reads `customer_id,date,amount` CSV text (ISO dates, amounts ≥ 0, one row per purchase) into purchases. Throws
 * {@link TransactionsInputError} for an empty input, a missing column, a row with the wrong number of fields, or
 * the row and column of a value it cannot read.
 */
export function parseTransactionsCsv(text: string): Purchase[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new TransactionsInputError('input is empty: expected the header customer_id,date,amount');
  const names = header.map((h) => h.trim());
  const missing = TRANSACTION_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    throw new TransactionsInputError(
      `missing column(s) ${missing.join(', ')}: expected the header customer_id,date,amount`,
    );
  }
  const [idIndex, dateIndex, amountIndex] = TRANSACTION_COLUMNS.map((c) => names.indexOf(c)) as [
    number,
    number,
    number,
  ];
  const purchases: Purchase[] = [];
  rows.forEach((fields, r) => {
    const row = r + 1;
    const fail = (column: string, what: string) =>
      new TransactionsInputError(`row ${row} (line ${row + 1}), column ${column}: ${what}`, row, column);
    if (fields.length !== header.length) {
      throw new TransactionsInputError(
        `row ${row} (line ${row + 1}) has ${fields.length} fields, the header has ${header.length}`,
        row,
      );
    }
    const customerId = fields[idIndex]!.trim();
    if (customerId === '') throw fail('customer_id', 'is empty');
    const dateText = fields[dateIndex]!.trim();
    const day = isoDateToDay(dateText);
    if (day === null) throw fail('date', `${JSON.stringify(dateText)} is not a date (YYYY-MM-DD)`);
    const amountText = fields[amountIndex]!.trim();
    const amount = Number(amountText);
    if (amountText === '' || !Number.isFinite(amount) || amount < 0) {
      throw fail('amount', `${JSON.stringify(amountText)} is not an amount (a number, 0 or more)`);
    }
    purchases.push({ customerId, day, amount });
  });
  if (purchases.length === 0) throw new TransactionsInputError('no purchases: the input has a header but no rows');
  return purchases;
}
