import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { AUTH_FAILED, SIGNALS_LOAD_FAILED, signalErrorMessage } from './signal-error';

describe('signalErrorMessage', () => {
  it('reads a 401 status or a message mentioning 401 as an authentication failure', () => {
    expect(signalErrorMessage(new ApiError(401, 'Token expired'))).toBe(AUTH_FAILED);
    expect(signalErrorMessage(new Error('API Error: 401 - {}'))).toBe(AUTH_FAILED);
  });

  it("keeps any other message and falls back to the spec's text when there is none", () => {
    expect(signalErrorMessage(new ApiError(500, 'Signal store offline'))).toBe('Signal store offline');
    expect(signalErrorMessage(new Error(''))).toBe(SIGNALS_LOAD_FAILED);
    expect(SIGNALS_LOAD_FAILED).toBe('Failed to load Signal Graph™ data');
  });
});
