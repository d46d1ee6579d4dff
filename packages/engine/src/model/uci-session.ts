import { parseCsv } from './csv.js';

/** How the UCI data set labels a visitor. */
export type UciVisitorType = 'Returning_Visitor' | 'New_Visitor' | 'Other';

/**
 * One session of the UCI Online Shoppers Purchasing Intention data set, field for field. Counts and
 * seconds are per page type; rates are Google Analytics' bounce and exit rates in [0, 1];
 * `pageValues` is null when the input has no PageValues column; `revenue` is null when unlabelled.
 */
export type UciSession = {
  administrative: number;
  administrativeDuration: number;
  informational: number;
  informationalDuration: number;
  productRelated: number;
  productRelatedDuration: number;
  bounceRates: number;
  exitRates: number;
  pageValues: number | null;
  specialDay: number;
  /** 1 (January) to 12 (December). */
  month: number;
  operatingSystems: number;
  browser: number;
  region: number;
  trafficType: number;
  visitorType: UciVisitorType;
  weekend: boolean;
  revenue: boolean | null;
};

/** A UCI CSV read into sessions, with which optional columns it carried. */
export type UciTable = { sessions: UciSession[]; hasPageValues: boolean; hasRevenue: boolean };

/** A problem in UCI input, naming the row (1 = first data row) and column when there is one. */
export class UciInputError extends Error {
  constructor(
    message: string,
    readonly row?: number,
    readonly column?: string,
  ) {
    super(message);
    this.name = 'UciInputError';
  }
}

const NUMERIC_COLUMNS = [
  'Administrative',
  'Administrative_Duration',
  'Informational',
  'Informational_Duration',
  'ProductRelated',
  'ProductRelated_Duration',
  'BounceRates',
  'ExitRates',
  'SpecialDay',
  'OperatingSystems',
  'Browser',
  'Region',
  'TrafficType',
] as const;

/** The columns every UCI input must have; PageValues and Revenue are optional. */
export const UCI_REQUIRED_COLUMNS: readonly string[] = [...NUMERIC_COLUMNS, 'Month', 'VisitorType', 'Weekend'];

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

const VISITOR_TYPES: Record<string, UciVisitorType> = {
  returning_visitor: 'Returning_Visitor',
  new_visitor: 'New_Visitor',
  other: 'Other',
};

const BOOLEANS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

type Cell = { value: string; row: number; column: string };

const fail = (c: Cell, what: string) =>
  new UciInputError(`row ${c.row} (line ${c.row + 1}), column ${c.column}: ${what}`, c.row, c.column);

function readNumber(c: Cell): number {
  const text = c.value.trim();
  const value = Number(text);
  if (text === '' || !Number.isFinite(value)) throw fail(c, `${JSON.stringify(c.value)} is not a number`);
  return value;
}

function readMonth(c: Cell): number {
  const text = c.value.trim().toLowerCase();
  const byName = MONTHS[text];
  if (byName) return byName;
  const n = Number(text);
  if (text !== '' && Number.isInteger(n) && n >= 1 && n <= 12) return n;
  throw fail(c, `${JSON.stringify(c.value)} is not a month (Jan … Dec)`);
}

function readEnum<T>(c: Cell, table: Record<string, T>, expected: string): T {
  const value = table[c.value.trim().toLowerCase()];
  if (value === undefined) throw fail(c, `${JSON.stringify(c.value)} is not ${expected}`);
  return value;
}

/**
 * Reads UCI-format CSV text into sessions. The header decides the layout: columns may come in any
 * order, PageValues and Revenue may be absent, unknown columns are ignored. Throws UciInputError naming
 * a missing column, or the row and column of a value that cannot be read.
 */
export function parseUciCsv(text: string): UciTable {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new UciInputError('input is empty: expected a header line with the UCI column names');
  const index = new Map(header.map((name, i) => [name.trim(), i] as const));
  const missing = UCI_REQUIRED_COLUMNS.filter((name) => !index.has(name));
  if (missing.length > 0) throw new UciInputError(`missing required column(s): ${missing.join(', ')}`);
  const hasPageValues = index.has('PageValues');
  const hasRevenue = index.has('Revenue');

  const sessions = rows.map((fields, r): UciSession => {
    const row = r + 1;
    if (fields.length !== header.length) {
      throw new UciInputError(
        `row ${row} (line ${row + 1}) has ${fields.length} fields, the header has ${header.length}`,
        row,
      );
    }
    const cell = (column: string): Cell => ({ value: fields[index.get(column)!]!, row, column });
    const num = (column: string) => readNumber(cell(column));
    return {
      administrative: num('Administrative'),
      administrativeDuration: num('Administrative_Duration'),
      informational: num('Informational'),
      informationalDuration: num('Informational_Duration'),
      productRelated: num('ProductRelated'),
      productRelatedDuration: num('ProductRelated_Duration'),
      bounceRates: num('BounceRates'),
      exitRates: num('ExitRates'),
      pageValues: hasPageValues ? num('PageValues') : null,
      specialDay: num('SpecialDay'),
      month: readMonth(cell('Month')),
      operatingSystems: num('OperatingSystems'),
      browser: num('Browser'),
      region: num('Region'),
      trafficType: num('TrafficType'),
      visitorType: readEnum(cell('VisitorType'), VISITOR_TYPES, 'Returning_Visitor, New_Visitor or Other'),
      weekend: readEnum(cell('Weekend'), BOOLEANS, 'TRUE or FALSE'),
      revenue: hasRevenue ? readEnum(cell('Revenue'), BOOLEANS, 'TRUE or FALSE') : null,
    };
  });
  return { sessions, hasPageValues, hasRevenue };
}
