import { type ErrorCode, errorStatus } from '@ri/contracts';

/** The one error type of the server: a code from the contract's map, a message for people, and the field at fault. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly reasons: string[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { field?: string; reasons?: string[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.field = extra.field;
    this.reasons = extra.reasons;
    this.headers = extra.headers;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
