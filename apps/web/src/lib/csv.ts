import { type CsvCell, csvCell } from '@ri/contracts';

/** Rows to CSV text with CRLF line ends (RFC 4180); the cell rules are the server's exports' (`csvCell`). */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
}
