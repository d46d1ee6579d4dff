import { describe, expect, it } from 'vitest';
import {
  type DailyRevenue,
  densifyHistory,
  MIN_HISTORY_DAYS,
  MIN_HISTORY_ORDERS,
  SimulationHistoryError,
} from './history.js';

const day = (i: number) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
const rows = (days: number, orders = 2, sessions: number | null = 50): DailyRevenue[] =>
  Array.from({ length: days }, (_, i) => ({ date: day(i), sessions, orders, revenue: orders * 30 }));

const reasonOf = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    if (error instanceof SimulationHistoryError) return { reason: error.reason, message: error.message };
    throw error;
  }
  return null;
};

describe('densifyHistory', () => {
  it('fills days missing inside the span with no activity', () => {
    const history = rows(40).filter((_, i) => i !== 10);
    const dense = densifyHistory(history, 365);
    expect(dense.orders).toHaveLength(40);
    expect(dense.orders[10]).toBe(0);
    expect(dense.sessions![10]).toBe(0);
    expect(dense.revenue[10]).toBe(0);
  });

  it('keeps the trailing window only', () => {
    const dense = densifyHistory(rows(100), 60);
    expect(dense.orders).toHaveLength(60);
  });

  it('drops sessions when the latest days lack them, and starts at continuous tracking when it suffices', () => {
    const untracked = [...rows(40), ...rows(10, 2, null).map((r, i) => ({ ...r, date: day(40 + i) }))];
    expect(densifyHistory(untracked, 365).sessions).toBeNull();
    const lateTracking = [...rows(40, 2, null), ...rows(30).map((r, i) => ({ ...r, date: day(40 + i) }))];
    const dense = densifyHistory(lateTracking, 365);
    expect(dense.sessions).toHaveLength(30);
    expect(dense.orders).toHaveLength(30);
  });
});

describe('densifyHistory refuses, naming the reason', () => {
  it('a history shorter than the minimum', () => {
    expect(reasonOf(() => densifyHistory(rows(MIN_HISTORY_DAYS - 1), 365))).toEqual({
      reason: 'too-few-days',
      message: `the history spans ${MIN_HISTORY_DAYS - 1} day(s); a simulation needs at least ${MIN_HISTORY_DAYS}`,
    });
    expect(reasonOf(() => densifyHistory([], 365))?.reason).toBe('too-few-days');
  });

  it('too few orders', () => {
    const thin = rows(60, 0).map((r, i) => ({ ...r, orders: i % 5 === 0 ? 1 : 0 }));
    const refused = reasonOf(() => densifyHistory(thin, 365));
    expect(refused?.reason).toBe('too-few-orders');
    expect(refused?.message).toMatch(`needs at least ${MIN_HISTORY_ORDERS}`);
  });

  it('malformed rows', () => {
    expect(reasonOf(() => densifyHistory([{ date: '2024-02-30', sessions: 1, orders: 0, revenue: 0 }], 365))).toEqual({
      reason: 'invalid-history',
      message: 'row 1 ("2024-02-30"): date is not YYYY-MM-DD',
    });
    expect(reasonOf(() => densifyHistory([...rows(30), rows(1)[0]!], 365))?.message).toMatch(/appears twice/);
    expect(reasonOf(() => densifyHistory([{ ...rows(1)[0]!, orders: 1.5 }], 365))?.message).toMatch(/orders/);
    expect(reasonOf(() => densifyHistory([{ ...rows(1)[0]!, revenue: -1 }], 365))?.message).toMatch(/revenue/);
  });
});
