import {
  NEUROMIND_PROFILES,
  type NeuromindProfile,
  type ProfileConversionTest,
  type ProfileOutcome,
  type ProfileOutcomesResponse,
  round,
} from '@ri/contracts';
import {
  CONVERSION_TEST_RULE,
  type ConversionByGroupTest,
  type PageType,
  testConversionByGroup,
  wilsonInterval,
} from '@ri/engine';
import type { Db } from '../../db/client.js';
import { type ProfileOutcomeRow, profileOutcomeRows, RETURN_WINDOW_DAYS } from './neuromind-outcomes.repo.js';

/**
 * The page types that define each profile: the content a visitor of that profile is expected to seek
 * (docs/neuromind.md, "Do the profiles hold?"). The one copy of this mapping.
 */
export const PROFILE_PAGE_TYPES: Readonly<Record<NeuromindProfile, readonly PageType[]>> = {
  'Fast-Mover': ['pricing', 'product', 'cart'],
  'Proof-Driven': ['reviews', 'comparison'],
  Reassurer: ['faq'],
  Skeptic: ['pricing', 'faq', 'about'],
  Optimizer: ['comparison', 'pricing'],
  'Authority-Seeker': ['about', 'blog'],
  'Experience-First': ['demo'],
};

/** Below this p-value the verdict says conversion differs by profile. */
const SIGNIFICANCE = 0.05;

const isProfile = (p: string | null): p is NeuromindProfile =>
  p !== null && (NEUROMIND_PROFILES as readonly string[]).includes(p);

const count = (n: number) => n.toLocaleString('en-US');

/** A p-value as a sentence cites it: "< 0.001", else two significant digits (three where two would read 0.050). */
export function formatPValue(p: number): string {
  if (p < 0.001) return '< 0.001';
  const two = Number(p.toPrecision(2));
  return `= ${two >= SIGNIFICANCE && p < SIGNIFICANCE ? p.toPrecision(3) : String(two)}`;
}

/** What the conversion test says, in a sentence a business owner can act on. */
function verdictOf(test: ConversionByGroupTest): string {
  const rule = CONVERSION_TEST_RULE;
  switch (test.status) {
    case 'too_few_sessions':
      return (
        `Not enough classified sessions yet: at least ${count(test.moreSessionsNeeded)} more are needed. The test ` +
        `needs ${rule.minLargeGroups} profiles with ${rule.minLargeGroupSessions} or more finished sessions each; ` +
        `the largest have ${test.largestGroups.map(count).join(' and ')}.`
      );
    case 'too_few_outcomes':
      return test.converted < rule.minEachOutcome
        ? `Not enough conversions yet: the test needs ${rule.minEachOutcome} converting sessions among the ` +
            `profiles with ${rule.minGroupSessions} or more sessions, and there are ${count(test.converted)}.`
        : `Not enough sessions without a conversion yet: the test needs ${rule.minEachOutcome}, and there are ` +
            `${count(test.notConverted)}.`;
    case 'tested':
      return test.pValue < SIGNIFICANCE
        ? `Conversion differs by profile (p ${formatPValue(test.pValue)}): the profiles separate buyers from ` +
            'browsers on this site.'
        : `No difference in conversion between profiles yet (p ${formatPValue(test.pValue)}): over ` +
            `${count(test.sessionsTested)} sessions the profiles do not separate buyers from browsers on this site.`;
  }
}

const rate = (part: number, whole: number) => (whole > 0 ? round(part / whole, 4) : null);
const rounded = (value: number | null, digits: number) => (value === null ? null : round(Number(value), digits));

/**
 * Whether the Neuromind profiles hold on a business's own data: per profile, the conversion rate with its
 * 95% Wilson interval, the return rate, the share of page time on the profile's page types and the mean
 * readiness of its finished sessions of the last `days`; and a chi-square test of profile against conversion.
 */
export async function getNeuromindOutcomes(db: Db, businessId: string, days: number): Promise<ProfileOutcomesResponse> {
  const rows = await profileOutcomeRows(db, businessId, days, PROFILE_PAGE_TYPES);
  const byProfile = new Map<NeuromindProfile, ProfileOutcomeRow>();
  let sessions = 0;
  for (const row of rows) {
    sessions += row.sessions;
    if (isProfile(row.profile)) byProfile.set(row.profile, row);
  }
  // As the readiness refit labels conversions: verified sales once the business has any, else the browser's claims.
  const verified = rows.some((r) => r.verified_converted > 0);
  const convertedOf = (r: ProfileOutcomeRow | undefined) =>
    r ? (verified ? r.verified_converted : r.claimed_converted) : 0;

  const profiles: ProfileOutcome[] = NEUROMIND_PROFILES.map((profile) => {
    const row = byProfile.get(profile);
    const n = row?.sessions ?? 0;
    const converted = convertedOf(row);
    const interval = wilsonInterval(converted, n);
    return {
      profile,
      matched_page_types: [...PROFILE_PAGE_TYPES[profile]],
      sessions: n,
      converted,
      conversion_rate: rate(converted, n),
      conversion_interval: interval && [round(interval[0], 4), round(interval[1], 4)],
      return_rate: rate(row?.returned ?? 0, n),
      matched_content_share: rounded(row?.matched_share ?? null, 4),
      mean_readiness: rounded(row?.mean_readiness ?? null, 1),
    };
  });
  const classified = profiles.reduce((s, p) => s + p.sessions, 0);

  const test = testConversionByGroup(profiles.map((p) => ({ sessions: p.sessions, converted: p.converted })));
  const conversionTest: ProfileConversionTest = {
    status: test.status,
    chi_square: test.status === 'tested' ? round(test.chiSquare, 3) : null,
    degrees_of_freedom: test.status === 'tested' ? test.degreesOfFreedom : null,
    p_value: test.status === 'tested' ? Number(test.pValue.toPrecision(3)) : null,
    profiles_tested: test.status === 'too_few_sessions' ? [] : test.groupsTested.map((i) => NEUROMIND_PROFILES[i]!),
    verdict: verdictOf(test),
  };

  const followed = [...byProfile.values()].filter((r) => r.follow_up_days !== null);
  const followUp =
    classified > 0 ? followed.reduce((s, r) => s + Number(r.follow_up_days) * r.sessions, 0) / classified : null;

  return {
    days,
    sessions,
    classified,
    unclassified: sessions - classified,
    conversion_source: verified ? 'verified' : 'claimed',
    profiles,
    conversion_test: conversionTest,
    notes: {
      conversion: verified
        ? 'A session converted when a payment integration recorded a sale for it; the browser-reported conversions ' +
          'are not counted, because this business has verified sales in the window.'
        : 'A session converted when the site reported a conversion from the browser (no verified sales in the window).',
      return_rate:
        `A return is another session by the same visitor that started within ${RETURN_WINDOW_DAYS} days after. ` +
        `Sessions younger than ${RETURN_WINDOW_DAYS} days are followed only until now` +
        (followUp === null ? '' : ` (${round(followUp, 1)} days on average here)`) +
        ', so return rates are lower bounds; a visitor on another device or browser counts as new.',
      matched_content:
        "Mean share of a session's page time spent on the page types that define its profile; sessions without " +
        'page time are left out.',
    },
    generated_at: new Date().toISOString(),
  };
}
