/**
 * The English texts of the second-factor form (issue 22 §4; shared/second-factor/second-factor-form.tsx:
 * the log-in's second step, the re-authentication dialog's and the deletion page's step-up), the
 * `second-factor` namespace: a chunk of their own, loaded only when a password step asks for a second
 * factor (i18n.ts PAGE_NAMESPACES), so no page's first visit grows. Accessible names
 * used by the end-to-end tests are marked (e2e).
 */
export const SECOND_FACTOR_EN = {
  heading: 'Two-step verification', // e2e
  intro: 'Enter the 6-digit code from your authenticator app.',
  introRecovery: 'Enter one of your recovery codes.',
  code: 'Code', // e2e
  recoveryCode: 'Recovery code', // e2e
  useRecovery: 'Use a recovery code instead', // e2e
  useApp: 'Use the authenticator app instead',
  remember: 'Remember this device for 30 days', // e2e
  submit: 'Verify', // e2e
  back: 'Back to sign in',
  backToPassword: 'Back to the password',
  reauthIntro: 'Your account has two-step verification: confirm this change with your second factor too.',
  introPasskey: 'Confirm it’s you with your passkey.',
  usePasskey: 'Use a passkey', // e2e
  usePasskeyInstead: 'Use a passkey instead',
  passkeyCancelled: 'The passkey was not used. You can try again, or choose another way.', // e2e
  passkeyUnsupported: 'This browser cannot use passkeys: choose another way.',
  passkeyErrors: {
    registered: 'This passkey cannot be used here. Try another one.',
    unsupported: 'This browser cannot use passkeys: choose another way.',
    failed: 'The passkey could not be used. Please try again.',
  },
} as const;
