import { describe, expect, it } from 'vitest';
import { labelConversions } from './business-models.js';
import type { SampleRow } from './readiness-model.repo.js';

const row = (claimed: number, verified: number): SampleRow => ({
  started_at: '2026-11-01T10:00:00Z',
  page_views: 3,
  conversions: claimed,
  conversion_value: claimed * 100,
  verified_conversions: verified,
  verified_value: verified * 80,
  path: [],
  by_type: {},
  converted_at: claimed > 0 ? '2026-11-01T10:05:00Z' : null,
  returning: false,
});

describe('the conversions a refit learns from', () => {
  it("are the browser's claims while no payment integration vouches for any", () => {
    const rows = [row(1, 0), row(0, 0)];
    expect(labelConversions(rows)).toEqual(rows);
  });

  it('are the verified ones once a business has any: a claim alone no longer counts as a sale', () => {
    const [forged, paid, nothing] = labelConversions([row(1, 0), row(1, 1), row(0, 0)]);
    expect(forged).toMatchObject({ conversions: 0, conversion_value: 0, converted_at: null });
    expect(paid).toMatchObject({ conversions: 1, conversion_value: 80 });
    expect(nothing).toMatchObject({ conversions: 0, conversion_value: 0 });
  });
});
