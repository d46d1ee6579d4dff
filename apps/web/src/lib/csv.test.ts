import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and leaves missing values empty', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', null, undefined, 3.5]])).toBe(
      '"a,b","say ""hi""","two\nlines",,,3.5',
    );
  });

  it('defuses text a spreadsheet would run as a formula, but not negative numbers', () => {
    expect(toCsv([['=HYPERLINK("x")', '+1', '@me', -0.32]])).toBe(`"'=HYPERLINK(""x"")",'+1,'@me,-0.32`);
  });

  it('joins rows with CRLF', () => {
    expect(toCsv([['a'], ['b']])).toBe('a\r\nb');
  });
});
