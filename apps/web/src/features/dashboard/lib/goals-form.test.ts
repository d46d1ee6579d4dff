import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { fieldErrorsOf, validateGoals } from './goals-form';

describe('validateGoals', () => {
  it('sends numbers, clears empty fields and forgives separators and signs typed along', () => {
    expect(validateGoals({ monthly_revenue: '30,000', conversion_rate: '3.5%', average_order_value: '' })).toEqual({
      ok: true,
      body: { monthly_revenue: 30_000, conversion_rate: 3.5, average_order_value: null },
    });
  });

  it("refuses what the server refuses, in the server's words", () => {
    expect(validateGoals({ monthly_revenue: '-5', conversion_rate: '120', average_order_value: 'lots' })).toEqual({
      ok: false,
      errors: {
        monthly_revenue: 'monthly_revenue must be more than 0',
        conversion_rate: 'conversion_rate must be at most 100',
        average_order_value: 'average_order_value must be a number or null',
      },
    });
  });
});

describe('fieldErrorsOf', () => {
  it("puts a 400 on the field it names, without the server's prefix", () => {
    const error = new ApiError(
      400,
      'conversion_rate: conversion_rate must be at most 100',
      'validation_failed',
      'conversion_rate',
    );
    expect(fieldErrorsOf(error)).toEqual({ conversion_rate: 'conversion_rate must be at most 100' });
    expect(fieldErrorsOf(new ApiError(500, 'boom'))).toBeNull();
    expect(fieldErrorsOf(new ApiError(400, 'Body is not valid JSON'))).toBeNull();
  });
});
