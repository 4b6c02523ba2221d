/** Tests of the generic error handler's routing (spec §8) and of form-error splitting. */
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { errorRoute } from './error-route.ts';
import { collectFormErrors } from './form-errors.ts';

const body = (...items: [string, string][]) => ({
  ErrorMessages: items.map(([Property, ErrorMessage]) => ({ Property, ErrorMessage })),
});

describe('errorRoute', () => {
  it('sends 400 and 503 to bad-request with the first message', () => {
    expect(errorRoute(new ApiError(400, body(['Uid', 'ERROR_EMAIL_RECOVERY_NOTEXISTS'], ['', 'X'])))).toBe(
      '/errors/bad-request?message=ERROR_EMAIL_RECOVERY_NOTEXISTS',
    );
    expect(errorRoute(new ApiError(503))).toBe('/errors/bad-request');
    expect(errorRoute(new ApiError(400, body()))).toBe('/errors/bad-request');
  });
  it('sends 500 to internal and 404 to not-found', () => {
    expect(errorRoute(new ApiError(500))).toBe('/errors/internal');
    expect(errorRoute(new ApiError(404))).toBe('/errors/not-found');
  });
  it('sends anything else to the error page', () => {
    expect(errorRoute(new ApiError(401))).toBe('/errors');
    expect(errorRoute(new ApiError(403))).toBe('/errors');
    expect(errorRoute(new ApiError(0))).toBe('/errors');
    expect(errorRoute(new TypeError('boom'))).toBe('/errors');
  });
});

describe('collectFormErrors', () => {
  const fields = ['Email', 'Password'] as const;
  it('puts errors on fields named by Property (case-insensitive) and others in the general list', () => {
    const result = collectFormErrors(
      new ApiError(
        400,
        body(['Email', 'ERROR_EMAIL_EXIST'], ['password', 'ERROR_PASSWORD_LENGTH'], ['', 'G'], ['IP', 'H']),
      ),
      fields,
    );
    expect(result).toEqual({
      fields: { Email: 'ERROR_EMAIL_EXIST', Password: 'ERROR_PASSWORD_LENGTH' },
      general: ['G', 'H'],
    });
  });
  it('shows 429 as a rate-limit message in the form', () => {
    expect(collectFormErrors(new ApiError(429), fields)).toEqual({
      fields: {},
      general: ['ERROR_RATE_LIMITED'],
    });
  });
  it('leaves other failures to the generic handler', () => {
    expect(collectFormErrors(new ApiError(500), fields)).toBeNull();
    expect(collectFormErrors(new Error('x'), fields)).toBeNull();
  });
});
