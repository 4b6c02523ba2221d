/**
 * Tests of the partner SSO resend call (spec §2 Unverified-account page; §7 "its address depends on a
 * prod/test flag"): the address chosen by isProd, the request sent, and every failure.
 */
import { describe, expect, it, vi } from 'vitest';
import { partnerSsoResendUrl, ResendFailure, resendValidationEmail } from './resend-validation.ts';

const URLS = { prod: 'https://sso.partner.example/resend', test: 'http://localhost:8190/partner-sso/resend' };
const IDENTITY = { id: 4242, email: 'player@partner.test' };

/** A fetch answering `status`, recording its calls. */
function answering(status: number) {
  return vi.fn<typeof fetch>(
    async () => new Response(JSON.stringify({ Success: status === 200 }), { status }),
  );
}

async function failure(promise: Promise<unknown>): Promise<ResendFailure> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ResendFailure);
  return error as ResendFailure;
}

describe('partnerSsoResendUrl', () => {
  it('takes the prod address in production and the test address elsewhere', () => {
    expect(partnerSsoResendUrl({ isProd: true, partnerSsoResendUrls: URLS })).toBe(URLS.prod);
    expect(partnerSsoResendUrl({ isProd: false, partnerSsoResendUrls: URLS })).toBe(URLS.test);
    expect(partnerSsoResendUrl({ isProd: true, partnerSsoResendUrls: { ...URLS, prod: '' } })).toBe('');
  });
});

describe('resendValidationEmail', () => {
  it('POSTs { Id, Email } as JSON without credentials and resolves on 200', async () => {
    const fetchImpl = answering(200);
    await resendValidationEmail(URLS.test, IDENTITY, fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe(URLS.test);
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', mode: 'cors' });
    expect(init?.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(JSON.parse(init?.body as string)).toEqual({ Id: 4242, Email: 'player@partner.test' });
  });

  it('fails without calling when no SSO identity is held or no address is configured', async () => {
    const fetchImpl = answering(200);
    expect((await failure(resendValidationEmail(URLS.test, null, fetchImpl))).reason).toBe('no-identity');
    expect((await failure(resendValidationEmail('', IDENTITY, fetchImpl))).reason).toBe('not-configured');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it.each([201, 400, 500, 503])('fails when the partner answers %i', async (status) => {
    const error = await failure(resendValidationEmail(URLS.test, IDENTITY, answering(status)));
    expect(error.reason).toBe('refused');
    expect(error.status).toBe(status);
  });

  it('fails when the partner cannot be reached', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await failure(resendValidationEmail(URLS.test, IDENTITY, fetchImpl))).reason).toBe('unreachable');
  });
});
