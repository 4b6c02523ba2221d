/**
 * The API's rejection type (DESIGN.md §4, spec §8 shape). Throw an {@link AppError} anywhere in a
 * route or service; the error handler answers `{ ErrorMessages: [...] }` with its status.
 */
import type { ErrorCode, ErrorItem } from '@guildgate/contracts';
import { DEPENDENCY_RETRY_AFTER_SECONDS } from './dependency-errors.ts';

/** A rejected request: HTTP status plus the §8 error items. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly items: ErrorItem[];
  readonly headers: Record<string, string>;

  constructor(statusCode: number, items: ErrorItem[], headers: Record<string, string> = {}) {
    super(items.map((i) => `${i.Property || '(general)'}: ${i.ErrorMessage}`).join('; '));
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.items = items;
    this.headers = headers;
  }
}

/** 429 ERROR_RATE_LIMITED with `Retry-After` in seconds (DESIGN.md §4). */
export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError(429, [{ Property: '', ErrorMessage: 'ERROR_RATE_LIMITED' }], {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

/** 400 with one error on `property` ('' for a general error). */
export function badRequest(code: ErrorCode, property = ''): AppError {
  return new AppError(400, [{ Property: property, ErrorMessage: code }]);
}

/** 400 with several errors (e.g. every failing register field). */
export function validationFailed(items: ErrorItem[]): AppError {
  return new AppError(400, items);
}

/** 401: no, bad or expired bearer / api key. */
export function unauthorized(code: ErrorCode = 'ERROR_UNAUTHORIZED'): AppError {
  return new AppError(401, [{ Property: '', ErrorMessage: code }]);
}

/**
 * 403: another player's data (ERROR_FORBIDDEN), or another refusal of an authenticated caller with its
 * own code (the operator console's staff guard, modules/staff/guard.ts).
 */
export function forbidden(code: ErrorCode = 'ERROR_FORBIDDEN'): AppError {
  return new AppError(403, [{ Property: '', ErrorMessage: code }]);
}

/** 404: unknown resource. */
export function notFound(): AppError {
  return new AppError(404, [{ Property: '', ErrorMessage: 'ERROR_NOT_FOUND' }]);
}

/** 503: a dependency (store, SMTP, provider) is down; `Retry-After` in seconds says when to try again. */
export function serviceUnavailable(code: ErrorCode = 'ERROR_SERVICE_UNAVAILABLE'): AppError {
  return new AppError(503, [{ Property: '', ErrorMessage: code }], {
    'retry-after': String(DEPENDENCY_RETRY_AFTER_SECONDS),
  });
}
