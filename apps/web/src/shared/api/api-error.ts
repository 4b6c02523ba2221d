/**
 * The rejection of an account-API call (spec §7 "status 400 rejects with the body; other statuses reject
 * empty"; spec §8 Shape). `status` 0 means the call did not complete (network failure, bad answer).
 */
import type { ErrorBody } from '@guildgate/contracts';

/** A failed call: the HTTP status and, for 400, the `{ ErrorMessages }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null = null, message?: string) {
    super(message ?? `Account API call failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The first error code of a 400 body, if any (spec §8 generic handler). */
  get firstCode(): string | null {
    return this.body?.ErrorMessages[0]?.ErrorMessage ?? null;
  }
}

/** Type guard for {@link ApiError}. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
