import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chiSquareIndependence } from './chi-square.js';
import { CONVERSION_TEST_RULE, testConversionByGroup } from './conversion-by-group.js';

describe('testConversionByGroup', () => {
  it('says how many more sessions the two largest groups lack', () => {
    expect(
      testConversionByGroup([
        { sessions: 12, converted: 1 },
        { sessions: 3, converted: 0 },
        { sessions: 0, converted: 0 },
      ]),
    ).toEqual({ status: 'too_few_sessions', moreSessionsNeeded: 18 + 27, largestGroups: [12, 3] });
    expect(testConversionByGroup([])).toEqual({
      status: 'too_few_sessions',
      moreSessionsNeeded: 60,
      largestGroups: [0, 0],
    });
    expect(testConversionByGroup([{ sessions: 500, converted: 50 }])).toMatchObject({ moreSessionsNeeded: 30 });
  });

  it('tests the groups with 5 sessions or more, leaving smaller ones out', () => {
    const groups = [
      { sessions: 40, converted: 2 },
      { sessions: 4, converted: 4 },
      { sessions: 60, converted: 15 },
      { sessions: 5, converted: 1 },
    ];
    const result = testConversionByGroup(groups);
    const expected = chiSquareIndependence([
      [2, 38],
      [15, 45],
      [1, 4],
    ])!;
    expect(result).toEqual({ status: 'tested', ...expected, groupsTested: [0, 2, 3], sessionsTested: 105 });
    expect(expected.degreesOfFreedom).toBe(2);
  });

  it('waits for 5 converting and 5 other sessions among those tested', () => {
    expect(
      testConversionByGroup([
        { sessions: 30, converted: 1 },
        { sessions: 30, converted: 3 },
      ]),
    ).toEqual({ status: 'too_few_outcomes', converted: 4, notConverted: 56, groupsTested: [0, 1], sessionsTested: 60 });
    expect(
      testConversionByGroup([
        { sessions: 30, converted: 0 },
        { sessions: 30, converted: 0 },
      ]),
    ).toMatchObject({ status: 'too_few_outcomes', converted: 0 });
  });

  it('runs whenever the minimums are met, with a p-value in [0, 1]', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc
            .integer({ min: 0, max: 300 })
            .chain((n) => fc.integer({ min: 0, max: n }).map((converted) => ({ sessions: n, converted }))),
          { maxLength: 7 },
        ),
        (groups) => {
          const result = testConversionByGroup(groups);
          const large = groups.filter((g) => g.sessions >= CONVERSION_TEST_RULE.minLargeGroupSessions).length;
          expect(result.status === 'too_few_sessions').toBe(large < 2);
          if (result.status === 'tested') {
            expect(result.pValue).toBeGreaterThanOrEqual(0);
            expect(result.pValue).toBeLessThanOrEqual(1);
            expect(result.degreesOfFreedom).toBe(result.groupsTested.length - 1);
          }
        },
      ),
    );
  });
});
