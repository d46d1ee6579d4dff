import { describe, expect, it } from 'vitest';
import { DAY, facts, NOW, session, viewing } from './customer-facts.fixture.js';
import { engagementLevel, journeyStage } from './stage.js';

describe('engagementLevel', () => {
  it('is high with 3 sessions and 5 minutes in 30 days, or an order in 90 days and a recent visit', () => {
    const visits = (n: number, ms: number) =>
      Array.from({ length: n }, (_, i) => session({ startedAt: NOW - (i + 1) * DAY, durationMs: ms }));
    expect(engagementLevel(facts({ sessions: visits(3, 100_000) }))).toBe('high');
    expect(engagementLevel(facts({ sessions: visits(3, 60_000) }))).toBe('medium'); // 3 minutes only
    expect(
      engagementLevel(facts({ sessions: visits(1, 10_000), purchases: [{ at: NOW - 80 * DAY, amount: 40 }] })),
    ).toBe('high');
  });

  it('is medium with a recent visit, a recent order or a live subscription; low otherwise', () => {
    expect(engagementLevel(facts({ sessions: [session({ startedAt: NOW - 10 * DAY })] }))).toBe('medium');
    expect(engagementLevel(facts({ purchases: [{ at: NOW - 60 * DAY, amount: 40 }] }))).toBe('medium');
    expect(engagementLevel(facts({ subscriptionActive: true }))).toBe('medium');
    expect(engagementLevel(facts({ subscriptionActive: true, subscriptionCancelling: true }))).toBe('low');
    expect(
      engagementLevel(
        facts({ sessions: [session({ startedAt: NOW - 40 * DAY })], purchases: [{ at: NOW - 100 * DAY, amount: 40 }] }),
      ),
    ).toBe('low');
    expect(engagementLevel(facts({ purchases: [{ at: NOW - 5 * DAY, amount: -40 }] }))).toBe('low'); // a refund is no order
  });
});

describe('journeyStage', () => {
  it('is awareness for one visit to top-of-funnel pages', () => {
    expect(journeyStage(facts({ sessions: [viewing({ home: 1, blog: 2 })] }))).toBe('awareness');
    expect(journeyStage(facts())).toBe('awareness');
  });

  it('is consideration after product, pricing or comparison pages, or a second visit', () => {
    expect(journeyStage(facts({ sessions: [viewing({ pricing: 1 })] }))).toBe('consideration');
    expect(journeyStage(facts({ sessions: [viewing({ home: 1 }), viewing({ blog: 1 })] }))).toBe('consideration');
  });

  it('is decision at the cart or a demo, after a form, or with an open opportunity', () => {
    expect(journeyStage(facts({ sessions: [viewing({ cart: 1 })] }))).toBe('decision');
    expect(journeyStage(facts({ sessions: [viewing({ home: 1 }, { formSubmits: 1 })] }))).toBe('decision');
    expect(journeyStage(facts({ hasOpenOpportunity: true }))).toBe('decision');
  });

  it('is retention after an order, a won deal or with a subscription', () => {
    expect(journeyStage(facts({ sessions: [viewing({ cart: 1 })], purchases: [{ at: NOW - DAY, amount: 10 }] }))).toBe(
      'retention',
    );
    expect(journeyStage(facts({ wonOpportunities: 1 }))).toBe('retention');
    expect(journeyStage(facts({ subscriptionActive: true }))).toBe('retention');
  });

  it('is advocacy with 3 orders or a long subscription, a recent order and no cancellation pending', () => {
    const orders = [300, 200, 100].map((d) => ({ at: NOW - d * DAY, amount: 50 }));
    expect(journeyStage(facts({ purchases: orders }))).toBe('advocacy');
    expect(journeyStage(facts({ purchases: orders.map((o) => ({ ...o, at: o.at - 100 * DAY })) }))).toBe('retention'); // last order 200 days ago
    expect(journeyStage(facts({ purchases: orders, subscriptionActive: true, subscriptionCancelling: true }))).toBe(
      'retention',
    );
    const subscriber = { subscriptionActive: true, purchases: [{ at: NOW - 20 * DAY, amount: 30 }] };
    expect(journeyStage(facts({ ...subscriber, subscriptionStartedAt: NOW - 200 * DAY }))).toBe('advocacy');
    expect(journeyStage(facts({ ...subscriber, subscriptionStartedAt: NOW - 100 * DAY }))).toBe('retention');
  });
});
