/**
 * The reconciliation badge: how far a platform's claimed conversions can be checked against the conversions
 * we attribute from tracked sessions.
 *
 *   match rate = tracked sessions / platform clicks (the share of the ad's clicks we saw arrive)
 *
 *   insufficient  the platform reports no conversion count, the ad has no clicks, no tracked session came
 *                 from it, or the match rate is under 20 % (most clicks never reach tracking: the script is
 *                 missing on the landing page or the links lose their UTM tags and click ids)
 *   limited       the match rate is under 60 %, or fewer than 10 conversions on the larger side (platform's or
 *                 ours), so one sale more or less changes the comparison
 *   sufficient    otherwise: most clicks arrive in tracking and there are enough conversions to compare
 *
 * Clicks always outnumber the sessions they start a little (double clicks, people who leave before the page
 * loads), which is why 60 %, not 100 %, counts as matched. More sessions than clicks (people returning through
 * the same tagged link) count as a full match.
 */
import { formatNumber, formatShare } from './ad-format.js';

/** The thresholds of the data-sufficiency badge (see the file's header). */
export const DATA_SUFFICIENCY_RULES = { minMatchRate: 0.2, goodMatchRate: 0.6, minConversions: 10 } as const;

export type DataSufficiencyInput = {
  platform_conversions: number | null;
  attributed_conversions: number;
  tracked_sessions: number;
  clicks: number;
};

export type DataSufficiency = {
  level: 'sufficient' | 'limited' | 'insufficient';
  reason: string;
  match_rate?: number | null;
};

const count = (v: number | null | undefined): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/** Reconciliation badge: how far the platform's claimed conversions can be checked against tracked ones. */
export function dataSufficiency(input: DataSufficiencyInput): DataSufficiency {
  const clicks = count(input.clicks);
  const sessions = count(input.tracked_sessions);
  const attributed = count(input.attributed_conversions);
  const r = DATA_SUFFICIENCY_RULES;
  if (input.platform_conversions === null || !Number.isFinite(input.platform_conversions)) {
    return { level: 'insufficient', reason: 'The platform reports no conversions to check.', match_rate: null };
  }
  const claimed = count(input.platform_conversions);
  if (clicks === 0) {
    return { level: 'insufficient', reason: 'No clicks in this period, so no visits to match.', match_rate: null };
  }
  const matchRate = Math.min(1, sessions / clicks);
  const seen = `${formatNumber(sessions)} tracked ${sessions === 1 ? 'session' : 'sessions'} from ${formatNumber(clicks)} ${clicks === 1 ? 'click' : 'clicks'}`;
  if (sessions === 0) {
    return {
      level: 'insufficient',
      reason: `No tracked sessions from ${formatNumber(clicks)} clicks: check the tracking script on the landing page and that links keep their UTM tags or click ids.`,
      match_rate: 0,
    };
  }
  if (matchRate < r.minMatchRate) {
    return {
      level: 'insufficient',
      reason: `Only ${seen} (${formatShare(matchRate)}, under ${formatShare(r.minMatchRate, 0)}): most clicks never reach tracking.`,
      match_rate: matchRate,
    };
  }
  const conversions = Math.max(claimed, attributed);
  const compared = `${formatNumber(claimed)} claimed by the platform, ${formatNumber(attributed)} attributed by us`;
  if (matchRate < r.goodMatchRate) {
    return {
      level: 'limited',
      reason: `${seen} (${formatShare(matchRate)}, under ${formatShare(r.goodMatchRate, 0)}); ${compared}.`,
      match_rate: matchRate,
    };
  }
  if (conversions < r.minConversions) {
    return {
      level: 'limited',
      reason: `Few conversions to compare: ${compared} (fewer than ${r.minConversions}).`,
      match_rate: matchRate,
    };
  }
  return { level: 'sufficient', reason: `${seen} (${formatShare(matchRate)}); ${compared}.`, match_rate: matchRate };
}
