/**
 * The rejection of an account-API call (spec §7 "status 400 rejects with the body; other statuses reject
 * empty"; spec §8 Shape). `status` 0 means the call did not complete (network failure, bad answer);
 * `unreachable` tells a network failure (no answer at all) from a bad answer.
 */
import type { ErrorBody } from '@guildgate/contracts';

/** A failed call: the HTTP status and, for 400, 403 and 503, the `{ ErrorMessages }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  /** True when no answer came at all (the network failed or the API could not be reached). */
  readonly unreachable: boolean;

  constructor(
    status: number,
    body: ErrorBody | null = null,
    message?: string,
    options: { unreachable?: boolean } = {},
  ) {
    super(message ?? `Account API call failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.unreachable = options.unreachable ?? false;
  }

  /** The first error code of the body (400, 403, 503), if any (spec §8 generic handler). */
  get firstCode(): string | null {
    return this.body?.ErrorMessages[0]?.ErrorMessage ?? null;
  }
}

/** Type guard for {@link ApiError}. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** What a proxy answers when the account API behind it is down (502, 503, 504). */
const GATEWAY_STATUSES: readonly number[] = [502, 503, 504];

/**
 * Did the call fail to reach the account API (DESIGN.md §6 resilience)? True for a network failure, and
 * for a gateway status without an error body of ours (the API behind a proxy is down). A 503 carrying
 * one of our codes (a dependency of the API is down) is the API's own answer: false.
 */
export function isUnreachable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.unreachable) return true;
  return GATEWAY_STATUSES.includes(error.status) && error.firstCode === null;
}
