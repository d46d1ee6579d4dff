import type { SessionDetail } from '@ri/contracts';
import { downloadTextFile, localDateStamp } from '../../../lib/download';

/** Spec: session-{id}-{date}.json, the date being the day of the export. */
export const sessionExportFileName = (sessionId: string, date: Date = new Date()) =>
  `session-${sessionId}-${localDateStamp(date)}.json`;

/** Downloads everything the detail view received, as pretty JSON. */
export function exportSession(detail: SessionDetail) {
  downloadTextFile(sessionExportFileName(detail.id), JSON.stringify(detail, null, 2), 'application/json');
}
