import { expect, it, vi } from 'vitest';
import { createCoalescedMarks } from './coalesced-marks.js';

type Change = { from?: number; money?: boolean };
const merge = (was: Change = {}, c: Change): Change => ({
  from: was.from === undefined ? c.from : c.from === undefined ? was.from : Math.min(was.from, c.from),
  money: was.money || c.money,
});
const quietLog = () => ({ debug: vi.fn(), error: vi.fn() });

it('merges marks of a key and writes them once', async () => {
  const written: [string, Change][] = [];
  const marks = createCoalescedMarks<Change>({
    flushMs: 60_000,
    merge,
    log: quietLog(),
    what: 'test rollups',
    write: async (k, c) => void written.push([k, c]),
  });
  marks.mark('a', { from: 5 });
  marks.mark('a', { from: 3, money: true });
  marks.mark('b', { from: 9 });
  expect(marks.held('a')).toEqual({ from: 3, money: true });
  await marks.flush('a');
  expect(written).toEqual([['a', { from: 3, money: true }]]);
  await marks.stop();
  expect(written).toEqual([
    ['a', { from: 3, money: true }],
    ['b', { from: 9, money: undefined }],
  ]);
});

it('keeps what the database could not take while it is away, merged with later marks, and writes it when back', async () => {
  let away = true;
  const written: Change[] = [];
  const log = quietLog();
  const marks = createCoalescedMarks<Change>({
    flushMs: 60_000,
    retryMs: 60_000,
    merge,
    log,
    what: 'test rollups',
    write: async (_k, c) => {
      if (away) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      written.push(c);
    },
  });
  marks.mark('a', { from: 5 });
  await marks.flush();
  expect(marks.held('a')).toEqual({ from: 5, money: undefined });
  marks.mark('a', { money: true });
  away = false;
  await marks.stop();
  expect(written).toEqual([{ from: 5, money: true }]);
  expect(log.error).not.toHaveBeenCalled();
});

it('logs any other failure with its error and drops the change, which would fail again', async () => {
  const log = quietLog();
  const marks = createCoalescedMarks<Change>({
    flushMs: 60_000,
    merge,
    log,
    what: 'test rollups',
    write: async () => {
      throw new Error('column "x" does not exist');
    },
  });
  marks.mark('a', { from: 1 });
  await marks.stop();
  expect(marks.held('a')).toBeUndefined();
  expect(log.error).toHaveBeenCalledWith(
    expect.objectContaining({ key: 'a' }),
    'marking test rollups as changed failed',
  );
});
