import { TRACKING_FEATURES } from '@ri/contracts';
import { describe, expect, it } from 'vitest';
import { trackingConfig } from '../../../test/tracking-fixtures';
import { toFormField, toFormValues, toRequestBody } from './script-form-values';

describe('script form values', () => {
  it('starts from the contract defaults, the timeout in minutes', () => {
    const values = toFormValues(null);
    expect(values).toMatchObject({
      batchSize: '10',
      flushInterval: '5000',
      sessionTimeoutMinutes: '30',
      respectDnt: true,
    });
    expect(values.features).toEqual([...TRACKING_FEATURES]);
  });

  it('round-trips a saved configuration', () => {
    const result = toRequestBody(toFormValues(trackingConfig));
    expect(result).toEqual({
      ok: true,
      body: {
        features: trackingConfig.features,
        mode: 'standard',
        customization: trackingConfig.customization,
        allowed_origins: trackingConfig.allowed_origins,
        respect_dnt: true,
        cta_selectors: [],
      },
    });
  });

  it('sends origins as origins, without duplicates, and omits an empty list', () => {
    const values = toFormValues(null);
    const withOrigins = toRequestBody({
      ...values,
      origins: ' https://a.example/x \n\nhttps://a.example/\nhttp://localhost:3000',
    });
    expect(withOrigins.ok && withOrigins.body.allowed_origins).toEqual(['https://a.example', 'http://localhost:3000']);
    const empty = toRequestBody(values);
    expect(empty.ok && empty.body.allowed_origins).toBeUndefined();
  });

  it('names every wrong field', () => {
    const result = toRequestBody({
      ...toFormValues(null),
      batchSize: '0',
      flushInterval: '',
      sessionTimeoutMinutes: '0.5',
      origins: 'javascript:alert(1)',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.batchSize).toMatch(/from 1 to 100/);
    expect(result.errors.flushInterval).toMatch(/milliseconds from 1000 to 60000/);
    expect(result.errors.sessionTimeout).toMatch(/from 1 to 1440 minutes/);
    expect(result.errors.origins).toMatch(/Line 1 .* must start with http:\/\/ or https:\/\//);
  });

  it('maps server field names to form fields', () => {
    expect(toFormField('allowed_origins.2')).toBe('origins');
    expect(toFormField('customization.sessionTimeout')).toBe('sessionTimeout');
    expect(toFormField('mode')).toBeNull();
    expect(toFormField(undefined)).toBeNull();
  });
});
