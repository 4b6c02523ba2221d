/**
 * The English texts of the consent page (issue 21 §3; features/consent), the `consent` namespace: a chunk
 * of their own, loaded only when the page asks for them (i18n.ts PAGE_NAMESPACES), so no other page grows.
 * Accessible names used by the end-to-end tests are marked (e2e).
 */
export const CONSENT_EN = {
  heading: '{{site}} wants to access your {{studio}} account', // e2e
  signedInAs: 'Signed in as {{username}}.',
  site: 'After your answer you go back to {{host}}.',
  asks: 'If you allow it, {{site}} will be able to:', // e2e
  scopes: {
    openid: 'Know who you are on {{studio}}', // e2e
    profile: 'See your username, avatar, titles and badges, and your linked Steam account', // e2e
    email: 'See your email address and whether it is confirmed', // e2e
  },
  granted: '(already allowed)',
  notice: 'You can remove its access at any time on Connected sites in your account.',
  allow: 'Allow', // e2e
  deny: 'Deny', // e2e
  expiredHeading: 'This sign-in request is over',
  expired: 'This sign-in request has expired or was already answered. Go back to the site and sign in again.',
} as const;
