/**
 * The English texts of the "This wasn't me" page (issue 22 §6; features/secure-account), the
 * `secureAccount` namespace: a chunk of their own, loaded only when the page asks for them (i18n.ts
 * PAGE_NAMESPACES), so no other page grows. Accessible names used by the end-to-end tests are marked (e2e).
 */
export const SECURE_ACCOUNT_EN = {
  heading: 'Secure your account', // e2e
  intro: 'You received a security alert about your account and it was not you. We will:',
  steps: {
    signOut: 'sign you out everywhere, on this device and on the partner sites too;',
    devices: 'forget the devices you signed in with, so each new sign-in is announced again;',
    recovery: 'email you a link to choose a new password.',
  },
  confirm: 'Secure my account', // e2e
  doneHeading: 'Your account is secured', // e2e
  done: {
    signedOut: 'You were signed out everywhere.',
    devices: 'Your devices are no longer remembered.',
    recovery: 'We sent you an email with a link to choose a new password. It works for one hour.',
    noRecovery: 'Your password is managed by your studio: change it there.',
  },
  login: 'Go to log in',
  invalidHeading: 'This link cannot be used',
} as const;
