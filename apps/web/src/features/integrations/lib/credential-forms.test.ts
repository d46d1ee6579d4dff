import { describe, expect, it } from 'vitest';
import { goHighLevelCredentialsError, googleAccessTokenError, stripeSecretKeyError } from './credential-forms';

describe('stripeSecretKeyError', () => {
  it('names the first rule of section 5 that a key breaks, in its words', () => {
    expect(stripeSecretKeyError('')).toBe('Stripe Secret Key is required');
    expect(stripeSecretKeyError('   ')).toBe('Stripe Secret Key is required');
    expect(stripeSecretKeyError('pk_test_123')).toBe('Secret key must start with "sk_"');
    expect(stripeSecretKeyError('sk_prod_1234567890abcdef')).toBe(
      'Secret key must be a valid Stripe key (sk_test_... or sk_live_...)',
    );
    expect(stripeSecretKeyError('sk_test_123')).toBe('Secret key appears to be incomplete. Please check your key.');
  });

  it('accepts a complete test or live key', () => {
    expect(stripeSecretKeyError('sk_test_51Habcdefghijkl')).toBeNull();
    expect(stripeSecretKeyError('sk_live_51Habcdefghijkl')).toBeNull();
  });
});

describe('googleAccessTokenError', () => {
  it("names section 5's first broken rule for a Google Ads token, in its words", () => {
    expect(googleAccessTokenError('')).toBe('Access Token is required');
    expect(googleAccessTokenError('ya29.short')).toMatch(/^This Google Ads access token is too short/);
    expect(googleAccessTokenError(`ya29.${'a'.repeat(60)}test`)).toBe(
      'Please provide a real Google Ads access token, not a test or placeholder value.',
    );
    expect(googleAccessTokenError(`ya29.${'aB3'.repeat(30)}`)).toBeNull();
  });
});

describe('goHighLevelCredentialsError', () => {
  it("asks for both fields with section 5's one message, blanks included", () => {
    for (const [key, location] of [
      ['', ''],
      ['pit-abc', ''],
      ['', 'loc'],
      ['  ', 'loc'],
    ])
      expect(goHighLevelCredentialsError(key!, location!)).toBe('Please fill in all required fields');
    expect(goHighLevelCredentialsError('pit-abc', 'dFkKG1hQhWUWLCJ4Yjgc')).toBeNull();
  });
});
