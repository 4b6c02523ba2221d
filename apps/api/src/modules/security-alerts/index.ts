/**
 * The security-alerts module's public surface (issue 22 §6; docs/security.md "Security alerts"):
 * {@link queueSecurityAlert} — the one call every flow that changes an account's security makes inside
 * its transaction (new-device log-in, password change and recovery now; second factors and recovery
 * codes when they come) —, {@link prepareSecurityAlert} for a mail that carries the alert itself (the
 * e-mail change's), and the "This wasn't me" links that POST account/secure claims. Its table rows are
 * `email_tokens` of purpose `secure_account`, erased with the email-address module's links.
 */
export {
  prepareSecurityAlert,
  queueSecurityAlert,
  securityAlertsEnabled,
  type AlertedPlayer,
  type EventRequest,
} from './alerts.ts';
export {
  claimSecureAccountLink,
  SECURE_ACCOUNT_PAGE,
  type ClaimedSecureAccountLink,
} from './secure-links.ts';
export { describeUserAgent, type DeviceDescription } from './user-agent.ts';
