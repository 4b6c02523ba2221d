/**
 * @guildgate/contracts — the shared contract of api, web and sandbox: zod schemas and types for the
 * calls of spec §7, the error body and catalogue of spec §8, environments and flags of spec §1.
 */
export * from './common.ts';
export * from './errors.ts';
export * from './console-errors.ts';
export * from './error-codes.ts';
export * from './environments.ts';
export * from './session.ts';
export * from './register.ts';
export * from './profile.ts';
export * from './redirect.ts';
export * from './mailbox.ts';
export * from './blocks.ts';
export * from './account.ts';
export * from './deletion.ts';
export * from './newsletter.ts';
export * from './cookies.ts';
export * from './captcha.ts';
export * from './linking.ts';
export * from './partner.ts';
export * from './sso.ts';
export * from './connected-sites.ts';
export * from './second-factors.ts';
export * from './passkeys.ts';
export * from './data-export.ts';
export * from './account-security.ts';
export * from './admin.ts';
export * from './admin-settings.ts';
export * from './admin-reports.ts';
export * from './admin-players.ts';
export * from './secure-account.ts';
export * from './consent.ts';
export * from './survey.ts';
export * from './locale.ts';
export * from './form-rules.ts';
export * from './password-strength.ts';
export * from './admin-platform.ts';
export * from './endpoints.ts';
export * as ENDPOINTS from './endpoint-table/index.ts';
export * from './admin-support.ts';
