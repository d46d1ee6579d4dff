import { ApiError, getErrorMessage } from '../../../lib/api-error';

export const AUTH_FAILED = 'Authentication failed. Please refresh the page or try again.';
export const SIGNALS_LOAD_FAILED = 'Failed to load Signal Graph™ data';

/** Spec: an error mentioning 401 reads as an authentication failure; any other shows its message. */
export function signalErrorMessage(error: unknown): string {
  const message = getErrorMessage(error, SIGNALS_LOAD_FAILED);
  return (error instanceof ApiError && error.status === 401) || message.includes('401') ? AUTH_FAILED : message;
}
