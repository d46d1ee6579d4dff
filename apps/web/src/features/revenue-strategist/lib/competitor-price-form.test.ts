import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { EMPTY_PRICE_DRAFT, parsePriceDraft, serverFieldError } from './competitor-price-form';

describe('parsePriceDraft', () => {
  it('reads a valid entry, trimming names and upper-casing the currency', () => {
    expect(
      parsePriceDraft({
        competitor: ' Acme ',
        product: 'Pro plan',
        price: '1,049.5',
        own_price: '999',
        currency: 'usd',
      }),
    ).toEqual({
      ok: true,
      body: { competitor: 'Acme', product: 'Pro plan', price: 1049.5, own_price: 999, currency: 'USD' },
    });
  });

  it("refuses what the server refuses, in the server's words led by the field's label", () => {
    expect(
      parsePriceDraft({ ...EMPTY_PRICE_DRAFT, product: 'x'.repeat(121), own_price: '-5', currency: 'dollars' }),
    ).toEqual({
      ok: false,
      errors: {
        competitor: 'Competitor is required',
        product: 'Product must be at most 120 characters',
        price: 'Their price must be a number',
        own_price: 'Your price must be more than 0',
        currency: 'Currency must be a three-letter code such as USD',
      },
    });
  });
});

describe('serverFieldError', () => {
  it("places a 400 that names a field under that field, without the server's field prefix", () => {
    const error = new ApiError(
      400,
      'own_price: own_price must be at most 1,000,000,000',
      'validation_failed',
      'own_price',
    );
    expect(serverFieldError(error)).toEqual({ own_price: 'Your price must be at most 1,000,000,000' });
    expect(serverFieldError(new ApiError(500, 'Down'))).toBeNull();
    expect(serverFieldError(new ApiError(400, 'Bad', 'validation_failed', 'other'))).toBeNull();
  });
});
