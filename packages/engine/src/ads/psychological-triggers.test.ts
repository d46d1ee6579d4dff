import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PSYCHOLOGICAL_TRIGGER_RULES, psychologicalTriggers } from './psychological-triggers.js';

describe('psychologicalTriggers', () => {
  it('reads the triggers of a sale creative with the phrases that show them', () => {
    const texts = [
      'Summer Sale: 40% off everything, today only',
      'Join 12,000+ happy customers. Free shipping and a 30-day money-back guarantee.',
      'Only 3 left in stock. Shop now',
    ];
    expect(psychologicalTriggers(texts)).toEqual([
      { trigger: 'Urgency', evidence: 'today only' },
      { trigger: 'Scarcity', evidence: 'Only 3 left' },
      { trigger: 'Social Proof', evidence: '12,000+ happy customers' },
      { trigger: 'Reciprocity', evidence: 'Free shipping' },
      { trigger: 'Risk Reversal', evidence: 'money-back' },
      { trigger: 'Value', evidence: '40% off' },
    ]);
  });

  it('reads authority, exclusivity, curiosity, loss aversion, novelty and ease', () => {
    const found = psychologicalTriggers([
      'Dermatologist-recommended serum, as seen in Vogue',
      'Members-only early access: the secret to clear skin',
      'Don’t miss out. Introducing the all-new formula, ready in 5 minutes',
    ]);
    expect(found).toEqual([
      { trigger: 'Authority', evidence: 'Dermatologist-recommended' },
      { trigger: 'Exclusivity', evidence: 'Members-only' },
      { trigger: 'Curiosity', evidence: 'secret' },
      { trigger: 'Loss Aversion', evidence: 'Don’t miss out' },
      { trigger: 'Novelty', evidence: 'Introducing' },
      { trigger: 'Ease', evidence: 'in 5 minutes' },
    ]);
  });

  it('finds nothing in a plain text and never assumes a default', () => {
    expect(psychologicalTriggers(['Handmade oak tables for your dining room. Shop now', 'Learn more'])).toEqual([]);
    expect(psychologicalTriggers([])).toEqual([]);
    expect(psychologicalTriggers(['', '   ', null, undefined])).toEqual([]);
  });

  it('matches whole words only', () => {
    expect(psychologicalTriggers(['Renewal of the wholesale catalogue, feasy'])).toEqual([]);
    expect(psychologicalTriggers(['Our guaranteed delivery'])).toEqual([
      { trigger: 'Risk Reversal', evidence: 'guaranteed' },
    ]);
  });

  it('reports each trigger once, from the first text that shows it', () => {
    const found = psychologicalTriggers(['Hurry!', 'Last chance, hurry']);
    expect(found).toEqual([{ trigger: 'Urgency', evidence: 'Hurry' }]);
  });

  it('reads each example of the documented table as its trigger', () => {
    const examples: Record<string, string[]> = {
      Urgency: [
        'today only',
        'last chance',
        'limited time',
        'hurry',
        'act now',
        "don't wait",
        'ends tonight',
        'offer expires soon',
        '2 days left',
        'deadline',
      ],
      Scarcity: [
        'only 3 left',
        'few left in stock',
        'while supplies last',
        'limited edition',
        'almost gone',
        'selling fast',
        'sold out',
      ],
      'Social Proof': [
        '12,000+ happy customers',
        '2M users',
        'trusted by',
        'join thousands',
        'best-seller',
        'most popular',
        '4.8 stars',
        '★★★★★',
        'rated 5',
        'top-rated',
        'reviews',
      ],
      Authority: [
        'dermatologist-recommended',
        'clinically proven',
        'certified',
        'award-winning',
        'patented',
        'as seen in',
        'featured in',
        'endorsed by',
        'official',
        '#1',
        'experts',
      ],
      Reciprocity: [
        'free trial',
        'free shipping',
        'free sample',
        'free guide',
        'free consultation',
        'free demo',
        'bonus',
        'complimentary',
        'on us',
      ],
      'Risk Reversal': [
        'money-back',
        'guarantee',
        'guaranteed',
        'risk-free',
        'free returns',
        'cancel anytime',
        'no commitment',
        'no credit card',
      ],
      Value: [
        '40% off',
        'save $20',
        'save 30%',
        'half price',
        'buy one get one',
        'was $50 now',
        'discount',
        'sale',
        'clearance',
        'deal',
        'coupon',
        'promo code',
      ],
      Exclusivity: ['exclusive', 'members-only', 'invite-only', 'VIP', 'early access', 'insiders', 'private sale'],
      Curiosity: [
        'secret',
        'revealed',
        'the truth about',
        "you won't believe",
        'find out',
        'little-known',
        'discover',
        "here's why",
      ],
      'Loss Aversion': [
        "don't miss",
        "don't miss out",
        "before it's gone",
        'stop losing',
        'stop wasting',
        'losing money',
        "you're missing",
        'never overpay',
      ],
      Novelty: [
        'brand-new',
        'all-new',
        'introducing',
        'just launched',
        'just dropped',
        'new arrivals',
        'first-ever',
        'now available',
        'new',
      ],
      Ease: [
        'in 5 minutes',
        'in 3 steps',
        'easy',
        'effortless',
        'simple',
        'hassle-free',
        'done-for-you',
        'one-click',
        'plug-and-play',
        'no experience needed',
      ],
    };
    for (const [trigger, phrases] of Object.entries(examples)) {
      for (const phrase of phrases) {
        const found = psychologicalTriggers([`Our offer: ${phrase}.`]).map((t) => t.trigger);
        expect(found, phrase).toContain(trigger);
      }
    }
  });

  it('is the table docs/ad-intelligence-rules.md documents', () => {
    const doc = readFileSync(new URL('../../../../docs/ad-intelligence-rules.md', import.meta.url), 'utf8');
    for (const rule of PSYCHOLOGICAL_TRIGGER_RULES) expect(doc).toContain(`| ${rule.trigger} | ${rule.meaning} |`);
  });

  it('names each trigger once in the table and gives evidence found in the texts', () => {
    const names = PSYCHOLOGICAL_TRIGGER_RULES.map((r) => r.trigger);
    expect(new Set(names).size).toBe(names.length);
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 80 }), { maxLength: 4 }), (texts) => {
        for (const { trigger, evidence } of psychologicalTriggers(texts)) {
          expect(names).toContain(trigger);
          expect(texts.some((t) => t.includes(evidence))).toBe(true);
        }
      }),
    );
  });
});
