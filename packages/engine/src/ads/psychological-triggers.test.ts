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
