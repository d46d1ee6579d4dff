import { describe, expect, it } from 'vitest';
import {
  BUYING_EVIDENCE,
  featureNames,
  fromUciSession,
  monotoneConstraints,
  type SessionFeatures,
  toFeatureVector,
} from './session-features.js';
import type { UciSession } from './uci-session.js';

const uci: UciSession = {
  administrative: 2,
  administrativeDuration: 60,
  informational: 0,
  informationalDuration: -1,
  productRelated: 8,
  productRelatedDuration: 400,
  bounceRates: 0.01,
  exitRates: 0.03,
  pageValues: 24,
  specialDay: 0.2,
  month: 11,
  operatingSystems: 2,
  browser: 4,
  region: 3,
  trafficType: 2,
  visitorType: 'Returning_Visitor',
  weekend: true,
  revenue: null,
};

describe('fromUciSession', () => {
  it('maps pages and time by type, engagement, page value, seasonality, visitor and context', () => {
    expect(fromUciSession(uci)).toEqual({
      pageViews: { admin: 2, info: 0, product: 8 },
      dwellSeconds: { admin: 60, info: 0, product: 400 },
      bounceRate: 0.01,
      exitRate: 0.03,
      pageValue: 24,
      specialDay: 0.2,
      month: 11,
      isWeekend: true,
      visitor: 'returning',
      context: { trafficType: 2, region: 3, browser: 4, operatingSystem: 2 },
    } satisfies SessionFeatures);
    expect(fromUciSession({ ...uci, pageValues: null, visitorType: 'Other' })).toMatchObject({
      pageValue: null,
      visitor: 'other',
    });
  });
});

describe('toFeatureVector', () => {
  const features = fromUciSession(uci);

  it('lays values out in the order of featureNames, with derived totals, ratios and indicators', () => {
    for (const usePageValue of [true, false]) {
      const vector = toFeatureVector(features, usePageValue);
      const names = featureNames(usePageValue);
      expect(vector).toHaveLength(names.length);
      const at = (name: string) => vector[names.indexOf(name)];
      expect(at('total_pages')).toBe(10);
      expect(at('total_seconds')).toBe(460);
      expect(at('seconds_per_product_page')).toBe(50);
      // Of product and information pages: cart pages (buying evidence) must not dilute it.
      expect(at('product_page_share')).toBe(1);
      expect(at('month_nov')).toBe(1);
      expect(at('month_dec')).toBe(0);
      expect(at('traffic_type_2')).toBe(1);
      expect(at('is_returning')).toBe(1);
      expect(names.includes('page_value')).toBe(usePageValue);
    }
    const withValue = toFeatureVector(features, true);
    expect(withValue[featureNames(true).indexOf('page_value_per_product_page')]).toBe(3);
  });

  it('constrains exactly the buying-evidence inputs to rise', () => {
    for (const usePageValue of [true, false]) {
      const names = featureNames(usePageValue);
      const rising = names.filter((_, i) => monotoneConstraints(usePageValue)[i] === 1);
      expect(rising).toEqual(BUYING_EVIDENCE.filter((n) => names.includes(n)));
    }
    expect(featureNames(false).filter((n) => monotoneConstraints(false)[featureNames(false).indexOf(n)] === 1)).toEqual(
      ['admin_pages', 'admin_seconds', 'total_pages', 'total_seconds'],
    );
  });

  it('refuses the page-value layout for a session without a page value', () => {
    expect(() => toFeatureVector({ ...features, pageValue: null }, true)).toThrow('needs a page value');
  });
});
