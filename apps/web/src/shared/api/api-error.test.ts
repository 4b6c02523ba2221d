/** Tests of telling an unreachable API from its own answers (issue 19 §5 resilience; spec §8). */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@guildgate/contracts';
import { createApiClient } from './api-client.ts';
import { ApiError, isUnreachable } from './api-error.ts';

const config = { accountApiUrl: 'https://portal.example/api/', accountApiKey: 'k', apiKey: 'a' };

describe('isUnreachable', () => {
  it('is true when no answer came (the network failed)', async () => {
    const client = createApiClient({
      config,
      userBearer: () => Promise.resolve(null),
      fetchFn: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const failure = await client
      .call(ENDPOINTS.postLogIdentify, { body: {} })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(isUnreachable(failure)).toBe(true);
  });
  it('is true for a gateway answer without our error body (the API behind its proxy is down)', () => {
    expect(isUnreachable(new ApiError(502))).toBe(true);
    expect(isUnreachable(new ApiError(504))).toBe(true);
    expect(isUnreachable(new ApiError(503, { ErrorMessages: [] }))).toBe(true);
  });
  it("is false for the API's own answers, a bad answer and other errors", () => {
    const dependencyDown = { ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_STEAM_NOT_REACHABLE' }] };
    expect(isUnreachable(new ApiError(503, dependencyDown))).toBe(false);
    expect(isUnreachable(new ApiError(400, { ErrorMessages: [] }))).toBe(false);
    expect(isUnreachable(new ApiError(500))).toBe(false);
    expect(isUnreachable(new ApiError(0, null, 'Unexpected answer'))).toBe(false);
    expect(isUnreachable(new TypeError('x'))).toBe(false);
  });
});

describe('error bodies', () => {
  const answering = (status: number, body: unknown) =>
    createApiClient({
      config,
      userBearer: () => Promise.resolve('token'),
      fetchFn: () => Promise.resolve(new Response(JSON.stringify(body), { status })),
    });
  const refusal = { ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_STAFF_ROLE_REQUIRED' }] };

  it("reads a 403's §8 body, so the operator console can tell its refusals apart", async () => {
    const failure = await answering(403, refusal)
      .call(ENDPOINTS.getAdminMe)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
    expect((failure as ApiError).firstCode).toBe('ERROR_STAFF_ROLE_REQUIRED');
  });
  it('rejects other statuses with the status only (spec §7)', async () => {
    const failure = await answering(404, refusal)
      .call(ENDPOINTS.getAdminMe)
      .catch((error: unknown) => error);
    expect((failure as ApiError).status).toBe(404);
    expect((failure as ApiError).body).toBeNull();
  });
});

describe('answers that are not JSON', () => {
  it("reads a CSV export's text as the table's contentType says", async () => {
    const csv = 'Id_User,Username\r\nabc,"=cmd"\r\n';
    const client = createApiClient({
      config,
      userBearer: () => Promise.resolve('token'),
      fetchFn: () =>
        Promise.resolve(new Response(csv, { status: 200, headers: { 'content-type': 'text/csv' } })),
    });
    await expect(client.call(ENDPOINTS.getAdminSurveyExport)).resolves.toBe(csv);
  });
});
