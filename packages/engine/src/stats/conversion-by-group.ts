import { chiSquareIndependence } from './chi-square.js';

/** One group's sessions and how many of them converted. */
export type GroupConversions = { readonly sessions: number; readonly converted: number };

/**
 * When a test of conversion by group is worth running. Groups under `minGroupSessions` are left out of the
 * table; the test runs once `minLargeGroups` groups have `minLargeGroupSessions` each, and the tested sessions
 * hold at least `minEachOutcome` that converted and as many that did not (with fewer, the chi-square
 * approximation of the statistic's distribution is poor and one sale decides the answer).
 */
export type ConversionTestRule = {
  readonly minGroupSessions: number;
  readonly minLargeGroups: number;
  readonly minLargeGroupSessions: number;
  readonly minEachOutcome: number;
};

export const CONVERSION_TEST_RULE: ConversionTestRule = {
  minGroupSessions: 5,
  minLargeGroups: 2,
  minLargeGroupSessions: 30,
  minEachOutcome: 5,
};

/** The answer of `testConversionByGroup`: the test, or why it was not run and what it still needs. */
export type ConversionByGroupTest =
  | {
      readonly status: 'tested';
      readonly chiSquare: number;
      readonly degreesOfFreedom: number;
      readonly pValue: number;
      /** Indexes of the groups in the table (those with at least `minGroupSessions`). */
      readonly groupsTested: readonly number[];
      readonly sessionsTested: number;
    }
  | {
      readonly status: 'too_few_sessions';
      /** The fewest further sessions that could let the test run: what the largest groups lack. */
      readonly moreSessionsNeeded: number;
      /** Sessions of the largest groups, largest first (`minLargeGroups` of them). */
      readonly largestGroups: readonly number[];
    }
  | {
      readonly status: 'too_few_outcomes';
      readonly converted: number;
      readonly notConverted: number;
      readonly groupsTested: readonly number[];
      readonly sessionsTested: number;
    };

/**
 * Whether conversion depends on the group: Pearson's chi-square test of independence between group and
 * converted over the groups with at least `rule.minGroupSessions` sessions, once the rule's minimums are met.
 */
export function testConversionByGroup(
  groups: readonly GroupConversions[],
  rule: ConversionTestRule = CONVERSION_TEST_RULE,
): ConversionByGroupTest {
  const largest = groups
    .map((g) => g.sessions)
    .sort((a, b) => b - a)
    .slice(0, rule.minLargeGroups);
  while (largest.length < rule.minLargeGroups) largest.push(0);
  const moreSessionsNeeded = largest.reduce((s, n) => s + Math.max(0, rule.minLargeGroupSessions - n), 0);
  if (moreSessionsNeeded > 0) return { status: 'too_few_sessions', moreSessionsNeeded, largestGroups: largest };

  const groupsTested = groups.flatMap((g, i) => (g.sessions >= rule.minGroupSessions ? [i] : []));
  const tested = groupsTested.map((i) => groups[i]!);
  const sessionsTested = tested.reduce((s, g) => s + g.sessions, 0);
  const converted = tested.reduce((s, g) => s + g.converted, 0);
  const notConverted = sessionsTested - converted;
  const test = chiSquareIndependence(tested.map((g) => [g.converted, g.sessions - g.converted]));
  if (!test || converted < rule.minEachOutcome || notConverted < rule.minEachOutcome) {
    return { status: 'too_few_outcomes', converted, notConverted, groupsTested, sessionsTested };
  }
  return { status: 'tested', ...test, groupsTested, sessionsTested };
}
