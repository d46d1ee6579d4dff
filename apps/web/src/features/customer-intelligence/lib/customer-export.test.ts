import { describe, expect, it } from 'vitest';
import { csvRecordCounter, localExportFileName } from './customer-export';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('csvRecordCounter', () => {
  it('counts records, not the line breaks inside quoted cells, across chunks cut anywhere', () => {
    const csv = bytes('Name,Email\r\n"Zoë\r\nSmith",z@example.com\r\n"say ""hi""",\r\nÅsa,\r\n');
    const count = csvRecordCounter();
    let last = 0;
    for (let i = 0; i < csv.length; i += 3) last = count(csv.subarray(i, i + 3));
    expect(last).toBe(4);
  });
});

describe('localExportFileName', () => {
  it('names the profile filter and the local date', () => {
    expect(localExportFileName('Skeptic', new Date(2026, 10, 5, 23, 30))).toBe(
      'customer-analysis-Skeptic-2026-11-05.csv',
    );
    expect(localExportFileName('all', new Date(2026, 0, 9))).toBe('customer-analysis-all-2026-01-09.csv');
  });
});
