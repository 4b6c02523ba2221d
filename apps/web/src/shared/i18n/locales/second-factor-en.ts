/**
 * The English texts of the log-in's second step (issue 22 §4; features/login/second-factor-step.tsx),
 * the `second-factor` namespace: a chunk of their own, loaded only when a log-in asks for a second
 * factor (i18n.ts PAGE_NAMESPACES), so the log-in page's first visit does not grow. Accessible names
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
} as const;
