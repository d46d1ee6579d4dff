type Cell = string | number | null | undefined;

/**
 * One CSV cell: quoted when it holds a comma, quote or line break. Text starting with = + - @ is
 * prefixed with an apostrophe, because page titles and sources come from visitors and a spreadsheet
 * would otherwise run them as formulas. Missing values stay empty, never a made-up figure.
 */
function toCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows to CSV text with CRLF line ends (RFC 4180). */
export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return rows.map((row) => row.map(toCell).join(',')).join('\r\n');
}
