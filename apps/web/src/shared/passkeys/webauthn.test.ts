/**
 * What the pages tell the player when a passkey ceremony fails (issue 22 §3; shared/passkeys): the
 * library's `WebAuthnError`s and the browser's DOMExceptions sorted into our own abort (nothing to say),
 * the player's cancel (a calm note), an authenticator already registered, no support, and the rest.
 */
import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { passkeyFailure } from './webauthn.ts';

/** A browser failure named `name` (what navigator.credentials rejects with). */
const browserError = (name: string, message = 'failed') => Object.assign(new Error(message), { name });
/** The library's wrapping of a browser failure, as startRegistration/startAuthentication throw it. */
const wrapped = (code: ConstructorParameters<typeof WebAuthnError>[0]['code'], cause: Error) =>
  new WebAuthnError({ message: cause.message, code, cause });

describe('passkeyFailure', () => {
  it('says nothing about our own abort (another ceremony began, the page left)', () => {
    expect(passkeyFailure(wrapped('ERROR_CEREMONY_ABORTED', browserError('AbortError')))).toBe('aborted');
    expect(passkeyFailure(new DOMException('left', 'AbortError'))).toBe('aborted');
  });

  it('takes the closed prompt (NotAllowedError, also a time-out) for a cancel', () => {
    const notAllowed = browserError('NotAllowedError', 'The operation either timed out or was not allowed.');
    expect(passkeyFailure(wrapped('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', notAllowed))).toBe('cancelled');
    expect(passkeyFailure(notAllowed)).toBe('cancelled');
  });

  it('knows an authenticator that already holds a passkey of the account', () => {
    const invalid = browserError('InvalidStateError');
    expect(passkeyFailure(wrapped('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', invalid))).toBe('registered');
  });

  it('tells a browser or a page that cannot use passkeys', () => {
    expect(passkeyFailure(new Error('WebAuthn is not supported in this browser'))).toBe('unsupported');
    expect(passkeyFailure(wrapped('ERROR_INVALID_RP_ID', browserError('SecurityError')))).toBe('unsupported');
    expect(passkeyFailure(browserError('NotSupportedError'))).toBe('unsupported');
  });

  it('calls anything else a failure', () => {
    expect(passkeyFailure(wrapped('ERROR_AUTHENTICATOR_GENERAL_ERROR', browserError('UnknownError')))).toBe(
      'failed',
    );
    expect(passkeyFailure('not an error')).toBe('failed');
  });
});
