import type { LiveSession, TimeRange } from '@ri/contracts';
import { toCsv } from '../../../lib/csv';
import { downloadTextFile, localDateStamp } from '../../../lib/download';
import { roundOrBlank } from '../../../lib/format';

/** The nine columns of the sessions export (spec doc 2, section 9), in the Session entity's terms. */
export const SESSION_EXPORT_COLUMNS = [
  'Session ID',
  'Profile',
  'Readiness Score',
  'Conversion Probability',
  'Scroll Velocity (px/s)',
  'CTA Hover Time (s)',
  'Source',
  'Device',
  'Status',
] as const;

/** The sessions as CSV; a value the server does not have is an empty cell. */
export function sessionsToCsv(sessions: readonly LiveSession[]): string {
  return toCsv([
    SESSION_EXPORT_COLUMNS,
    ...sessions.map((session) => [
      session.session_id,
      session.neuromind_profile,
      roundOrBlank(session.readiness_score, 1),
      roundOrBlank(session.conversion_probability, 4),
      roundOrBlank(session.behavioral_signals.scroll_velocity, 1),
      roundOrBlank(session.behavioral_signals.cta_hover_time, 2),
      session.source,
      session.device_type,
      session.end_time ? 'Completed' : 'Live',
    ]),
  ]);
}

/** Spec: the file name carries the time frame and the date. */
export const sessionsExportFileName = (timeFrame: TimeRange, date: Date = new Date()) =>
  `digital-body-language-sessions-${timeFrame}-${localDateStamp(date)}.csv`;

export function downloadSessionsCsv(sessions: readonly LiveSession[], timeFrame: TimeRange) {
  downloadTextFile(sessionsExportFileName(timeFrame), sessionsToCsv(sessions), 'text/csv;charset=utf-8');
}
