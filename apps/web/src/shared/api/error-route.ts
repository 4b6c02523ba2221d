/**
 * The generic error handler's choice of page (spec §8 Generic handler): 400 or 503 → BadRequestError
 * with the first message as query; 500 → InternalError; 404 → NotFoundError; anything else → Error.
 */
import { isApiError } from './api-error.ts';

/** Paths of the error pages (spec §2 route table). */
export const ERROR_PATHS = {
  error: '/errors',
  badRequest: '/errors/bad-request',
  internal: '/errors/internal',
  notFound: '/errors/not-found',
} as const;

/** The page an unexpected failure leads to (spec §8). */
export function errorRoute(error: unknown): string {
  const status = isApiError(error) ? error.status : 0;
  if (status === 400 || status === 503) {
    const code = isApiError(error) ? error.firstCode : null;
    return code
      ? `${ERROR_PATHS.badRequest}?${new URLSearchParams({ message: code })}`
      : ERROR_PATHS.badRequest;
  }
  if (status === 500) return ERROR_PATHS.internal;
  if (status === 404) return ERROR_PATHS.notFound;
  return ERROR_PATHS.error;
}
