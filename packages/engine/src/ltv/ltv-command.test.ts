import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../model/csv.js';
import { forecastAccuracy } from './evaluation.js';
import { FORECAST_CSV_HEADER } from './forecast-csv.js';
import { SHOP, SIMULATION_START, simulateShop, toTransactionsCsv } from './ltv-simulation.fixture.js';
import { dayToIsoDate, summarizeHoldout } from './purchases.js';

const SCRIPT = fileURLToPath(new URL('../../scripts/ltv.ts', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx/cli');
const dir = mkdtempSync(join(tmpdir(), 'ltv-command-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `npm run -s ltv -- …args` as the script it names, in `dir`. */
function ltv(...args: string[]) {
  const run = spawnSync(process.execPath, [TSX, SCRIPT, ...args], {
    cwd: dir,
    env: { ...process.env, INIT_CWD: dir },
    encoding: 'utf8',
  });
  return { status: run.status, stderr: run.stderr, stdout: run.stdout };
}

function write(name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return name;
}

const readRows = (name: string) => {
  const [header, ...rows] = parseCsv(readFileSync(join(dir, name), 'utf8'));
  return { header: header!.join(','), rows: new Map(rows.map((r) => [r[0]!, r.slice(1).map(Number)])) };
};

describe('npm run ltv', { timeout: 30_000 }, () => {
  it('forecasts a simulated shop’s holdout from its history', () => {
    const purchases = simulateShop();
    const end = SIMULATION_START + 269;
    const result = ltv(
      '--input',
      write('shop.csv', toTransactionsCsv(purchases)),
      '--calibration-end',
      dayToIsoDate(end),
      '--horizon-days',
      '270',
      '--output',
      'shop-out.csv',
    );
    expect(result.stderr).toMatch(/3000 customers/);
    expect(result.status).toBe(0);
    const { header, rows } = readRows('shop-out.csv');
    expect(header).toBe(FORECAST_CSV_HEADER);
    expect(rows.size).toBe(3000);
    const holdout = summarizeHoldout(purchases, end, 270);
    const ids = [...rows.keys()];
    const purchasesAccuracy = forecastAccuracy(
      ids.map((id) => rows.get(id)![0]!),
      ids.map((id) => holdout.get(id)?.transactions ?? 0),
    );
    expect(Math.abs(purchasesAccuracy.percentError!)).toBeLessThan(10);
    for (const [, [expected, alive, value]] of rows) {
      expect(expected).toBeGreaterThanOrEqual(0);
      expect(alive).toBeGreaterThanOrEqual(0);
      expect(alive).toBeLessThanOrEqual(1);
      expect(value).toBeGreaterThanOrEqual(0);
    }
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('merges same-day purchases, ignores later ones and leaves out customers who had not bought yet', () => {
    const history = toTransactionsCsv(simulateShop({ ...SHOP, customers: 400 }));
    const extra = [
      'split,2024-03-01,10',
      'split,2024-03-01,15', // one transaction of 25 …
      'whole,2024-03-01,25', // … the same as this customer's single one
      'whole,2024-12-01,99', // after the calibration end: ignored
      'later,2024-12-01,40', // first purchase after the calibration end: no row
    ].join('\n');
    const args = ['--calibration-end', '2024-09-26', '--horizon-days', '90'];
    expect(
      ltv('--input', write('mixed.csv', `${history}${extra}\n`), ...args, '--output', 'mixed-out.csv').status,
    ).toBe(0);
    const { rows } = readRows('mixed-out.csv');
    expect(rows.get('split')).toEqual(rows.get('whole'));
    expect(rows.has('later')).toBe(false);
    expect(rows.size).toBe(402);
  });

  it('names the row and column of a bad value, exits non-zero and leaves the previous output alone', () => {
    const rows = Array.from({ length: 16 }, (_, i) => `c${i},1997-01-${String(i + 1).padStart(2, '0')},10`);
    const input = write('bad.csv', ['customer_id,date,amount', ...rows, 'c16,1997-13-01,10'].join('\n'));
    write('kept.csv', 'previous\n');
    const result = ltv(
      '--input',
      input,
      '--calibration-end',
      '1997-09-30',
      '--horizon-days',
      '273',
      '--output',
      'kept.csv',
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('row 17 (line 18), column date: "1997-13-01" is not a date (YYYY-MM-DD)');
    expect(readFileSync(join(dir, 'kept.csv'), 'utf8')).toBe('previous\n');
  });

  it('says when the history is too thin to fit instead of guessing', () => {
    const input = write('once.csv', 'customer_id,date,amount\na,1997-01-01,10\nb,1997-02-01,12\n');
    const result = ltv(
      '--input',
      input,
      '--calibration-end',
      '1997-09-30',
      '--horizon-days',
      '30',
      '--output',
      'once-out.csv',
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/too little history to forecast: no customer has a repeat purchase/);
    expect(existsSync(join(dir, 'once-out.csv'))).toBe(false);
  });

  it('explains a wrong command line with exit code 2', () => {
    const input = write('ok.csv', 'customer_id,date,amount\na,1997-01-01,10\n');
    const missing = ltv('--input', input, '--horizon-days', '30', '--output', 'x.csv');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/missing --calibration-end/);
    expect(missing.stderr).toMatch(/usage: ltv --input/);
    const days = ltv('--input', input, '--calibration-end', '1997-09-30', '--horizon-days', '1.5', '--output', 'x.csv');
    expect(days.stderr).toMatch(/--horizon-days "1.5" is not a whole number of days/);
    const model = ltv(
      '--input',
      input,
      '--calibration-end',
      '1997-09-30',
      '--horizon-days',
      '3',
      '--output',
      'x.csv',
      '--model',
      'x',
    );
    expect(model.stderr).toMatch(/unknown --model "x"/);
    const unreadable = ltv(
      '--input',
      'nope.csv',
      '--calibration-end',
      '1997-09-30',
      '--horizon-days',
      '3',
      '--output',
      'x.csv',
    );
    expect(unreadable.status).toBe(1);
    expect(unreadable.stderr).toContain(`cannot read input ${resolve(dir, 'nope.csv')} (ENOENT)`);
  });
});
