/**
 * The English texts of the operator console (issue 24; features/admin), the `admin` namespace: a chunk
 * of its own, loaded only when a console page asks for it (i18n.ts PAGE_NAMESPACES), so no player page
 * grows. Accessible names used by the end-to-end tests are marked (e2e).
 */
export const ADMIN_EN = {
  heading: 'Operator console', // e2e
  nav: {
    label: 'Console sections',
    dashboard: 'Dashboard', // e2e
    players: 'Players', // e2e
    audit: 'Audit trail', // e2e
    staff: 'Staff', // e2e
    clients: 'Partner sites', // e2e
    redirects: 'Redirect allow-list', // e2e
    keys: 'Access keys',
    ipBans: 'Banned addresses',
    lists: 'Newsletters and cookies',
    reports: 'Reports',
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
  dashboard: {
    heading: 'Dashboard', // e2e
    span: 'Period',
    days_one: 'Last {{count}} day',
    days_other: 'Last {{count}} days',
    accounts: 'Registrations and confirmations', // e2e
    logIns: 'Log-ins',
    failures: 'Failed log-ins and locks',
    links: 'Accounts linked per provider',
    deletions: 'Deletions',
    total: '{{label}}: {{count}}',
    numbers: 'Show the numbers',
    day: 'Day',
    series: {
      registrations: 'Registrations',
      confirmations: 'Confirmations',
      logIns: 'Log-ins',
      failedLogIns: 'Failed log-ins',
      locks: 'Locks',
      deletions: 'Deletions',
    },
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
    showData: 'Show the stored data',
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
    columns: { at: 'When', actor: 'Who', type: 'What', target: 'Player or setting', changes: 'Change' },
    operator: 'Operator command',
    deleted: 'Deleted player',
    change: '{{field}}: {{from}} → {{to}}',
    detail: '{{key}}: {{value}}',
    reason: 'Reason: {{reason}}',
    empty: '—',
  },
  clients: {
    heading: 'Partner sites', // e2e
    intro: 'The sites that sign players in through this hub (OAuth 2.0 / OpenID Connect clients).',
    fields: {
      clientId: 'Client id', // e2e
      clientIdHint: 'Letters, digits, dots, dashes and underscores. Left empty, one is made from the name.',
      name: 'Name', // e2e
      redirectUris: 'Redirect URIs', // e2e
      logoutUris: 'Log-out redirect URIs', // e2e
      urisHint: 'One exact address per line: https, or http on localhost.',
      firstParty: 'First party (a studio site: players are not asked to consent)', // e2e
      authMethod: 'Authentication at the token endpoint',
      party: 'Party',
    },
    publicClient: 'none (a public client with PKCE)',
    first: 'First party',
    third: 'Third party',
    newHeading: 'Register a partner site', // e2e
    register: 'Register the site', // e2e
    save: 'Save',
    edit: 'Edit',
    editLabel: 'Edit {{clientId}}',
    rotate: 'New secret',
    rotateLabel: 'New secret for {{clientId}}',
    rotateTitle: 'A new secret for {{clientId}}?',
    rotateBody: 'The current secret stops working at once: the site must be given the new one.',
    remove: 'Remove',
    removeLabel: 'Remove {{clientId}}',
    removeTitle: 'Remove {{clientId}}?',
    removeBody: 'The site can no longer sign players in, and its grants end.',
    registered: '{{clientId}} is registered.',
    saved: '{{clientId}} is saved.',
    rotated: '{{clientId}} has a new secret.',
    removed: '{{clientId}} is removed.',
    secretHeading: 'The client secret', // e2e
    secretIntro: 'Copy the secret of {{clientId}} now and give it to the site: it is shown only once.',
    secretDone: 'I have copied the secret',
  },
  redirects: {
    heading: 'Redirect allow-list', // e2e
    intro: 'Players are sent back only to addresses these patterns allow.',
    testerHeading: 'Test an address', // e2e
    url: 'Address to test', // e2e
    test: 'Test', // e2e
    allowed: 'Allowed by {{pattern}}.',
    refused: 'Refused: {{reason}}.',
    reasons: {
      not_a_url: 'this is not an absolute http(s) address',
      scheme_not_allowed: 'only http and https are allowed',
      unsafe_characters: 'it holds spaces, control, backslash or non-ASCII characters',
      user_information: 'it holds user information or an @ before the host',
      encoded_authority: 'its host is percent-encoded',
      path_traversal: 'its path climbs with dot segments or encoded separators',
      ambiguous_host: 'its host could be read two ways',
      embedded_address: 'its path holds another address',
      no_pattern_for_host: 'no pattern names this host',
      scheme_or_port_mismatch: 'patterns name this host with another scheme or port',
      path_not_allowed: 'no pattern allows this path',
    },
    configured: 'From the configuration',
    newPattern: 'New pattern',
    newPatternHint: 'For example https://*.studio.example/ — never a pattern for any host.',
    add: 'Add the pattern',
    added: '{{pattern}} is added.',
    remove: 'Remove',
    removeLabel: 'Remove {{pattern}}',
    removeTitle: 'Remove {{pattern}}?',
    removeBody: 'Addresses only it allowed are refused from now on.',
    removed: '{{pattern}} is removed.',
  },
  ipBans: {
    heading: 'Banned addresses',
    intro: 'Calls from these addresses are refused where the spec bans addresses.',
    none: 'No address is banned.',
    range: 'Address or range',
    rangeHint: 'An IPv4 or IPv6 address, or a CIDR range such as 203.0.113.0/24.',
    reason: 'Reason',
    since: 'Since',
    until: 'Until',
    forever: 'No end',
    days: 'Days',
    daysHint: 'Left empty, the ban has no end.',
    newHeading: 'Ban an address',
    add: 'Ban',
    added: '{{range}} is banned.',
    remove: 'Lift',
    removeLabel: 'Lift the ban of {{range}}',
    removeTitle: 'Lift the ban of {{range}}?',
    removeBody: 'Calls from it are let through again.',
    removed: 'The ban of {{range}} is lifted.',
  },
  lists: {
    newsletterHeading: 'Newsletter lists',
    newsletterNew: 'Add a newsletter list',
    cookiesHeading: 'Cookie categories',
    cookiesNew: 'Add a cookie category',
    languages: { en: 'English', fr: 'French' },
    name: 'Name ({{language}})',
    description: 'Description ({{language}})',
    active: 'Active',
    optional: 'Optional (players may refuse it)',
    isActive: 'Active',
    isInactive: 'Inactive',
    isOptional: 'Optional',
    isRequired: 'Necessary',
    optIns_one: '{{count}} player opted in',
    optIns_other: '{{count}} players opted in',
    add: 'Add',
    save: 'Save',
    saved: '{{name}} is saved.',
    edit: 'Edit',
    editLabel: 'Edit {{name}}',
    remove: 'Remove',
    removeLabel: 'Remove {{name}}',
    removeTitle: 'Remove {{name}}?',
    removeListBody: 'Players no longer see it, and their opt-ins to it go.',
    removeCategoryBody: 'Players no longer see it, and their choices for it go.',
    removed: '{{name}} is removed.',
  },
  keys: {
    heading: 'Access keys',
    intro: 'Keys players redeem to register where registration needs one. Only their hashes are kept.',
    state: 'State',
    states: { all: 'All', unused: 'Unused', used: 'Used', revoked: 'Revoked', expired: 'Expired' },
    none: 'No key.',
    columns: { id: 'Id', batch: 'Batch', state: 'State', created: 'Created', usedBy: 'Used by' },
    export: 'Export as CSV',
    generateHeading: 'Generate keys',
    count: 'How many',
    batch: 'Batch label',
    expires: 'Valid for (days)',
    expiresHint: 'Left empty, the keys do not expire.',
    generate: 'Generate',
    generated_one: '{{count}} key is generated.',
    generated_other: '{{count}} keys are generated.',
    newKeys: 'The new keys',
    newKeysIntro: 'Copy or download them now: they are shown only once.',
    downloadNew: 'Download the keys',
    newKeysDone: 'I have saved the keys',
    revokeHeading: 'Revoke a batch',
    revoke: 'Revoke the batch',
    revoked_one: '{{count}} key is revoked.',
    revoked_other: '{{count}} keys are revoked.',
  },
  reports: {
    deletionsHeading: 'Why players left',
    summary: '{{deletions}} deletions left feedback: {{skipped}} gave no reason, {{withText}} wrote one.',
    type: 'Reason',
    count: 'Deletions',
    textsHeading: 'What they wrote',
    noTexts: 'No written reason yet.',
    surveyHeading: 'Survey answers',
    surveyIntro: 'Every player’s answers to the profiling survey, one row each, as a CSV file.',
    surveyDownload: 'Download the answers (CSV)',
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
