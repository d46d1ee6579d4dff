import { describe, expect, it } from 'vitest';
import { demoBusiness, ownBusiness } from '../../../test/fixtures';
import { pickCurrentBusiness } from './business-api';

describe('pickCurrentBusiness', () => {
  const list = [demoBusiness, ownBusiness];

  it('uses the stored choice when the user may open it', () => {
    expect(pickCurrentBusiness(list, demoBusiness.id)).toBe(demoBusiness);
  });

  it("falls back to the user's own business, as the server does without a header", () => {
    expect(pickCurrentBusiness(list, null)).toBe(ownBusiness);
    expect(pickCurrentBusiness(list, 'not-a-business-of-mine')).toBe(ownBusiness);
  });

  it('returns null when there is nothing to open', () => {
    expect(pickCurrentBusiness([], null)).toBeNull();
  });
});
