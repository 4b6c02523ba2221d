/**
 * English UI texts (DESIGN.md §6 "All UI text goes through i18next"). Error codes live in the `errors`
 * namespace, filled from `ERROR_MESSAGES_EN` (spec §8). A new locale adds a file of the same shape.
 */
import { ERROR_MESSAGES_EN } from '@guildgate/contracts';

/** The `translation` namespace. Accessible names used by the end-to-end tests are marked (e2e). */
export const EN = {
  app: {
    defaultTitle: 'Account',
    titlePrefix: 'Account - {{title}}',
    loading: 'Loading',
    skipToContent: 'Skip to main content',
    homeLink: '{{studio}} account home',
  },
  titles: {
    home: 'Home',
    login: 'Login',
    register: 'Register',
    confirmRegister: 'Check your mailbox',
    registerValidate: 'Account verification',
    confirmEmail: 'Email confirmation',
    sendConfirmation: 'Send confirmation email',
    myInformation: 'My information',
    logout: 'Log out',
    error: 'Error',
    badRequest: 'Bad request',
    internal: 'Internal error',
    notFound: 'Page not found',
    accessKey: 'Access key',
    partnerRegister: 'Confirm username',
    passwordRecovery: 'Password recovery',
    passwordRecoverySent: 'Password recovery email sent',
    passwordReset: 'Reset your password',
    connections: 'Connections',
    consent: 'Allow access',
    connectedSites: 'Connected sites',
    security: 'Security',
    newsletter: 'Newsletter',
    cookies: 'Cookies',
    yourData: 'Your data',
    admin: 'Operator console',
    deletionRequest: 'Deletion request',
    blockedUsers: 'Blocked users',
    updateEmail: 'Update email',
    updateEmailSuccess: 'Email updated',
    updateUsername: 'Update username',
    accountPasswordReset: 'Change password',
    deletionConfirm: 'Account deleted',
    survey: 'Profiler survey',
    surveyQualification: 'Profiler survey questions',
    surveyDone: 'Survey completed',
    unsubscribe: 'Unsubscribe',
    secureAccount: 'Secure your account',
    unverifiedAccount: 'Account not verified',
  },
  captcha: {
    protected: 'This form is protected by reCAPTCHA: the Google',
    privacy: 'Privacy Policy',
    and: 'and',
    terms: 'Terms of Service',
    apply: 'apply.',
  },
  common: {
    returnHome: 'Return to homepage',
    errorsHeading: 'There is a problem',
    opensInNewTab: '(opens in a new tab)',
  },
  forms: {
    unreachable:
      'We could not reach the server. What you typed is still here: check your connection, then try again.',
    retry: 'Retry', // e2e
    pleaseWait: 'Please wait…',
    showPassword: 'Show password', // e2e
    passwordRules:
      'Use 8 to 50 characters, with at least one letter and one number. It must not contain your username.',
    passwordRulesStudio:
      'Use 8 to 16 characters, with an upper case letter, a lower case letter and a number, and no spaces. It must not contain your username.',
  },
  routeError: {
    chunkHeading: 'This page could not be loaded.', // e2e
    chunkBody: 'The connection may have dropped, or the site was just updated. Reload the page to try again.',
    reload: 'Reload the page', // e2e
  },
  home: {
    heading: 'Your {{studio}} account',
    intro: 'One account for the whole community: log in once, play and take part everywhere.',
    browse: 'Browse website', // e2e
    login: 'Log in', // e2e
    register: 'Create an account', // e2e
    forgotPassword: 'Forgot your password?', // e2e
  },
  login: {
    heading: 'Log in',
    usernameOrEmail: 'Username or email', // e2e
    password: 'Password', // e2e
    next: 'Next', // e2e
    submit: 'Log in', // e2e
    notYou: 'Not you?', // e2e
    identifiedAs: 'Logging in as',
    noAccount: 'No account yet?',
    register: 'Create an account',
    forgotPassword: 'Forgot your password?',
    emailConfirmed: 'Your email address is confirmed, you can log in.',
    passwordChanged: 'Your password has been changed, you can log in with it.',
    mustConfirm: 'You must confirm your email address',
    sendConfirmation: 'Send a new confirmation email',
    partnerIntro: 'Your account signs in with {{partner}}.',
    partnerContinue: 'Continue with {{partner}}',
    partnerFollow: 'Go to {{partner}} to log in',
    partnerFallback: 'our partner',
    partnerSite: 'You are logging in to continue to {{site}}.', // e2e
  },
  register: {
    heading: 'Create an account',
    intro: 'All fields are required unless marked optional.',
    username: 'Username', // e2e
    firstname: 'First name', // e2e
    lastname: 'Last name', // e2e
    dateOfBirth: 'Date of birth', // e2e
    dateOfBirthHint: 'Format: YYYY-MM-DD',
    email: 'Email', // e2e
    confirmEmail: 'Confirm email', // e2e
    confirmEmailHint: 'Type your email address again (pasting is disabled).',
    password: 'Password', // e2e
    confirmPassword: 'Confirm password', // e2e
    referrer: 'Referrer (optional)', // e2e
    approvePrivacyPolicy: 'I accept the privacy policy', // e2e
    approveEula: 'I accept the terms of use (EULA)', // e2e
    approveCodeOfConduct: 'I accept the Code of Conduct', // e2e
    newsletter: 'Subscribe to the newsletter', // e2e
    consentsLegend: 'Terms and preferences',
    trapText: 'Leave this field empty',
    trapCheckbox: 'Leave this box unticked',
    submit: 'Create my account', // e2e
    haveAccount: 'Already have an account?',
    login: 'Log in',
  },
  confirmRegister: {
    heading: 'Check your mailbox', // e2e
    body: 'We have sent you an email. Follow the link it contains to confirm your address and activate your account.',
    resendIntro: 'No email after a few minutes? Check your spam folder, or',
    resend: 'send a new confirmation email',
  },
  confirm: {
    confirmHeading: 'Email confirmation',
    verifyHeading: 'Account verification',
    inProgress: 'Checking your link…',
    resend: 'Send a new confirmation email',
    sendHeading: 'Send a new confirmation email',
    sendIntro: 'Enter the email address of your account and we will send you a new confirmation link.',
    email: 'Email', // e2e
    send: 'Send', // e2e
  },
  account: {
    registeredSince: 'Registered since {{date}}',
    profile: 'View my profile',
    logout: 'Log out', // e2e
    sectionsLabel: 'Account sections',
    sectionsToggle: '{{sections}}: {{current}}', // e2e
    avatarAlt: '',
    nav: {
      information: 'My information',
      connections: 'Connections',
      connectedSites: 'Connected sites', // e2e
      security: 'Security', // e2e
      newsletter: 'Newsletter',
      cookies: 'Cookies',
      cookieSettings: 'Cookie settings',
      blockedUsers: 'Blocked Users',
      yourData: 'Your data',
      deletion: 'Deletion Request',
    },
    information: {
      heading: 'My information',
      username: 'Username',
      email: 'Email',
      password: 'Password',
      passwordHidden: 'hidden',
      update: 'Update', // e2e
      usernameChanged: 'Your username has been changed.', // e2e
      passwordChanged: 'Your password has been changed.', // e2e
    },
    badges: {
      heading: 'Badges', // e2e
      none: 'You have no badges yet.',
      earn: 'Answer the profiler survey to earn the Profiler Badge.',
      earnedOn: 'earned on {{date}}',
      names: { Profiler: 'Profiler Badge' }, // e2e
    },
  },
  logout: {
    heading: 'Log out',
    inProgress: 'Logging you out…',
  },
  errors: {
    heading: 'Ooops, something went wrong.',
    notFound: 'This page does not exist.',
    internal: 'An unexpected error occurred on our side. Please try again later.',
  },
  partnerRedirect: {
    login: 'Redirecting you to the partner login',
    register: 'Redirecting you to the partner registration',
  },
  accessKey: {
    heading: 'Enter your access key',
    intro: 'Registration is by invitation: enter the access key you received.',
    key: 'Key', // e2e
    next: 'Next', // e2e
    haveAccount: 'Already have an account?',
    login: 'Log in',
  },
  passwordRecovery: {
    heading: 'Forgot your password?',
    intro: 'Enter the email address of your account and we will send you a link to choose a new password.',
    email: 'Email', // e2e
    send: 'Send', // e2e
    sentHeading: 'Check your mailbox',
    sentBody: 'If an account uses this address, we have sent it a link to reset your password.',
    resetHeading: 'Choose a new password',
    newPassword: 'New password', // e2e
    confirmPassword: 'Confirm', // e2e
    resetSubmit: 'Reset my password', // e2e
    backToLogin: 'Back to login',
    checking: 'Checking your link…',
    newLinkIntro: 'Ask for a new link: we will email it to you.',
    requestNewLink: 'Request a new link', // e2e
  },
  oauth: {
    heading: 'Signing you in',
    partnerHeading: 'Completing your partner sign-in',
    registerHeading: 'Confirm username',
    registerIntro: 'Choose the username you will use in the community.',
    username: 'Username', // e2e
    confirm: 'Confirm', // e2e
    email: 'Email', // e2e
  },
  connections: {
    heading: 'Connections',
    intro: 'Link your other gaming accounts.',
    connect: 'Connect', // e2e
    connectLabel: 'Connect {{name}}',
    unlink: 'Unlink',
    unlinkLabel: 'Unlink {{name}}',
    refresh: 'Refresh',
    refreshLabel: 'Refresh {{name}}',
    linkedAs: 'Linked as {{name}}',
    notLinked: 'Not linked',
    unavailable: 'Not available yet',
    lastSync: 'Last synchronised {{age}} ago',
    neverSynced: 'Never synchronised',
    avatarAlt: '{{name}} avatar',
    unlinkConfirm: {
      title: 'Unlink {{name}}?', // e2e
      body: 'Your {{name}} account will no longer be linked to your player account. You can link it again at any time.',
      cancel: 'Cancel', // e2e
    },
    age: {
      days_one: '{{count}} day',
      days_other: '{{count}} days',
      hours_one: '{{count}} hour',
      hours_other: '{{count}} hours',
      minutes_one: '{{count}} minute',
      minutes_other: '{{count}} minutes',
      seconds_one: '{{count}} second',
      seconds_other: '{{count}} seconds',
    },
  },
  connectedSites: {
    heading: 'Connected sites', // e2e
    intro:
      'Sites you signed in to with your account. Each one can see the information listed under its name.',
    empty: 'No site has access to your account.', // e2e
    access: 'It can see:',
    scopes: {
      openid: 'Your player identifier',
      profile: 'Your username, avatar, titles, badges and linked Steam account',
      email: 'Your email address and whether it is confirmed',
    },
    lastUsed: 'Last used {{date}}',
    remove: 'Remove access', // e2e
    removeLabel: 'Remove access for {{name}}', // e2e
    confirm: {
      title: 'Remove access for {{name}}?', // e2e
      body: '{{name}} will be signed out and will no longer see your information. You can sign in there again at any time.',
      cancel: 'Cancel', // e2e
    },
    removed: 'Access removed: {{name}} can no longer see your information.', // e2e
  },
  newsletter: {
    heading: 'Newsletter',
    intro: 'Choose the newsletters you want to receive.',
    empty: 'There is no newsletter to subscribe to.',
    savedOn: 'Saved: you will receive {{name}}.', // e2e
    savedOff: 'Saved: you will no longer receive {{name}}.', // e2e
  },
  cookies: {
    heading: 'Cookies',
    intro: 'Choose which cookies we may use.',
    saved: 'Your choice has been saved.',
  },
  consent: {
    heading: 'Your cookie choices', // e2e
    body: 'We use necessary cookies to run this site. With your consent, we also use analytical cookies to see how the site is used and marketing cookies to show you relevant offers. Change your choice at any time with "Manage cookies" at the bottom of every page.',
    acceptAll: 'Accept all', // e2e
    rejectAll: 'Reject all', // e2e
    settings: 'Settings', // e2e
    settingsHeading: 'Cookie settings', // e2e
    settingsIntro: 'Choose which cookies we may use. Necessary cookies are always on.',
    alwaysOn: 'Always on',
    confirm: 'Confirm', // e2e
    close: 'Close', // e2e
    loading: 'Loading the cookie categories…',
    loadFailed: 'The cookie categories could not be loaded. Please try again later.',
  },
  deletion: {
    heading: 'Deletion request',
    step: 'Step {{step}} of {{total}}',
    passwordHeading: 'Confirm it is you',
    reasonHeading: 'Tell us why',
    chooseReason: 'Choose a reason, or Skip.',
    contactSupport:
      'Your account is deleted by our support team. Contact them and they will delete it and all its data for you.',
    contact: 'Contact support', // e2e
    passwordIntro: 'Enter your password to confirm it is you.',
    password: 'Password', // e2e
    confirm: 'Confirm', // e2e
    reasonLegend: 'Why do you want to delete your account?',
    otherReason: 'Tell us more',
    skip: 'Skip',
    sureHeading: 'Are you sure?',
    sureBody: 'Your account and its data will be deleted. This cannot be undone.',
    cancel: 'Cancel',
    delete: 'Delete',
    doneHeading: 'Your account has been successfully deleted.',
    returnHome: 'Return to homepage',
  },
  blockedUsers: {
    heading: 'Blocked users',
    intro: 'Players you have blocked cannot contact you.',
    empty: 'You have not blocked anyone.',
    unblock: 'Unblock', // e2e
    unblockLabel: 'Unblock {{name}}',
    confirm: {
      title: 'Unblock {{name}}?', // e2e
      body: '{{name}} will be able to contact you again. You can block them again on the community site.',
      cancel: 'Cancel', // e2e
    },
  },
  updateEmail: {
    heading: 'Update email',
    newEmail: 'New email', // e2e
    confirmEmail: 'Confirm email', // e2e
    confirmEmailHint: 'Type the new address again (copy and paste are disabled).',
    confirm: 'Confirm', // e2e
    requested: 'We have sent a confirmation link to {{email}}. Follow it to finish the change.',
    pendingHeading: 'Confirmation pending', // e2e
    pendingKeep: 'Until you follow the link, your account keeps its current address.',
    changeAgain: 'Use another address', // e2e
    linkHeading: 'Updating your email',
    successHeading: 'Your email has been successfully updated.',
    returnToAccount: 'Return to my account',
  },
  updateUsername: {
    heading: 'Update username',
    newUsername: 'New username', // e2e
    confirm: 'Confirm', // e2e
  },
  reauth: {
    heading: 'Confirm your password', // e2e
    intro: 'For your security, enter your current password to make this change.',
    password: 'Current password', // e2e
    confirm: 'Confirm password', // e2e
    cancel: 'Cancel',
  },
  accountPasswordReset: {
    heading: 'Change password',
    oldPassword: 'Old password', // e2e
    newPassword: 'New password', // e2e
    confirmPassword: 'Confirm password', // e2e
    confirm: 'Confirm', // e2e
  },
  linking: {
    // One name per outside party, as Connections shows it (issue 19 §7).
    steam: 'Steam',
    twitch: 'Twitch',
    'epic-games': 'Epic Games',
    linking: 'Linking your {{provider}} account',
    refreshing: 'Refreshing your {{provider}} account',
    callback: 'Finishing the link with your {{provider}} account',
    unlinking: 'Unlinking your {{provider}} account',
  },
  survey: {
    heading: 'Profiler survey',
    intro: 'Answer ten short questions about how you play and earn the Profiler Badge.',
    start: 'Start the survey', // e2e
    connectPrompt:
      'Connect your Steam account first: the survey can only be answered with it, and your answers are saved with it.',
    connect: 'Connect my Steam account', // e2e
    alreadyEarned:
      'You already hold the Profiler Badge. You may answer the survey again to update your profile.',
    questionsIntro:
      'Each question appears once the one before it is answered. Every question is required except the last one.',
    progress: 'Question {{step}} of {{total}}',
    revealed: 'Question {{step}} of {{total}} is now shown below.',
    chooseAll: 'Choose all that apply.',
    submit: 'Send my answers', // e2e
    questions: {
      about: 'Tell us about yourself',
      Age: 'How old are you?',
      Gender: 'What is your gender?',
      Country: 'Which country do you live in?',
      DevType: 'If you made games, which role would suit you best?',
      FavoriteFeatures: 'What do you enjoy most in our community?',
      OtherFavoriteFeatures: 'What else do you enjoy?',
      SocialNetworks: 'Which social networks do you use?',
      OtherSocialNetworks: 'Which other social networks do you use?',
      information: 'How do you keep up with games?',
      Gameinformationources: 'Where do you look for information about games?',
      HasInfluencers: 'Do you follow influencers or content creators?',
      Influencers: 'Which influencers or content creators do you follow?',
      GamingWebsites: 'Which gaming websites do you visit?',
      reviews: 'How much do reviews matter when you choose a game?',
      Reviews_GamingWebsite: 'Reviews on gaming websites',
      Reviews_Influencers: 'Reviews by influencers',
      Reviews_Steam: 'Reviews on Steam',
      HasOtherStudios: 'Do you follow other game studios?',
      OtherStudios: 'Which studios do you follow?',
      AdditionnalMessage: 'Anything else you would like to tell us?',
    },
    labels: {
      Country: 'Country', // e2e
      AdditionnalMessage: 'Your message (optional)', // e2e
    },
    options: {
      yes: 'Yes',
      no: 'No',
      other: 'Other',
      Age: { '1': 'Under 18', '2': '18 to 24', '3': '25 to 34', '4': '35 or over' },
      Gender: { '1': 'Male', '2': 'Female', '3': 'Other' },
      DevType: {
        '1': 'Game designer',
        '2': 'Graphic artist',
        '3': 'Developer',
        '4': 'Writer',
        '5': 'Producer',
        '6': 'Musician',
      },
      FavoriteFeatures: {
        DevBlogs: 'Dev blogs',
        Forums: 'Forums',
        Ideas: 'Ideas',
        Votes: 'Votes',
        Contests: 'Contests',
        Tutorials: 'Tutorials',
        Help: 'Help',
        SomethingElse: 'Something else',
      },
      SocialNetworks: {
        Twitter: 'Twitter',
        Discord: 'Discord',
        Facebook: 'Facebook',
        Reddit: 'Reddit',
        Instagram: 'Instagram',
        Youtube: 'YouTube',
        Twitch: 'Twitch',
        SnapChat: 'Snapchat',
        Other: 'Other',
      },
      Gameinformationources: {
        LetsPlays: "Let's Plays",
        VideoGuides: 'Video guides',
        WrittenGuides: 'Written guides',
        Wikis: 'Wikis',
        Discussions: 'Discussions',
        Other: 'Other',
      },
      Reviews: {
        '1': "I don't care",
        '2': 'Not that much',
        '3': 'It helps',
        '4': "Can't decide without them",
      },
    },
    doneHeading: "You're all done! Thank you so much!",
    reward: 'The Profiler Badge has been added to your rewards.',
    rewardKept: 'Your answers have been updated. You already hold the Profiler Badge.',
    backToAccount: 'Back to my account',
  },
  unsubscribe: {
    heading: 'Unsubscribe',
    body: 'You have been unsubscribed.',
    inProgress: 'Unsubscribing…',
  },
  unverified: {
    heading: 'Your {{studio}} account has not been verified', // e2e
    intro: 'Open the link in the validation email we sent you, or ask for a new one.',
    send: 'Send Validation Email', // e2e
    sending: 'Sending…',
    sent: 'A new validation email has been sent.', // e2e
    failed: 'An error occured. Please try again later.', // e2e (spelt so, spec §2)
    returnHome: 'Return to Home', // e2e
  },
} as const;

/** The `errors` namespace: code → message (spec §8). */
export const EN_ERRORS: Record<string, string> = { ...ERROR_MESSAGES_EN };

/**
 * Texts of the page shell and the studio copy (spec §1 branding, §2 Header and cookie control): header,
 * footer cookie control, non-production badge and each brand's welcome lines (`brand.<copyKey>`, see
 * environments/branding.ts). Merged into the `translation` namespace by i18n.ts.
 */
export const EN_SHELL = {
  shell: {
    playerAccount: 'Player account',
    environmentLabel: 'Environment',
    environments: { staging: 'Staging', test: 'Test', preprod: 'Pre-production' },
    cookieSettings: 'Manage cookies', // e2e
    footerNote: '{{studio}} player account',
  },
  // The footer's language switcher (issue 19 §7): each language named in its own language.
  language: {
    label: 'Language', // e2e
    en: 'English', // e2e
    fr: 'Français', // e2e
  },
  brand: {
    community: {
      welcome: 'Welcome to the Guildgate community',
      login: 'Log in to the Guildgate community',
      tagline: 'One account for every game, forum and event of the community.',
    },
    twoPointStudios: {
      welcome: 'Welcome to the Two Point Studios community',
      login: 'Log in to the Two Point Studios community',
      tagline: 'Plan it, build it, laugh about it: together.',
    },
    creativeAssembly: {
      welcome: 'Welcome to the Creative Assembly community',
      login: 'Log in to the Creative Assembly community',
      tagline: 'Gather your allies and plan your next campaign.',
    },
    focus: {
      welcome: 'Welcome to the Focus Entertainment community',
      login: 'Log in to the Focus Entertainment community',
      tagline: 'Bold stories, sharp players: find your crew.',
    },
    sandbox: {
      welcome: 'Welcome to the Sandbox community',
      login: 'Log in to the Sandbox community',
      tagline: 'A safe place to try everything out.',
    },
    avalanche: {
      welcome: 'Welcome to the Avalanche Studios community',
      login: 'Log in to the Avalanche Studios community',
      tagline: 'Big worlds, bigger adventures: find your squad.',
    },
  },
} as const;
