/**
 * The partner single-sign-on resend call (spec §2 Unverified-account page; §7 "A call to an external
 * partner single-sign-on service resends the validation email; its address depends on a prod/test
 * flag"). It is not our API: a plain cross-origin `fetch` (no API key, no bearer, no cookies) of
 * `POST <url>` with JSON `{ "Id": <SSO id>, "Email": "<SSO email>" }`; status 200 is success.
 */
import type { RuntimeConfiguration } from '@guildgate/contracts';
import type { SsoIdentity } from '../../shared/session/sso-identity.ts';

/** How long the partner gets to answer, in milliseconds. */
export const RESEND_TIMEOUT_MS = 15_000;

/** Why the resend failed (the page shows one generic message for all of them). */
export type ResendFailureReason = 'no-identity' | 'not-configured' | 'refused' | 'unreachable';

/** A failed resend; `reason` says why, `status` is the partner's HTTP status when it answered. */
export class ResendFailure extends Error {
  readonly reason: ResendFailureReason;
  readonly status: number | undefined;

  constructor(reason: ResendFailureReason, status?: number) {
    super(status === undefined ? `Partner resend failed: ${reason}` : `Partner resend failed: ${status}`);
    this.name = 'ResendFailure';
    this.reason = reason;
    this.status = status;
  }
}

/**
 * The resend address of this deployment (spec §7 "depends on a prod/test flag"): `partnerSsoResendUrls.prod`
 * when `isProd`, else `.test`; '' when that one is not configured.
 */
export function partnerSsoResendUrl(
  config: Pick<RuntimeConfiguration, 'isProd' | 'partnerSsoResendUrls'>,
): string {
  return config.isProd ? config.partnerSsoResendUrls.prod : config.partnerSsoResendUrls.test;
}

/**
 * Asks the partner at `url` to resend the validation e-mail of `identity` (spec §2, §7). Resolves on
 * status 200.
 * @throws ResendFailure `no-identity` when no SSO identity is held, `not-configured` when `url` is '',
 *   `refused` on any other status, `unreachable` on a network error or after {@link RESEND_TIMEOUT_MS}
 */
export async function resendValidationEmail(
  url: string,
  identity: SsoIdentity | null,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<void> {
  if (!identity) throw new ResendFailure('no-identity');
  if (!url) throw new ResendFailure('not-configured');
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ Id: identity.id, Email: identity.email }),
      credentials: 'omit',
      mode: 'cors',
      signal: AbortSignal.timeout(RESEND_TIMEOUT_MS),
    });
  } catch {
    throw new ResendFailure('unreachable');
  }
  if (response.status !== 200) throw new ResendFailure('refused', response.status);
}
