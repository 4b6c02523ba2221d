/**
 * The browser side of passkeys (issue 22 §3, §4; WebAuthn Level 3): `@simplewebauthn/browser`, loaded on
 * first use through a dynamic `import()` so that no page's first visit carries it (docs/performance.md),
 * and its failures sorted into what the page tells the player. The `Options` the API answers (POST
 * account/passkeys/registration-options, POST log/passkey/options) go to the library as they are; its
 * answers (`RegistrationResponseJSON`, `AuthenticationResponseJSON`) go back to the API as they are.
 * Used by the Security page's Passkeys section, the log-in page's "Sign in with a passkey" and the
 * shared second-factor form (log-in step, re-authentication, deletion).
 */
import type { AuthenticationResponseJsonSchema, RegistrationResponseJsonSchema } from '@guildgate/contracts';
import type * as SimpleWebAuthn from '@simplewebauthn/browser';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { z } from 'zod';

/** The browser's answer to a creation, as POST account/passkeys takes it (`RegistrationResponseJSON`). */
export type PasskeyCreation = z.input<typeof RegistrationResponseJsonSchema>;
/** The browser's answer to an assertion, as POST log/passkey takes it (`AuthenticationResponseJSON`). */
export type PasskeyAssertion = z.input<typeof AuthenticationResponseJsonSchema>;

type WebAuthnLibrary = typeof SimpleWebAuthn;

let library: Promise<WebAuthnLibrary> | null = null;

/**
 * `@simplewebauthn/browser`, loaded once (a failed load, e.g. offline, is tried again next time).
 * @throws the import's failure
 */
export function loadWebAuthn(): Promise<WebAuthnLibrary> {
  library ??= import('@simplewebauthn/browser').catch((error: unknown) => {
    library = null;
    throw error;
  });
  return library;
}

/** What this browser can do with passkeys. */
export interface PasskeySupport {
  /** WebAuthn is there (`browserSupportsWebAuthn()`): passkeys can be added and used. */
  webAuthn: boolean;
  /** Conditional mediation (`browserSupportsWebAuthnAutofill()`): passkeys offered in the username field's autofill. */
  autofill: boolean;
}

/** Whether this browser supports passkeys and their autofill; both false when the library cannot load. */
export async function passkeySupport(): Promise<PasskeySupport> {
  try {
    const webauthn = await loadWebAuthn();
    const webAuthn = webauthn.browserSupportsWebAuthn();
    const autofill = webAuthn && (await webauthn.browserSupportsWebAuthnAutofill());
    return { webAuthn, autofill };
  } catch {
    return { webAuthn: false, autofill: false };
  }
}

/**
 * Asks the browser to create a passkey (`navigator.credentials.create()` through `startRegistration`).
 * @param options the `Options` of POST account/passkeys/registration-options
 * @returns the browser's answer, for POST account/passkeys `Response`
 * @throws the library's `WebAuthnError` or the browser's DOMException (see {@link passkeyFailure})
 */
export async function createPasskey(options: Record<string, unknown>): Promise<PasskeyCreation> {
  const { startRegistration } = await loadWebAuthn();
  const answer = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return { ...answer, clientExtensionResults: { ...answer.clientExtensionResults } };
}

/**
 * Asks the browser for a passkey's assertion (`navigator.credentials.get()` through
 * `startAuthentication`). A new ceremony aborts the one under way (the library's abort service).
 * @param options the `Options` of POST log/passkey/options
 * @param autofill conditional mediation: the browser offers the passkeys in the autofill of the field
 *   whose autocomplete ends with `webauthn`, and the promise settles only when one is picked
 * @returns the browser's answer, for POST log/passkey `Response` or a second factor's `Passkey`
 * @throws the library's `WebAuthnError` or the browser's DOMException (see {@link passkeyFailure})
 */
export async function getPasskey(
  options: Record<string, unknown>,
  autofill = false,
): Promise<PasskeyAssertion> {
  const { startAuthentication } = await loadWebAuthn();
  const answer = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
  });
  return { ...answer, clientExtensionResults: { ...answer.clientExtensionResults } };
}

/** Aborts the passkey ceremony under way, if any (the page that started it is leaving). */
export async function cancelPasskeyCeremony(): Promise<void> {
  const { WebAuthnAbortService } = await loadWebAuthn();
  WebAuthnAbortService.cancelCeremony();
}

/**
 * What went wrong with a passkey ceremony, as the page says it:
 * - `aborted`: our own abort (another ceremony started, the page left): nothing to say;
 * - `cancelled`: the player closed the browser's prompt, or it timed out (NotAllowedError): a calm note;
 * - `registered`: this authenticator already holds a passkey of the account (InvalidStateError at
 *   creation);
 * - `unsupported`: the browser or the page cannot use passkeys (no WebAuthn, not a secure context, wrong
 *   relying party);
 * - `failed`: anything else.
 */
export type PasskeyFailure = 'aborted' | 'cancelled' | 'registered' | 'unsupported' | 'failed';

const UNSUPPORTED_CODES: readonly string[] = ['ERROR_INVALID_DOMAIN', 'ERROR_INVALID_RP_ID'];

/** The {@link PasskeyFailure} of a rejection of {@link createPasskey} or {@link getPasskey}. */
export function passkeyFailure(error: unknown): PasskeyFailure {
  if (!(error instanceof Error)) return 'failed';
  const code = (error as { code?: unknown }).code;
  if (code === 'ERROR_CEREMONY_ABORTED' || error.name === 'AbortError') return 'aborted';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'registered';
  if (typeof code === 'string' && UNSUPPORTED_CODES.includes(code)) return 'unsupported';
  switch (error.name) {
    case 'NotAllowedError':
      return 'cancelled';
    case 'InvalidStateError':
      return 'registered';
    case 'NotSupportedError':
    case 'SecurityError':
      return 'unsupported';
    default:
      return /not supported/i.test(error.message) ? 'unsupported' : 'failed';
  }
}
