import { describe, expect, it } from 'vitest';
import { cdnowSampleIds, loadCdnowPurchases } from './cdnow.fixture.js';
import { parseCdnowMaster } from './cdnow.js';
import { isoDateToDay } from './purchases.js';

describe('parseCdnowMaster', () => {
  it('reads the published layout', () => {
    const text =
      ' customer_id  date number_of_cds  dollar_value\n 00001 19970101  1   11.77\n 00002 19970112  5   77.00\n\n';
    expect(parseCdnowMaster(text)).toEqual([
      { customerId: '00001', day: isoDateToDay('1997-01-01'), amount: 11.77 },
      { customerId: '00002', day: isoDateToDay('1997-01-12'), amount: 77 },
    ]);
  });

  it('names the line it cannot read', () => {
    expect(() => parseCdnowMaster('header\n 00001 1997-01-01 1 11.77\n')).toThrow(/CDNOW line 2/);
  });

  it('holds the 69,659 purchases of 23,570 customers the data set documents, and the 2,357 of the 1/10 sample', () => {
    const purchases = loadCdnowPurchases();
    expect(purchases).toHaveLength(69_659);
    expect(new Set(purchases.map((p) => p.customerId)).size).toBe(23_570);
    const sample = cdnowSampleIds();
    expect(sample.size).toBe(2_357);
    expect(purchases.filter((p) => sample.has(p.customerId)).length).toBe(6_919);
  });
});
