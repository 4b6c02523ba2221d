/**
 * The English texts of the account's Security page (issue 22 §5, §7; features/security), the `security`
 * namespace: a chunk of their own, loaded only when the page asks for them (i18n.ts PAGE_NAMESPACES), so
 * no other page grows. Accessible names used by the end-to-end tests are marked (e2e).
 */
export const SECURITY_EN = {
  heading: 'Security', // e2e
  intro: 'Check where your {{studio}} account is signed in and what happened on it recently.',
  totp: {
    heading: 'Authenticator app', // e2e
    intro: 'After your password, sign-in asks for a code from an authenticator app on your phone.',
    off: 'Not set up.',
    on: 'Set up on {{date}}.',
    codesLeft_one: '{{count}} recovery code left.',
    codesLeft_other: '{{count}} recovery codes left.',
    setUp: 'Set up an authenticator app', // e2e
    scan: 'Scan this QR code with your authenticator app, or enter the key by hand.',
    qr: 'QR code for your authenticator app',
    key: 'Key:', // e2e
    code: 'Code from the app', // e2e
    confirm: 'Confirm the code', // e2e
    cancel: 'Cancel the set-up',
    codesHeading: 'Your recovery codes', // e2e
    codesIntro:
      'Each code lets you sign in once if you cannot use your authenticator app. They are shown only now: keep them somewhere safe.',
    copy: 'Copy the codes',
    copied: 'The codes have been copied.',
    download: 'Download the codes',
    saved: 'I have saved my recovery codes', // e2e
    done: 'Done', // e2e
    remove: 'Remove the authenticator app', // e2e
    removed: 'The authenticator app has been removed.', // e2e
    regenerate: 'Get new recovery codes', // e2e
    enabled: 'The authenticator app is set up.', // e2e
  },
  passkeys: {
    heading: 'Passkeys', // e2e
    intro:
      'A passkey signs you in with your fingerprint, face or screen lock instead of a password, and can be your second step after the password.',
    unsupported:
      'This browser cannot create or use passkeys. Open this page in a browser that supports them to add or manage yours.',
    listLabel: 'Your passkeys', // e2e
    none: 'You have no passkey yet.',
    add: 'Add a passkey', // e2e
    name: 'Passkey name', // e2e
    nameHint: 'A name to recognise it by, such as the device or password manager that keeps it.',
    defaultName: 'Passkey',
    deviceName: '{{browser}} on {{os}}',
    create: 'Create the passkey', // e2e
    cancelAdd: 'Not now',
    added: 'Added on {{date}}',
    lastUsed: 'Last used on {{date}}',
    neverUsed: 'Not used yet',
    synced: 'Synced across devices', // e2e
    rename: 'Rename', // e2e
    renameLabel: 'Rename {{name}}', // e2e
    newName: 'New name for {{name}}', // e2e
    save: 'Save the name', // e2e
    cancelRename: 'Keep the name',
    remove: 'Remove', // e2e
    removeLabel: 'Remove {{name}}', // e2e
    confirm: {
      title: 'Remove the passkey {{name}}?',
      body: 'You will no longer be able to sign in with it. The passkey itself stays on your device or in your password manager until you delete it there.',
      remove: 'Remove the passkey', // e2e
      cancel: 'Keep it',
    },
    addedNotice: 'The passkey {{name}} has been added.', // e2e
    addedWithCodes: 'Your passkey has been added.', // e2e
    renamedNotice: 'The passkey has been renamed {{name}}.', // e2e
    removedNotice: 'The passkey {{name}} has been removed.', // e2e
    cancelled:
      'No passkey was created: the browser’s window was closed. You can try again when you are ready.', // e2e
    codesIntro:
      'Each code lets you sign in once if you cannot use your passkey. They are shown only now: keep them somewhere safe.',
    errors: {
      registered: 'This device or password manager already holds a passkey for your account.',
      unsupported: 'This browser cannot create a passkey for this site.',
      failed: 'The passkey could not be created. Please try again.',
    },
  },
  sessions: {
    heading: "Where you're signed in", // e2e
    intro: 'These devices are signed in to your account. Sign out any you do not recognise.',
    thisDevice: 'This device', // e2e
    unknownDevice: 'Unknown device',
    deviceOn: '{{browser}} on {{os}}',
    types: {
      desktop: 'Computer',
      mobile: 'Phone',
      tablet: 'Tablet',
      console: 'Game console',
      smarttv: 'TV',
      wearable: 'Watch',
      embedded: 'Device',
    },
    ip: 'IP address: {{ip}}',
    unknownIp: 'IP address unknown',
    firstUsed: 'Signed in on {{date}}',
    lastUsed: 'Last active on {{date}}',
    signOut: 'Sign out', // e2e
    signOutLabel: 'Sign out {{device}}', // e2e
    signedOut: '{{device}} has been signed out.', // e2e
    signOutOthers: 'Sign out everywhere else', // e2e
    noOthers: 'You are not signed in anywhere else.',
    confirm: {
      title: 'Sign out everywhere else?',
      body: 'Every other device signed in to your account will be signed out at once. This device stays signed in.',
      cancel: 'Keep them signed in',
    },
    signedOutOthers_one: '{{count}} other device has been signed out.', // e2e
    signedOutOthers_other: '{{count}} other devices have been signed out.', // e2e
  },
  activity: {
    heading: 'Recent activity', // e2e
    intro: 'Security events on your account over the last 90 days, newest first.',
    empty: 'Nothing to show for the last 90 days.',
    more: 'Show more',
    from: 'From {{where}}',
    at: 'Site: {{client}}',
    types: {
      'session.created': 'Signed in', // e2e
      'session.logged_out': 'Logged out',
      'session.signed_out_remotely': 'Signed out another device', // e2e
      'session.signed_out_others': 'Signed out everywhere else',
      'login.failed': 'Failed sign-in attempt (wrong password)',
      'login.second_factor_failed': 'Failed sign-in attempt (wrong code or passkey)',
      'reauthentication.second_factor_failed': 'Wrong code or passkey when confirming it was you',
      'partner.signed_in': 'Signed in with your studio account',
      'password.changed': 'Password changed',
      'password.recovered': 'Password reset with a recovery link',
      'email.update_requested': 'Email address change requested',
      'email.updated': 'Email address changed',
      'email.recovered': 'Email address change undone',
      'connection.linked': 'Account connected',
      'connection.unlinked': 'Account disconnected',
      'oidc.code_issued': 'Signed in to a partner site',
      'connected-site.removed': "Removed a site's access",
      'second_factor.added': 'Two-step verification method added (authenticator app or passkey)',
      'second_factor.removed': 'Two-step verification method removed (authenticator app or passkey)',
      'recovery_codes.regenerated': 'New recovery codes created',
      'recovery_code.used': 'Signed in with a recovery code',
    },
  },
} as const;
