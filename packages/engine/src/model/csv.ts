/**
 * Splits CSV text into rows of fields (RFC 4180: commas, double-quoted fields with `""` escapes,
 * LF or CRLF line ends). A trailing line end and blank lines are ignored; a UTF-8 BOM is dropped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '' || fieldStarted) rows.push(row);
    row = [];
    field = '';
    fieldStarted = false;
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') {
      quoted = true;
      fieldStarted = true;
    } else if (ch === ',') {
      row.push(field);
      field = '';
      fieldStarted = true;
    } else if (ch === '\n') endRow();
    else if (ch === '\r') {
      if (src[i + 1] !== '\n') endRow();
    } else field += ch;
  }
  if (field !== '' || row.length > 0 || fieldStarted) endRow();
  return rows;
}
