/**
 * The English texts of the operator console (issue 24; features/admin), the `admin` namespace: a chunk
 * of its own, loaded only when a console page asks for it (i18n.ts PAGE_NAMESPACES), so no player page
 * grows. Accessible names used by the end-to-end tests are marked (e2e).
 */
export const ADMIN_EN = {
  heading: 'Operator console', // e2e
  nav: {
    label: 'Console sections',
    players: 'Players', // e2e
    audit: 'Audit trail', // e2e
    staff: 'Staff', // e2e
  },
  signedInAs: 'Signed in as {{username}} ({{role}}).',
  roles: { admin: 'Admin', support: 'Support', viewer: 'Viewer' },
  loading: 'Loading…',
  gate: {
    staffOnly: 'This console is for staff only.',
    staffOnlyHelp: 'If you are staff, ask an admin to give your account a role.',
    secondFactor: 'The console needs a second factor on your account.',
    secondFactorHelp: 'Set up an authenticator app or a passkey, then sign in again with it.',
    secondFactorLink: 'Go to Security',
    reauthenticate: 'Confirm it is you to use the console.',
    reauthenticateHelp: 'Staff must have signed in with both factors in the last hours.',
    reauthenticateButton: 'Confirm it is you', // e2e
    failed: 'The console could not be loaded. Please try again.',
  },
  pager: { next: 'Next page', first: 'First page' },
  players: {
    heading: 'Players', // e2e
    search: 'Find a player', // e2e
    searchHint: 'Username (or its beginning), e-mail, player id, partner sign-on id or Steam id.',
    submit: 'Search', // e2e
    none: 'No player matches “{{query}}”.',
    results: 'Results', // e2e
    columns: {
      username: 'Username',
      email: 'E-mail',
      state: 'State',
      created: 'Registered',
      matched: 'Found by',
    },
    matchedBy: {
      id: 'Player id',
      email: 'E-mail',
      username: 'Username',
      sso: 'Partner sign-on',
      steam: 'Steam id',
    },
    confirmed: 'Confirmed',
    unconfirmed: 'Not confirmed',
    banned: 'Banned',
  },
  player: {
    back: 'Back to the search',
    unknown: 'No player has this id.',
    profile: 'Profile', // e2e
    fields: {
      id: 'Player id',
      username: 'Username',
      email: 'E-mail',
      locale: 'Language',
      created: 'Registered',
      confirmation: 'E-mail confirmation',
      role: 'Staff role',
      ban: 'Ban',
    },
    noRole: 'None',
    notBanned: 'Not banned',
    bannedSince: 'Banned since {{date}}',
    throttle: 'Log-in throttling', // e2e
    locked: 'Log-in locked', // e2e
    notLocked: 'Not locked', // e2e
    accountFailures: '{{count}} of {{limit}} failures from unknown devices on the account.',
    windowEnds: 'The count ends at {{date}}.',
    address: '{{ip}}: {{count}} failures',
    backoffUntil: 'waiting until {{date}}',
    secondFactors: 'Second factors',
    totpOn: 'Authenticator app: set up',
    totpOff: 'Authenticator app: none',
    passkeys_one: '{{count}} passkey',
    passkeys_other: '{{count}} passkeys',
    recoveryCodes_one: '{{count}} recovery code left',
    recoveryCodes_other: '{{count}} recovery codes left',
    sessions: 'Sessions',
    noSessions: 'No active session.',
    session: '{{device}} · {{ip}} · last used {{date}}',
    unknownDevice: 'Unknown device',
    data: 'Stored data',
    dataHint:
      'Connections, consents, newsletters, survey, badges and security events, as the player’s own data export shows them.',
    auditLink: 'Staff actions on this player',
    actions: 'Support actions', // e2e
    reason: 'Reason (kept in the audit trail)', // e2e
    reasonHint: 'Required to mark confirmed, reset second factors, ban or delete.',
    done: 'Done: {{action}}.',
    action: {
      liftLock: 'Lift the log-in lock', // e2e
      resendConfirmation: 'Resend the confirmation e-mail',
      confirmEmail: 'Mark the e-mail confirmed',
      sendRecovery: 'Send a password-recovery e-mail',
      signOutEverywhere: 'Sign out everywhere',
      resetSecondFactors: 'Reset second factors',
      ban: 'Ban',
      unban: 'Unban',
      delete: 'Delete the account',
    },
    confirm: {
      title: '{{action}} for {{username}}?',
      body: 'This is written to the audit trail with your name and the reason.',
      deleteBody: 'The account and its data are erased for good, as when the player deletes it.',
      cancel: 'Cancel',
    },
  },
  audit: {
    heading: 'Audit trail', // e2e
    intro: 'What staff and the operator command did, newest first.',
    filtered: 'Only the events about {{target}}.',
    showAll: 'Show every event',
    none: 'No event yet.',
    columns: { at: 'When', actor: 'Who', type: 'What', target: 'Player', changes: 'Change' },
    operator: 'Operator command',
    deleted: 'Deleted player',
    change: '{{field}}: {{from}} → {{to}}',
    empty: '—',
  },
  staff: {
    heading: 'Staff', // e2e
    intro: 'Players with a console role. Roles are granted with npm run staff or here by an admin.',
    columns: { username: 'Username', role: 'Role', grantedBy: 'Granted by', grantedAt: 'Since' },
    roleOf: 'Role of {{username}}',
    save: 'Save',
    revoke: 'Remove the role',
    revokeTitle: 'Remove the role of {{username}}?',
    revokeBody: 'They can no longer open the console.',
    saved: 'The role of {{username}} is now {{role}}.',
    revoked: '{{username}} no longer has a role.',
    operator: 'Operator command',
  },
};
