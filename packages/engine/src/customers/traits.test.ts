import { BEHAVIORAL_TRAITS } from '@ri/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY, facts, NOW, session, viewing } from './customer-facts.fixture.js';
import { behavioralTraits, NO_PAGE_VIEWS, type TraitNorms, traitNorms } from './traits.js';

const norms: TraitNorms = {
  medianDaysToPurchase: 10,
  medianSessionsToPurchase: 3,
  medianOrderValue: 100,
  medianDwellMs: 120_000,
  medianMsToDecisionPage: 60_000,
};

describe('behavioralTraits', () => {
  it('has no traits, and says why, for a customer without tracked page views', () => {
    const { traits, reasons } = behavioralTraits(facts({ sessions: [session()] }), norms);
    for (const t of BEHAVIORAL_TRAITS) {
      expect(traits[t]).toBeNull();
      expect(reasons[t]).toBe(NO_PAGE_VIEWS);
    }
  });

  it('reads price sensitivity from pricing and comparison attention and a small order', () => {
    const shopper = facts({
      sessions: [viewing({ pricing: 3, comparison: 1, product: 4 })],
      purchases: [{ at: NOW, amount: 25 }],
    });
    const { traits } = behavioralTraits(shopper, norms);
    // Half the attention on pricing/comparison scores 1; order 25 against median 100 gives 100 / 125 = 0.8.
    expect(traits.price_sensitivity).toBe(0.9);
    const browser = behavioralTraits(facts({ sessions: [viewing({ product: 8 })] }), norms).traits;
    expect(browser.price_sensitivity).toBe(0);
  });

  it('reads social proof from reviews and authority from about and blog pages', () => {
    const { traits } = behavioralTraits(
      facts({ sessions: [viewing({ reviews: 2, about: 1, blog: 1, product: 6 })] }),
      norms,
    );
    expect(traits.social_proof_influence).toBe(0.4); // 20% of views and dwell on reviews, / 0.5
    expect(traits.authority_seeking).toBe(0.4);
  });

  it('lowers risk tolerance with reassurance reading and hesitations, raises it for a first-visit purchase', () => {
    const anxious = facts({ sessions: [viewing({ faq: 3, reviews: 2, pricing: 5 }, { hesitations: 5 })] });
    // Reassurance 50% → 1; hesitations 5 per 10 page views → 0.5; 1 − (1 + 0.5) / 2.
    expect(behavioralTraits(anxious, norms).traits.risk_tolerance).toBe(0.25);
    const pages = { faq: 1, product: 3 }; // reassurance 25% → 0.5, so 1 − 0.5 / 2 = 0.75 before the bonus
    const browsing = facts({ sessions: [viewing(pages, { startedAt: NOW - DAY })] });
    expect(behavioralTraits(browsing, norms).traits.risk_tolerance).toBe(0.75);
    const decisive = facts({
      sessions: [viewing(pages, { startedAt: NOW - DAY })],
      purchases: [{ at: NOW - DAY + 60_000, amount: 100 }],
    });
    expect(behavioralTraits(decisive, norms).traits.risk_tolerance).toBe(1);
  });

  it('scores a buyer faster than the business medians above 0.5, a slower one below', () => {
    const quick = facts({
      firstSeen: NOW - 2 * DAY,
      sessions: [viewing({ product: 2 }, { startedAt: NOW - 2 * DAY })],
      purchases: [{ at: NOW - DAY, amount: 100 }],
    });
    const slow = facts({
      firstSeen: NOW - 60 * DAY,
      sessions: Array.from({ length: 8 }, (_, i) => viewing({ product: 2 }, { startedAt: NOW - (60 - i * 5) * DAY })),
      purchases: [{ at: NOW - DAY, amount: 100 }],
    });
    // Quick: days (10 + 1) / (10 + 1 + 1 + 1) and sessions 3 / (3 + 1), averaged.
    expect(behavioralTraits(quick, norms).traits.decision_speed).toBe(0.8);
    expect(behavioralTraits(slow, norms).traits.decision_speed).toBeLessThan(0.5);
  });

  it('measures a non-buyer by the time to reach pricing, cart or demo pages, or says it cannot', () => {
    const fast = facts({ sessions: [viewing({ pricing: 1 }, { msToDecisionPage: 10_000 })] });
    expect(behavioralTraits(fast, norms).traits.decision_speed).toBe(0.85); // 61 s / 72 s
    const never = behavioralTraits(facts({ sessions: [viewing({ blog: 1 }, { msToDecisionPage: null })] }), norms);
    expect(never.traits.decision_speed).toBeNull();
    expect(never.reasons.decision_speed).toBe('Has not bought or reached pricing, cart or demo pages');
    const unmeasured = behavioralTraits(facts({ sessions: [viewing({ blog: 1 })] }), norms);
    expect(unmeasured.reasons.decision_speed).toMatch(/not measured/);
  });

  it('ignores the profile label: two customers with the same pages and different profiles get the same traits', () => {
    const a = facts({ sessions: [viewing({ reviews: 2, product: 3 }, { profile: 'Fast-Mover' })] });
    const b = facts({ sessions: [viewing({ reviews: 2, product: 3 }, { profile: 'Skeptic' })] });
    expect(behavioralTraits(a, norms)).toEqual(behavioralTraits(b, norms));
  });

  it('keeps every trait in [0, 1]', () => {
    const types = ['pricing', 'comparison', 'reviews', 'faq', 'about', 'blog', 'product', 'cart'] as const;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            t: fc.constantFrom(...types),
            v: fc.nat(20),
            h: fc.nat(50),
            buy: fc.boolean(),
            amount: fc.nat(5000),
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        (rows) => {
          const f = facts({
            sessions: rows.map((r, i) =>
              viewing({ [r.t]: r.v }, { hesitations: r.h, startedAt: NOW - i * DAY, msToDecisionPage: r.v * 1000 }),
            ),
            purchases: rows.filter((r) => r.buy).map((r) => ({ at: NOW, amount: r.amount })),
          });
          for (const v of Object.values(behavioralTraits(f, norms).traits)) {
            if (v !== null) expect(v >= 0 && v <= 1).toBe(true);
          }
        },
      ),
    );
  });
});

describe('traitNorms', () => {
  it('takes the business medians over buyers, orders, sessions and decision-page times', () => {
    const all = [
      facts({
        firstSeen: NOW - 10 * DAY,
        sessions: [viewing({ product: 1 }, { startedAt: NOW - 10 * DAY, durationMs: 1000 })],
        purchases: [{ at: NOW, amount: 50 }],
      }),
      facts({
        firstSeen: NOW - 4 * DAY,
        sessions: [
          viewing({ pricing: 1 }, { startedAt: NOW - 4 * DAY, durationMs: 3000, msToDecisionPage: 5000 }),
          viewing({ pricing: 1 }, { startedAt: NOW - 2 * DAY, durationMs: 5000, msToDecisionPage: 7000 }),
        ],
        purchases: [
          { at: NOW - DAY, amount: 150 },
          { at: NOW, amount: -20 },
        ],
      }),
      facts({ sessions: [viewing({ blog: 1 }, { durationMs: 2000 })] }),
    ];
    expect(traitNorms(all)).toEqual({
      medianDaysToPurchase: 6.5,
      medianSessionsToPurchase: 1.5,
      medianOrderValue: 100,
      medianDwellMs: 2500,
      medianMsToDecisionPage: 6000,
    });
  });
});
