/** A failure the API answered: carries the server's error code, field and reasons beside its message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly field?: string,
    readonly reasons?: string[],
  ) {
    super(message);
  }
}

/** The server could not be reached at all (offline, DNS, connection refused), even after retries. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor() {
    super('Could not reach the server. Check your connection and try again.');
  }
}

/** The message to show a person for any thrown value, or the fallback when it carries none. */
export function getErrorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
