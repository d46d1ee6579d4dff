import { customerExportFileName, type NeuromindProfile } from '@ri/contracts';
import { localDateStamp } from '../../../lib/download';

/** The export's file name with the profile filter and the local date (the server's answer names the UTC date). */
export const localExportFileName = (profile: NeuromindProfile | 'all', date: Date = new Date()) =>
  customerExportFileName(profile, localDateStamp(date));

const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/**
 * Counts the CSV records in a file read in chunks: line feeds outside quoted cells (a name may hold a line break).
 * Bytes, not text: in UTF-8 no byte of a multi-byte character is a quote or a line feed, so a chunk may end
 * anywhere. Answers the running count after each chunk.
 */
export function csvRecordCounter(): (chunk: Uint8Array) => number {
  let records = 0;
  let quoted = false;
  return (chunk) => {
    for (const byte of chunk) {
      if (byte === QUOTE) quoted = !quoted;
      else if (byte === LINE_FEED && !quoted) records += 1;
    }
    return records;
  };
}
