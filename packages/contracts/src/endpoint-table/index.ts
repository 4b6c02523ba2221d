/**
 * The endpoint table's entries (issue 20 §5; endpoints.ts says why and how): one export per call of
 * spec §7, of the partner servers and of the hub, named `<method><Path in camel case>` (e.g.
 * `postLogLogIn`), one file per call. index.ts exports this module as the `ENDPOINTS` namespace; each
 * entry is a pure call in its own file, so a bundle keeps only the entries (and schemas) it uses,
 * in the chunks that use them.
 */
export * from './post-access-key-validate.ts';
export * from './post-unblock.ts';
export * from './post-blocks.ts';
export * from './delete-blocks.ts';
export * from './post-profile-validate.ts';
export * from './post-recaptcha-verify.ts';
export * from './get-cookie.ts';
export * from './post-profile-user-see-cookie-popup.ts';
export * from './post-cookie-user-accept-all.ts';
export * from './get-cookie-user.ts';
export * from './post-cookie-user-set-cookie.ts';
export * from './get-deletion-types.ts';
export * from './post-password-validate-user.ts';
export * from './post-deletion-user.ts';
export * from './post-deletion-partner-user.ts';
export * from './post-email-confirm.ts';
export * from './post-email-send-confirmation-email.ts';
export * from './get-email-update-email-recovery.ts';
export * from './get-steam-auth.ts';
export * from './post-steam-callback.ts';
export * from './post-steam-partner-callback.ts';
export * from './post-steam-unlink.ts';
export * from './get-epic-games-auth.ts';
export * from './post-epic-games-callback.ts';
export * from './post-epic-games-unlink.ts';
export * from './get-twitch-auth.ts';
export * from './post-twitch-callback.ts';
export * from './post-twitch-unlink.ts';
export * from './get-newsletter.ts';
export * from './post-newsletter-opt-in-user.ts';
export * from './post-newsletter-unsubscribe.ts';
export * from './post-partner-login-url.ts';
export * from './post-partner-name-login-url.ts';
export * from './get-partner-name-register-url.ts';
export * from './get-partner-log-in.ts';
export * from './get-focus-o-auth-partner.ts';
export * from './get-creative-assembly-o-auth-partner.ts';
export * from './get-partner-user-log-in.ts';
export * from './post-password-password-recovery.ts';
export * from './post-password-password-recovery-validation.ts';
export * from './get-profile-user.ts';
export * from './get-profile-connects.ts';
export * from './get-account-connected-sites.ts';
export * from './post-account-connected-sites-remove.ts';
export * from './post-account-export.ts';
export * from './get-account-sessions.ts';
export * from './post-account-sessions-sign-out.ts';
export * from './post-account-sessions-sign-out-others.ts';
export * from './get-account-activity.ts';
export * from './post-account-secure.ts';
export * from './post-profile-user-update-email.ts';
export * from './post-profile-user-update-username.ts';
export * from './post-profile-user-update-locale.ts';
export * from './get-redirect-allowed-redirect-domains.ts';
export * from './get-register-form-token.ts';
export * from './post-register-new-user.ts';
export * from './post-register-verify.ts';
export * from './get-token-refresh.ts';
export * from './get-token-verify.ts';
export * from './post-log-identify.ts';
export * from './post-log-log-in.ts';
export * from './post-log-user-log-in.ts';
export * from './post-log-user-log-out.ts';
export * from './get-o-auth.ts';
export * from './post-o-auth-token.ts';
export * from './get-o-auth-profile.ts';
export * from './post-survey-qualification.ts';
