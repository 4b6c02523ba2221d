/**
 * The English texts of the Your data page (/account/your-data; issue 22 §8 Download my data), a
 * namespace of its own (`dataExport`, i18n.ts) loaded with the page. data-export-fr.ts has the same keys.
 */
export const DATA_EXPORT_EN = {
  heading: 'Download your data',
  intro:
    'You can download a copy of everything {{studio}} stores about you, in JSON, a machine-readable format you can keep or take to another service.',
  containsHeading: 'What the file contains',
  contains: {
    account: 'Your account: username, email address, name, date of birth, language, partner sign-on id',
    consents: 'Your cookie choices and the newsletters you receive',
    connections: 'The accounts you linked (Steam, Twitch, Epic Games) and the sites you allowed',
    blocks: 'The players you blocked, and how many players blocked you',
    survey: 'Your survey answers and your badges',
    sessions: 'Where you are signed in: address, browser and dates',
    events: 'Your security events and the emails we sent you',
  },
  noSecrets: 'It never contains your password or any code or token that could sign in to your account.',
  reauth: 'For your security, you may be asked to confirm your password first.',
  download: 'Download my data',
  downloaded: 'Your data was downloaded as {{file}}.',
} as const;
