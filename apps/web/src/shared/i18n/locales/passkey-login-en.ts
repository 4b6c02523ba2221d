/**
 * The English texts of the log-in page's "Sign in with a passkey" (issue 22 §3;
 * features/login/passkey-sign-in.tsx), the `passkey-login` namespace: a chunk of their own, loaded only
 * where the passkeys flag is on (i18n.ts PAGE_NAMESPACES), so the log-in page's first visit does not
 * grow. Accessible names used by the end-to-end tests are marked (e2e).
 */
export const PASSKEY_LOGIN_EN = {
  or: 'or',
  button: 'Sign in with a passkey', // e2e
  cancelled: 'The passkey was not used. You can try again, or sign in with your password.', // e2e
  errors: {
    unsupported: 'This browser cannot use a passkey for this site. Please sign in with your password.',
    failed: 'Signing in with a passkey did not work. Please try again.',
  },
} as const;
