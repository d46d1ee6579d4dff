import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('splits lines and fields, with LF or CRLF and a trailing line end', () => {
    expect(parseCsv('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a,b\r\n1,2\r\n\r\n3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('reads quoted fields with commas, line ends and escaped quotes', () => {
    expect(parseCsv('"x,y","say ""hi""","a\nb"\n')).toEqual([['x,y', 'say "hi"', 'a\nb']]);
  });

  it('drops a byte-order mark and keeps empty fields', () => {
    expect(parseCsv('\ufeffa,,c')).toEqual([['a', '', 'c']]);
  });

  it('round-trips any grid of quoted fields', () => {
    const grid = fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(grid, (rows) => {
        const text = rows.map((r) => r.map((f) => `"${f.replaceAll('"', '""')}"`).join(',')).join('\n');
        expect(parseCsv(text)).toEqual(rows);
      }),
    );
  });
});
