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
  },
  common: {
    returnHome: 'Return to homepage',
    errorsHeading: 'There is a problem',
  },
  home: {
    heading: 'Welcome to your {{studio}} account',
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
    mustConfirm: 'You must confirm your email address',
    sendConfirmation: 'Send a new confirmation email',
    partnerIntro: 'Your account signs in with {{partner}}.',
    partnerContinue: 'Continue with {{partner}}',
    partnerFollow: 'Go to {{partner}} to log in',
    partnerFallback: 'our partner',
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
    avatarAlt: '',
    nav: {
      information: 'My information',
      connections: 'Connections',
      newsletter: 'Newsletter',
      cookies: 'Cookies',
      cookieSettings: 'Cookie settings',
      blockedUsers: 'Blocked Users',
      deletion: 'Deletion Request',
    },
    information: {
      heading: 'My information',
      username: 'Username',
      email: 'Email',
      password: 'Password',
      passwordHidden: 'hidden',
      update: 'Update', // e2e
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
} as const;

/** The `errors` namespace: code → message (spec §8). */
export const EN_ERRORS: Record<string, string> = { ...ERROR_MESSAGES_EN };
