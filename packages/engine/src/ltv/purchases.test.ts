import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayToIsoDate,
  groupTransactions,
  isoDateToDay,
  type Purchase,
  summarizeCustomers,
  summarizeHoldout,
} from './purchases.js';

const day = (iso: string) => isoDateToDay(iso)!;
const buy = (customerId: string, iso: string, amount: number): Purchase => ({ customerId, day: day(iso), amount });

describe('ISO dates', () => {
  it('reads real calendar dates and refuses the rest', () => {
    expect(isoDateToDay('1970-01-01')).toBe(0);
    expect(isoDateToDay('1997-09-30')! - isoDateToDay('1997-01-01')!).toBe(272);
    expect(isoDateToDay('1996-02-29')).not.toBeNull();
    for (const bad of ['1997-13-01', '1997-02-29', '1997-9-30', '30/09/1997', '1997-09-30T00:00', '']) {
      expect(isoDateToDay(bad)).toBeNull();
    }
  });

  it('round-trips day numbers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20_000, max: 60_000 }), (d) => {
        expect(isoDateToDay(dayToIsoDate(d))).toBe(d);
      }),
    );
  });
});

describe('summarizeCustomers', () => {
  const purchases = [
    buy('a', '1997-01-01', 10),
    buy('a', '1997-01-01', 5), // same day: one transaction of 15
    buy('a', '1997-01-15', 20),
    buy('a', '1997-02-12', 40),
    buy('a', '1997-12-01', 99), // after the calibration end
    buy('b', '1997-03-01', 12),
    buy('c', '1997-10-01', 30), // first purchase after the end: not a customer yet
  ];
  const end = day('1997-03-31');

  it('merges same-day purchases and measures frequency, recency and age from the first purchase', () => {
    const [a, b, ...rest] = summarizeCustomers(purchases, end);
    expect(rest).toEqual([]);
    expect(a).toEqual({
      customerId: 'a',
      frequency: 2,
      recency: 42,
      age: 89,
      firstAmount: 15,
      averageRepeatAmount: 30,
    });
    expect(b).toEqual({
      customerId: 'b',
      frequency: 0,
      recency: 0,
      age: 30,
      firstAmount: 12,
      averageRepeatAmount: null,
    });
  });

  it('measures in weeks when asked', () => {
    const [a] = summarizeCustomers(purchases, end, 7);
    expect(a!.recency).toBe(6);
    expect(a!.age).toBeCloseTo(89 / 7, 12);
  });

  it('counts holdout transactions and spend within the horizon only', () => {
    const holdout = summarizeHoldout(
      [...purchases, buy('b', '1997-04-01', 7), buy('b', '1997-04-01', 3), buy('b', '1997-05-01', 1)],
      end,
      30,
    );
    expect(holdout.get('b')).toEqual({ transactions: 1, spend: 10 });
    expect(holdout.has('a')).toBe(false);
  });

  it('does not depend on the order of the rows', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            customerId: fc.constantFrom('x', 'y', 'z'),
            day: fc.integer({ min: 0, max: 60 }),
            amount: fc.nat(100),
          }),
        ),
        fc.integer({ min: 0, max: 60 }),
        (rows, calibrationEnd) => {
          const sorted = (list: readonly Purchase[]) =>
            summarizeCustomers(list, calibrationEnd).sort((p, q) => p.customerId.localeCompare(q.customerId));
          expect(sorted([...rows].reverse())).toEqual(sorted(rows));
          for (const transactions of groupTransactions(rows).values()) {
            expect(new Set(transactions.map((t) => t.day)).size).toBe(transactions.length);
          }
        },
      ),
    );
  });
});
