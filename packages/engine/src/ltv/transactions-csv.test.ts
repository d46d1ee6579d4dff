import { describe, expect, it } from 'vitest';
import { isoDateToDay } from './purchases.js';
import { parseTransactionsCsv, TransactionsInputError } from './transactions-csv.js';

const error = (text: string) => {
  try {
    parseTransactionsCsv(text);
  } catch (e) {
    return e as TransactionsInputError;
  }
  throw new Error('expected an error');
};

describe('parseTransactionsCsv', () => {
  it('reads purchases, columns in any order, quoted ids, CRLF and extra columns', () => {
    const text = 'amount,date,customer_id,note\r\n12.50,1997-01-01,"a,1",x\r\n0,1997-01-02,b,\r\n';
    expect(parseTransactionsCsv(text)).toEqual([
      { customerId: 'a,1', day: isoDateToDay('1997-01-01'), amount: 12.5 },
      { customerId: 'b', day: isoDateToDay('1997-01-02'), amount: 0 },
    ]);
  });

  it('names the row and column of a value it cannot read', () => {
    const rows = Array.from({ length: 16 }, (_, i) => `c${i},1997-01-${String(i + 1).padStart(2, '0')},10`);
    const e = error(['customer_id,date,amount', ...rows, 'c16,1997-13-01,10'].join('\n'));
    expect(e).toBeInstanceOf(TransactionsInputError);
    expect(e.message).toBe('row 17 (line 18), column date: "1997-13-01" is not a date (YYYY-MM-DD)');
    expect([e.row, e.column]).toEqual([17, 'date']);
    expect(error('customer_id,date,amount\na,1997-02-30,1').message).toMatch(/row 1 .*column date: "1997-02-30"/);
    expect(error('customer_id,date,amount\na,1997-01-01,-5').message).toBe(
      'row 1 (line 2), column amount: "-5" is not an amount (a number, 0 or more)',
    );
    expect(error('customer_id,date,amount\na,1997-01-01,ten').message).toMatch(/column amount: "ten"/);
    expect(error('customer_id,date,amount\n,1997-01-01,1').message).toBe(
      'row 1 (line 2), column customer_id: is empty',
    );
  });

  it('refuses an input it cannot use, saying why', () => {
    expect(error('').message).toMatch(/input is empty/);
    expect(error('customer,date,value\na,1997-01-01,1').message).toBe(
      'missing column(s) customer_id, amount: expected the header customer_id,date,amount',
    );
    expect(error('customer_id,date,amount\n').message).toMatch(/no purchases/);
    expect(error('customer_id,date,amount\na,1997-01-01').message).toBe(
      'row 1 (line 2) has 2 fields, the header has 3',
    );
  });
});
