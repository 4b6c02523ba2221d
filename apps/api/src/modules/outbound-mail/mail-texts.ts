/**
 * The words of every e-mail, in each locale of the portal (issue 19 §7 "French, completely";
 * docs/architecture.md "Languages"). A call site picks the language with lib/locale.ts `mailLocale`
 * (the player's saved locale, else the request's Accept-Language when the mail is queued, else
 * English) and builds the outbox row's content with {@link composeMail}; the template (templates.ts)
 * takes its own few words (the link hint) from {@link linkHint} in the same language.
 *
 * English is the reference; French says the same. A new locale adds a {@link MailCatalogue} to
 * {@link MAIL_TEXTS} (the type makes every kind required).
 */
import type { Locale } from '@guildgate/contracts';
import type { MailKind } from './outbox.ts';
import type { ActionMailInput } from './templates.ts';

/**
 * What a security alert announces (issue 22 §6): a password log-in from a device the account had not
 * been used on, a password change (in the account or by recovery), an e-mail change, a second factor
 * added or removed, a recovery code used.
 */
export type SecurityEvent =
  | 'new-device'
  | 'password-changed'
  | 'email-changed'
  | 'second-factor-added'
  | 'second-factor-removed'
  | 'recovery-code-used';

/**
 * Where and when a security event happened, as an alert tells it: `at` ISO 8601 UTC; the browser and
 * operating system parsed from the request's user agent (null when unknown); the request's IP address
 * (null when unknown).
 */
export interface SecurityEventOrigin {
  at: string;
  browser: string | null;
  os: string | null;
  ip: string | null;
}

/** An alert's parts: its event's origin, the "This wasn't me" link and that link's lifetime in days. */
export interface SecurityAlertParams {
  origin: SecurityEventOrigin;
  secureUrl: string;
  ttlDays: number;
}

/** What each kind of mail says something about (besides the brand and the link). */
export interface MailParams {
  'register-verification': { username: string; ttlHours: number };
  'email-update-confirm': { username: string; ttlHours: number };
  'email-update-notice': { username: string; maskedEmail: string };
  /** With `alert` (the securityAlerts flag on), the mail is also the e-mail change's security alert. */
  'email-update-recovery': {
    username: string;
    maskedEmail: string;
    ttlDays: number;
    alert?: SecurityAlertParams;
  };
  'password-recovery': { username: string; ttlMinutes: number };
  'newsletter-joined': { username: string; listName: string };
  /** The action link is the "This wasn't me" link; `alert.secureUrl` is that same link. */
  'security-alert': { username: string; event: SecurityEvent; alert: SecurityAlertParams };
}

/** The words of one mail: everything of {@link ActionMailInput} but the brand, the link and the locale. */
export type MailWords = Omit<ActionMailInput, 'brand' | 'actionUrl' | 'locale'>;

/** One locale's mails: for each kind, its words from the brand (studio name) and the kind's parameters. */
export type MailCatalogue = { [K in MailKind]: (brand: string, params: MailParams[K]) => MailWords };

/** `count` followed by the noun's singular or plural form, by the locale's plural rules (Intl). */
function counted(locale: Locale, count: number, one: string, other: string): string {
  return `${count} ${new Intl.PluralRules(locale).select(count) === 'one' ? one : other}`;
}

/** The words of a security alert in one locale (both catalogues fill one). */
interface AlertWords {
  /** The subject and first line of each event. */
  events: Record<SecurityEvent, (brand: string) => { subject: string; line: string }>;
  /** The detail lines: when (already formatted), device and IP address. */
  details: (when: string, device: string, ip: string) => string[];
  /** A browser on an operating system; either may be unknown. */
  device: (browser: string | null, os: string | null) => string;
  unknown: string;
  /** What to do when it was not the player, with the link's lifetime. */
  advice: (ttlDays: number) => string;
  /** The "This wasn't me" link's label. */
  action: string;
  footer: string;
}

/** The event's time in `locale`, in UTC, e.g. `May 12, 2025 at 14:03 UTC` / `12 mai 2025 à 14:03 UTC`. */
function alertTime(locale: Locale, at: string): string {
  const format = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
  return `${format.format(new Date(at))} UTC`;
}

/** The detail lines of an alert (time, device, IP address) in `locale`. */
function alertDetails(locale: Locale, words: AlertWords, origin: SecurityEventOrigin): string[] {
  return words.details(
    alertTime(locale, origin.at),
    words.device(origin.browser, origin.os),
    origin.ip ?? words.unknown,
  );
}

const EN_ALERT: AlertWords = {
  events: {
    'new-device': (brand) => ({
      subject: `New sign-in to your ${brand} account`,
      line: `Your ${brand} account was just signed in to from a device it had not been used on before.`,
    }),
    'password-changed': (brand) => ({
      subject: `Your ${brand} password was changed`,
      line: `The password of your ${brand} account was changed.`,
    }),
    'email-changed': (brand) => ({
      subject: `Your ${brand} email address was changed`,
      line: `The email address of your ${brand} account was changed.`,
    }),
    'second-factor-added': (brand) => ({
      subject: `A second factor was added to your ${brand} account`,
      line: `A second factor was added to your ${brand} account.`,
    }),
    'second-factor-removed': (brand) => ({
      subject: `A second factor was removed from your ${brand} account`,
      line: `A second factor was removed from your ${brand} account.`,
    }),
    'recovery-code-used': (brand) => ({
      subject: `A recovery code of your ${brand} account was used`,
      line: `One of the recovery codes of your ${brand} account was used to sign in.`,
    }),
  },
  details: (when, device, ip) => [`When: ${when}`, `Device: ${device}`, `IP address: ${ip}`],
  device: (browser, os) => (browser && os ? `${browser} on ${os}` : (browser ?? os ?? 'an unknown device')),
  unknown: 'unknown',
  advice: (ttlDays) =>
    `If this was you, you can ignore this email. If it was not, secure your account now: we will sign you out everywhere and send you a link to choose a new password. The button works once and expires in ${counted('en', ttlDays, 'day', 'days')}.`,
  action: 'This was not me: secure my account',
  footer: 'You receive this security alert because this address belongs to the account.',
};

const FR_ALERT: AlertWords = {
  events: {
    'new-device': (brand) => ({
      subject: `Nouvelle connexion à votre compte ${brand}`,
      line: `Quelqu’un vient de se connecter à votre compte ${brand} depuis un appareil qui n’avait encore jamais servi pour ce compte.`,
    }),
    'password-changed': (brand) => ({
      subject: `Le mot de passe de votre compte ${brand} a été modifié`,
      line: `Le mot de passe de votre compte ${brand} a été modifié.`,
    }),
    'email-changed': (brand) => ({
      subject: `L’adresse e-mail de votre compte ${brand} a été modifiée`,
      line: `L’adresse e-mail de votre compte ${brand} a été modifiée.`,
    }),
    'second-factor-added': (brand) => ({
      subject: `Un second facteur a été ajouté à votre compte ${brand}`,
      line: `Un second facteur a été ajouté à votre compte ${brand}.`,
    }),
    'second-factor-removed': (brand) => ({
      subject: `Un second facteur a été retiré de votre compte ${brand}`,
      line: `Un second facteur a été retiré de votre compte ${brand}.`,
    }),
    'recovery-code-used': (brand) => ({
      subject: `Un code de secours de votre compte ${brand} a été utilisé`,
      line: `L’un des codes de secours de votre compte ${brand} a servi à se connecter.`,
    }),
  },
  details: (when, device, ip) => [`Quand : ${when}`, `Appareil : ${device}`, `Adresse IP : ${ip}`],
  device: (browser, os) =>
    browser && os ? `${browser} sous ${os}` : (browser ?? os ?? 'un appareil inconnu'),
  unknown: 'inconnue',
  advice: (ttlDays) =>
    `Si c’était vous, vous pouvez ignorer cet e-mail. Sinon, sécurisez votre compte dès maintenant : nous vous déconnecterons partout et vous enverrons un lien pour choisir un nouveau mot de passe. Le bouton ne fonctionne qu’une fois et expire dans ${counted('fr', ttlDays, 'jour', 'jours')}.`,
  action: 'Ce n’était pas moi : sécuriser mon compte',
  footer: 'Vous recevez cette alerte de sécurité car cette adresse appartient au compte.',
};

/** Each locale's alert words. */
const ALERT_WORDS: Readonly<Record<Locale, AlertWords>> = { en: EN_ALERT, fr: FR_ALERT };

/** A security alert's words in `locale` (one function for every locale: only the words differ). */
function securityAlert(locale: Locale) {
  return (brand: string, { username, event, alert }: MailParams['security-alert']): MailWords => {
    const words = ALERT_WORDS[locale];
    const { subject, line } = words.events[event](brand);
    return {
      subject,
      greeting: locale === 'fr' ? `Bonjour ${username},` : `Hello ${username},`,
      lines: [line, ...alertDetails(locale, words, alert.origin), words.advice(alert.ttlDays)],
      actionLabel: words.action,
      footer: words.footer,
    };
  };
}

/**
 * The e-mail change's recovery mail as its security alert too (`params.alert` set): the detail lines,
 * the advice and the "This wasn't me" link added to `words` (one mail to the old address, not two).
 */
function withAlert(locale: Locale, words: MailWords, alert: SecurityAlertParams | undefined): MailWords {
  if (!alert) return words;
  const alertWords = ALERT_WORDS[locale];
  return {
    ...words,
    lines: [
      ...words.lines,
      ...alertDetails(locale, alertWords, alert.origin),
      alertWords.advice(alert.ttlDays),
    ],
    secondaryAction: { label: alertWords.action, url: alert.secureUrl },
  };
}

const EN: MailCatalogue = {
  'register-verification': (brand, { username, ttlHours }) => ({
    subject: `Confirm your ${brand} account`,
    greeting: `Hello ${username},`,
    lines: [
      `Thank you for creating your ${brand} account.`,
      `Please confirm your email address to finish. This link works once and expires in ${counted('en', ttlHours, 'hour', 'hours')}.`,
    ],
    actionLabel: 'Confirm my email address',
    footer: 'If you did not create this account, you can ignore this email.',
  }),
  'email-update-confirm': (brand, { username, ttlHours }) => ({
    subject: `Confirm your new ${brand} email address`,
    greeting: `Hello ${username},`,
    lines: [
      `You asked to use this address for your ${brand} account.`,
      `Please confirm it. This link works once and expires in ${counted('en', ttlHours, 'hour', 'hours')}.`,
    ],
    actionLabel: 'Confirm my new email address',
    footer: 'If you did not ask for this, you can ignore this email: nothing changes.',
  }),
  'email-update-notice': (brand, { username, maskedEmail }) => ({
    subject: `A change of your ${brand} email address was requested`,
    greeting: `Hello ${username},`,
    lines: [
      `Someone signed in to your ${brand} account asked to change its email address to ${maskedEmail}.`,
      'Nothing changes until the new address is confirmed. If it is confirmed, we will send you a link to undo it.',
      'If this was not you, change your password now.',
    ],
    actionLabel: 'Review my account',
    footer: 'You receive this message because this address belongs to the account.',
  }),
  'email-update-recovery': (brand, { username, maskedEmail, ttlDays, alert }) =>
    withAlert(
      'en',
      {
        subject: `Your ${brand} email address was changed`,
        greeting: `Hello ${username},`,
        lines: [
          `The email address of your ${brand} account is now ${maskedEmail}.`,
          `If you did not make this change, restore this address with the button below (valid ${counted('en', ttlDays, 'day', 'days')}), then change your password.`,
        ],
        actionLabel: 'Restore my email address',
        footer: 'If you made this change, you can ignore this email.',
      },
      alert,
    ),
  'password-recovery': (brand, { username, ttlMinutes }) => ({
    subject: `Reset your ${brand} password`,
    greeting: `Hello ${username},`,
    lines: [
      `Someone asked to reset the password of your ${brand} account.`,
      `Choose a new password with the button below. This link works once and expires in ${counted('en', ttlMinutes, 'minute', 'minutes')}.`,
    ],
    actionLabel: 'Choose a new password',
    footer: 'If you did not ask for this, you can ignore this email: your password stays the same.',
  }),
  'newsletter-joined': (brand, { username, listName }) => ({
    subject: `You are subscribed to ${listName}`,
    greeting: `Hello ${username},`,
    lines: [
      `You will now receive "${listName}" from ${brand}.`,
      'You can leave this list at any time from your account or with the button below.',
    ],
    actionLabel: 'Unsubscribe',
    footer: 'You receive this message because you subscribed from your account.',
  }),
  'security-alert': securityAlert('en'),
};

const FR: MailCatalogue = {
  'register-verification': (brand, { username, ttlHours }) => ({
    subject: `Confirmez votre compte ${brand}`,
    greeting: `Bonjour ${username},`,
    lines: [
      `Merci d’avoir créé votre compte ${brand}.`,
      `Veuillez confirmer votre adresse e-mail pour terminer. Ce lien ne fonctionne qu’une fois et expire dans ${counted('fr', ttlHours, 'heure', 'heures')}.`,
    ],
    actionLabel: 'Confirmer mon adresse e-mail',
    footer: 'Si vous n’avez pas créé ce compte, vous pouvez ignorer cet e-mail.',
  }),
  'email-update-confirm': (brand, { username, ttlHours }) => ({
    subject: `Confirmez votre nouvelle adresse e-mail ${brand}`,
    greeting: `Bonjour ${username},`,
    lines: [
      `Vous avez demandé à utiliser cette adresse pour votre compte ${brand}.`,
      `Veuillez la confirmer. Ce lien ne fonctionne qu’une fois et expire dans ${counted('fr', ttlHours, 'heure', 'heures')}.`,
    ],
    actionLabel: 'Confirmer ma nouvelle adresse e-mail',
    footer:
      'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail : rien ne change.',
  }),
  'email-update-notice': (brand, { username, maskedEmail }) => ({
    subject: `Un changement d’adresse e-mail de votre compte ${brand} a été demandé`,
    greeting: `Bonjour ${username},`,
    lines: [
      `Une personne connectée à votre compte ${brand} a demandé à remplacer son adresse e-mail par ${maskedEmail}.`,
      'Rien ne change tant que la nouvelle adresse n’est pas confirmée. Si elle l’est, nous vous enverrons un lien pour annuler ce changement.',
      'Si ce n’était pas vous, changez votre mot de passe dès maintenant.',
    ],
    actionLabel: 'Vérifier mon compte',
    footer: 'Vous recevez ce message car cette adresse appartient au compte.',
  }),
  'email-update-recovery': (brand, { username, maskedEmail, ttlDays, alert }) =>
    withAlert(
      'fr',
      {
        subject: `L’adresse e-mail de votre compte ${brand} a été modifiée`,
        greeting: `Bonjour ${username},`,
        lines: [
          `L’adresse e-mail de votre compte ${brand} est désormais ${maskedEmail}.`,
          `Si vous n’êtes pas à l’origine de ce changement, rétablissez cette adresse avec le bouton ci-dessous (valable ${counted('fr', ttlDays, 'jour', 'jours')}), puis changez votre mot de passe.`,
        ],
        actionLabel: 'Rétablir mon adresse e-mail',
        footer: 'Si vous avez fait ce changement, vous pouvez ignorer cet e-mail.',
      },
      alert,
    ),
  'password-recovery': (brand, { username, ttlMinutes }) => ({
    subject: `Réinitialisez votre mot de passe ${brand}`,
    greeting: `Bonjour ${username},`,
    lines: [
      `Quelqu’un a demandé à réinitialiser le mot de passe de votre compte ${brand}.`,
      `Choisissez un nouveau mot de passe avec le bouton ci-dessous. Ce lien ne fonctionne qu’une fois et expire dans ${counted('fr', ttlMinutes, 'minute', 'minutes')}.`,
    ],
    actionLabel: 'Choisir un nouveau mot de passe',
    footer:
      'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail : votre mot de passe reste le même.',
  }),
  'newsletter-joined': (brand, { username, listName }) => ({
    subject: `Vous êtes abonné à ${listName}`,
    greeting: `Bonjour ${username},`,
    lines: [
      `Vous recevrez désormais « ${listName} » de ${brand}.`,
      'Vous pouvez quitter cette liste à tout moment depuis votre compte ou avec le bouton ci-dessous.',
    ],
    actionLabel: 'Me désabonner',
    footer: 'Vous recevez ce message car vous vous êtes abonné depuis votre compte.',
  }),
  'security-alert': securityAlert('fr'),
};

/** Every locale's mails. */
export const MAIL_TEXTS: Readonly<Record<Locale, MailCatalogue>> = { en: EN, fr: FR };

/**
 * The content of an outbox row: the words of `kind` in `locale`, with the brand, the action link and
 * the locale (which the template renders as `<html lang>` and uses for its own words).
 */
export function composeMail<K extends MailKind>(
  kind: K,
  locale: Locale,
  brand: string,
  actionUrl: string,
  params: MailParams[K],
): ActionMailInput {
  const words = MAIL_TEXTS[locale][kind](brand, params);
  return { ...words, brand, actionUrl, locale };
}

/** The template's line under the button, for mail clients where it does not work, in `locale`. */
export function linkHint(locale: Locale, url: string): string {
  return locale === 'fr'
    ? `Si le bouton ne fonctionne pas, ouvrez cette adresse : ${url}`
    : `If the button does not work, open this address: ${url}`;
}
