import { ApiError, getErrorMessage } from '../../../lib/api-error';

/** Shown for a 401, whatever the server said: the fix is to sign in again, not to read a code. */
export const AUTH_FAILED = 'Authentication failed. Please refresh the page or try again.';
/** The spec's text for a failure that came without a message. */
export const SIGNALS_LOAD_FAILED = 'Failed to load Signal Graph™ data';

/** Spec: an error mentioning 401 reads as an authentication failure; any other shows its message. */
export function signalErrorMessage(error: unknown): string {
  const message = getErrorMessage(error, SIGNALS_LOAD_FAILED);
  return (error instanceof ApiError && error.status === 401) || message.includes('401') ? AUTH_FAILED : message;
}
