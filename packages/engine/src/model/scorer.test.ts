import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';
import { rocAuc } from './metrics.js';
import { parseModelPrior } from './model-prior.js';
import { createRandom, shuffle } from './prng.js';
import { SCORE_CSV_HEADER, scoreSession, scoreUciCsv } from './scorer.js';
import { fromUciSession } from './session-features.js';
import { parseUciCsv } from './uci-session.js';

const prior = parseModelPrior(JSON.parse(readFileSync(new URL('./uci-prior.json', import.meta.url), 'utf8')));
const TRAIN_CSV = '/work/shared/data/online-shoppers/train.csv';

const COLUMNS = [
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
] as const;

type Row = Record<(typeof COLUMNS)[number], string>;

const count = (max: number) => fc.integer({ min: 0, max }).map(String);
const seconds = fc.double({ min: 0, max: 20_000, noNaN: true }).map((x) => x.toFixed(3));
const rate = fc.double({ min: 0, max: 0.2, noNaN: true }).map((x) => x.toFixed(4));
const arbRow: fc.Arbitrary<Row> = fc.record({
  Administrative: count(30),
  Administrative_Duration: seconds,
  Informational: count(25),
  Informational_Duration: seconds,
  ProductRelated: count(700),
  ProductRelated_Duration: seconds,
  BounceRates: rate,
  ExitRates: rate,
  PageValues: fc.oneof(
    fc.constant('0'),
    fc.double({ min: 0, max: 400, noNaN: true }).map((x) => x.toFixed(2)),
  ),
  SpecialDay: fc.constantFrom('0', '0.2', '0.4', '0.6', '0.8', '1'),
  Month: fc.constantFrom('Feb', 'Mar', 'May', 'June', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'),
  OperatingSystems: count(8),
  Browser: count(13),
  Region: count(9),
  TrafficType: count(20),
  VisitorType: fc.constantFrom('Returning_Visitor', 'New_Visitor', 'Other'),
  Weekend: fc.constantFrom('TRUE', 'FALSE'),
});

const toCsv = (rows: Row[], columns: readonly string[]) =>
  [columns.join(','), ...rows.map((r) => columns.map((c) => r[c as keyof Row]).join(','))].join('\n');

const withoutPageValues = COLUMNS.filter((c) => c !== 'PageValues');

describe('scoreUciCsv', () => {
  it('keeps every score in range, with or without PageValues', () => {
    fc.assert(
      fc.property(fc.array(arbRow, { minLength: 1, maxLength: 20 }), fc.boolean(), (rows, hasPageValues) => {
        const { scores, csv } = scoreUciCsv(toCsv(rows, hasPageValues ? COLUMNS : withoutPageValues), prior);
        expect(scores).toHaveLength(rows.length);
        expect(csv.split('\n')).toHaveLength(rows.length + 2);
        for (const s of scores) {
          expect(s.readinessScore).toBeGreaterThanOrEqual(0);
          expect(s.readinessScore).toBeLessThanOrEqual(100);
          expect(s.conversionProbability).toBeGreaterThanOrEqual(0);
          expect(s.conversionProbability).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('makes the readiness score a monotone function of the conversion probability', () => {
    fc.assert(
      fc.property(fc.array(arbRow, { minLength: 2, maxLength: 30 }), (rows) => {
        const { scores } = scoreUciCsv(toCsv(rows, COLUMNS), prior);
        for (const a of scores) {
          for (const b of scores) {
            if (a.conversionProbability < b.conversionProbability) {
              expect(a.readinessScore).toBeLessThanOrEqual(b.readinessScore);
            }
            if (a.conversionProbability === b.conversionProbability) expect(a.readinessScore).toBe(b.readinessScore);
          }
        }
      }),
    );
  });

  it("does not let row or column order change any row's result", () => {
    fc.assert(
      fc.property(fc.array(arbRow, { minLength: 1, maxLength: 15 }), fc.integer(), (rows, seed) => {
        const random = createRandom(seed);
        const order = shuffle(
          rows.map((_, i) => i),
          random,
        );
        const columns = shuffle(COLUMNS, random);
        const straight = scoreUciCsv(toCsv(rows, COLUMNS), prior).scores;
        const shuffled = scoreUciCsv(
          toCsv(
            order.map((i) => rows[i]!),
            columns,
          ),
          prior,
        ).scores;
        order.forEach((original, position) => {
          expect(shuffled[position]).toEqual(straight[original]);
        });
      }),
    );
  });

  it('writes the header and one line per row, and uses the model without page value when the column is absent', () => {
    const rows = fc.sample(arbRow, { numRuns: 3, seed: 1 });
    const full = scoreUciCsv(toCsv(rows, COLUMNS), prior);
    const lines = full.csv.trimEnd().split('\n');
    expect(lines[0]).toBe(SCORE_CSV_HEADER);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^\d{1,3}\.\d{2},[01]\.\d{6}$/);
    expect(full.usedPageValue).toBe(true);

    const partial = scoreUciCsv(toCsv(rows, withoutPageValues), prior);
    expect(partial.usedPageValue).toBe(false);
    const sessions = parseUciCsv(toCsv(rows, withoutPageValues)).sessions.map(fromUciSession);
    expect(partial.scores).toEqual(sessions.map((s) => scoreSession(prior, s)));
  });

  it('names the row and column of a bad value', () => {
    const rows = fc.sample(arbRow, { numRuns: 3, seed: 2 });
    rows[2] = { ...rows[2]!, BounceRates: 'n/a' };
    expect(() => scoreUciCsv(toCsv(rows, COLUMNS), prior)).toThrow('row 3 (line 4), column BounceRates');
  });
});

describe('sanity check on training data (not the held-out target)', () => {
  it.skipIf(!existsSync(TRAIN_CSV))(
    'ranks a 2,000-row sample of train.csv with AUC above 0.9 from the written scores',
    () => {
      const [header, ...rows] = parseCsv(readFileSync(TRAIN_CSV, 'utf8'));
      const revenue = header!.indexOf('Revenue');
      const sample = shuffle(rows, createRandom(2000)).slice(0, 2000);
      const labels = sample.map((r) => (r[revenue] === 'TRUE' ? 1 : 0));
      const unlabelled = [header!, ...sample].map((r) => r.filter((_, i) => i !== revenue).join(',')).join('\n');
      const written = parseCsv(scoreUciCsv(unlabelled, prior).csv).slice(1);
      expect(written).toHaveLength(2000);
      expect(
        rocAuc(
          written.map((line) => Number(line[0])),
          labels,
        ),
      ).toBeGreaterThan(0.9);
    },
  );
});
