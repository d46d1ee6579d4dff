import { describe, expect, it } from 'vitest';
import { parseUciCsv, UCI_REQUIRED_COLUMNS, UciInputError } from './uci-session.js';

const FULL_HEADER = [
  'Administrative',
  'Administrative_Duration',
  'Informational',
  'Informational_Duration',
  'ProductRelated',
  'ProductRelated_Duration',
  'BounceRates',
  'ExitRates',
  'PageValues',
  'SpecialDay',
  'Month',
  'OperatingSystems',
  'Browser',
  'Region',
  'TrafficType',
  'VisitorType',
  'Weekend',
  'Revenue',
];
const ROWS = [
  '0,0,0,0,10,627.5,0.02,0.05,0,0,Feb,3,3,1,4,Returning_Visitor,TRUE,FALSE',
  '2,53,1,12.5,19,1131.8,0.01,0.02,36.7,0.4,June,2,2,9,13,New_Visitor,FALSE,TRUE',
];

/** The sample as CSV with only `columns`, in that order. */
function csv(columns: string[], rows = ROWS): string {
  const cells = rows.map((r) => r.split(','));
  const pick = (fields: string[]) => columns.map((c) => fields[FULL_HEADER.indexOf(c)]!).join(',');
  return [columns.join(','), ...cells.map(pick)].join('\n');
}

describe('parseUciCsv', () => {
  it('reads the full UCI layout field by field', () => {
    const table = parseUciCsv(csv(FULL_HEADER));
    expect(table.hasPageValues).toBe(true);
    expect(table.hasRevenue).toBe(true);
    expect(table.sessions[1]).toEqual({
      administrative: 2,
      administrativeDuration: 53,
      informational: 1,
      informationalDuration: 12.5,
      productRelated: 19,
      productRelatedDuration: 1131.8,
      bounceRates: 0.01,
      exitRates: 0.02,
      pageValues: 36.7,
      specialDay: 0.4,
      month: 6,
      operatingSystems: 2,
      browser: 2,
      region: 9,
      trafficType: 13,
      visitorType: 'New_Visitor',
      weekend: false,
      revenue: true,
    });
  });

  it('accepts input without Revenue, without PageValues, or without both', () => {
    const noRevenue = parseUciCsv(csv(FULL_HEADER.filter((c) => c !== 'Revenue')));
    expect(noRevenue.hasRevenue).toBe(false);
    expect(noRevenue.sessions.map((s) => s.revenue)).toEqual([null, null]);
    const noPageValues = parseUciCsv(csv(FULL_HEADER.filter((c) => c !== 'PageValues')));
    expect(noPageValues.hasPageValues).toBe(false);
    expect(noPageValues.sessions.map((s) => s.pageValues)).toEqual([null, null]);
    const neither = parseUciCsv(csv(UCI_REQUIRED_COLUMNS.slice()));
    expect([neither.hasPageValues, neither.hasRevenue]).toEqual([false, false]);
    expect(neither.sessions[1]!.productRelatedDuration).toBe(1131.8);
  });

  it('reads columns in any order the same way', () => {
    const reordered = [...FULL_HEADER].reverse();
    expect(parseUciCsv(csv(reordered))).toEqual(parseUciCsv(csv(FULL_HEADER)));
  });

  it('names a missing required column', () => {
    const text = csv(FULL_HEADER.filter((c) => c !== 'ExitRates' && c !== 'Month'));
    expect(() => parseUciCsv(text)).toThrow('missing required column(s): ExitRates, Month');
  });

  it('names the row and column of a value that is not a number', () => {
    const bad = [ROWS[0]!, ROWS[1]!.replace('0.02,36.7', 'abc,36.7')];
    const error = (() => {
      try {
        parseUciCsv(csv(FULL_HEADER, bad));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UciInputError);
    expect(error).toMatchObject({ row: 2, column: 'ExitRates' });
    expect((error as Error).message).toBe('row 2 (line 3), column ExitRates: "abc" is not a number');
  });

  it('rejects an empty number, an unknown month or visitor type, and a short row', () => {
    expect(() => parseUciCsv(csv(FULL_HEADER, [ROWS[0]!.replace('627.5', '')]))).toThrow(
      'row 1 (line 2), column ProductRelated_Duration: "" is not a number',
    );
    expect(() => parseUciCsv(csv(FULL_HEADER, [ROWS[0]!.replace('Feb', 'Febr')]))).toThrow(
      'column Month: "Febr" is not a month',
    );
    expect(() => parseUciCsv(csv(FULL_HEADER, [ROWS[0]!.replace('Returning_Visitor', 'Robot')]))).toThrow(
      'column VisitorType',
    );
    expect(() => parseUciCsv(`${FULL_HEADER.join(',')}\n1,2,3`)).toThrow(
      'row 1 (line 2) has 3 fields, the header has 18',
    );
  });

  it('accepts month names and numbers, and an input with no rows', () => {
    const months = ['Jan', 'jun', 'July', 'Sept', '12'].map((m) => ROWS[0]!.replace('Feb', m));
    expect(parseUciCsv(csv(FULL_HEADER, months)).sessions.map((s) => s.month)).toEqual([1, 6, 7, 9, 12]);
    expect(parseUciCsv(FULL_HEADER.join(',')).sessions).toEqual([]);
    expect(() => parseUciCsv('')).toThrow('input is empty');
  });
});
