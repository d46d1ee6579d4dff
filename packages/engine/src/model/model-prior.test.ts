import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { predictConversion } from './conversion-model.js';
import { MODEL_PRIOR_KIND, parseModelPrior, storeModelPrior } from './model-prior.js';
import { syntheticSessions } from './synthetic-sessions.fixture.js';

const json = JSON.parse(readFileSync(new URL('./uci-prior.json', import.meta.url), 'utf8'));

describe('parseModelPrior', () => {
  const prior = parseModelPrior(json);

  it('loads the checked-in UCI prior with its attribution and both models', () => {
    expect(prior.kind).toBe(MODEL_PRIOR_KIND);
    expect(prior.attribution).toMatchObject({
      dataset: 'Online Shoppers Purchasing Intention Dataset',
      licence: 'CC BY 4.0',
      doi: '10.1007/s00521-018-3523-0',
    });
    expect(prior.attribution.authors).toContain('C. Okan Sakar');
    expect(prior.attribution.notice).toMatch(/derived from/);
    expect(prior.withPageValue.usesPageValue).toBe(true);
    expect(prior.withoutPageValue.usesPageValue).toBe(false);
    expect(prior.withPageValue.trees.length).toBeGreaterThan(100);
  });

  it('survives a store and parse round trip with identical predictions', () => {
    const again = parseModelPrior(JSON.parse(JSON.stringify(storeModelPrior(prior))));
    for (const s of syntheticSessions(50, 4).sessions) {
      expect(predictConversion(again.withPageValue, s)).toBe(predictConversion(prior.withPageValue, s));
    }
  });

  it('refuses a file without attribution, of another kind, or fitted on another feature layout', () => {
    expect(() => parseModelPrior({ ...json, attribution: undefined })).toThrow('attribution');
    expect(() => parseModelPrior({ ...json, kind: 'other' })).toThrow(MODEL_PRIOR_KIND);
    const shifted = { ...json, withoutPageValue: { ...json.withoutPageValue, featureNames: ['x'] } };
    expect(() => parseModelPrior(shifted)).toThrow('another feature layout');
  });
});
