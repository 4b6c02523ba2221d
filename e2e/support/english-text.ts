/**
 * Finding English left on a French page or in a French e-mail (issue 19 §7 "French, completely").
 *
 * The English to look for is every English text whose French differs: the SPA's catalogues (`EN` +
 * `EN_SHELL` against `FR`, `EN_ERRORS` against `FR_ERRORS`, the consent page's `CONSENT_EN` against
 * `CONSENT_FR`), the reference data the server sends
 * (apps/api/src/db/reference-data.ts: cookie categories, newsletter lists, deletion reasons) and the
 * e-mails' words (apps/api/src/modules/outbound-mail/mail-texts.ts). Texts the two languages share (brand
 * names, 'Newsletter', 'Cookies', the switcher's 'English' / 'Français') are not English leftovers and
 * are left out. A text with placeholders (`{{studio}}`, a mail's username) matches with anything in
 * their place; matches are case-sensitive and whole-word (`Confirm` is not found in `Confirmer`).
 *
 * A page's text is what a person reads or hears: the visible text (`innerText`, visually hidden
 * screen-reader text included), the accessible names and descriptions given in attributes
 * (`aria-label`, `alt`, `title`, `placeholder`) and the document title.
 */
import { expect, type Page } from '@playwright/test';
import type { MailboxMessage } from '@guildgate/contracts';
import {
  CONSENT_EN,
  CONSENT_FR,
  DATA_EXPORT_EN,
  DATA_EXPORT_FR,
  SECURE_ACCOUNT_EN,
  SECURE_ACCOUNT_FR,
  PASSKEY_LOGIN_EN,
  PASSKEY_LOGIN_FR,
  SECOND_FACTOR_EN,
  SECOND_FACTOR_FR,
  SECURITY_EN,
  SECURITY_FR,
  EN,
  EN_ERRORS,
  EN_SHELL,
  FR,
  FR_ERRORS,
  textLeaves as leaves,
} from '@guildgate/web/testing';
import {
  COOKIE_CATEGORIES,
  DELETION_TYPES,
  MAIL_TEXTS,
  NEWSLETTER_LISTS,
  type MailWords,
  type SecurityAlertParams,
  type SecurityEvent,
} from '@guildgate/api/testing';

/** One English text to look for, and the pattern that finds it. */
interface EnglishText {
  /** Where it comes from (a catalogue key, a reference row, a mail kind). */
  source: string;
  text: string;
  pattern: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Text a hole stands for (a placeholder's value): anything on one line, however short. */
const HOLE = '[^\\n]+?';

/** The `{{count}}` placeholder of the plural texts, and what it stands for: a number. */
const COUNT = /\{\{count\}\}/;
const COUNT_HOLE = '\\p{N}+(?:[.,\\s\\u202f]\\p{N}+)*';

/**
 * The whole-word pattern of `text` whose `holes` (placeholders) match anything but `{{count}}`, which
 * matches a number only (else `{{count}} second` would find the French « Un second facteur »); null
 * when the text has no word of its own to find (only placeholders and punctuation).
 */
function patternOf(text: string, holes: RegExp): RegExp | null {
  if (!text.split(holes).some((part) => /\p{L}{2,}/u.test(part))) return null;
  const body = text
    .split(COUNT)
    .map((piece) =>
      piece
        .split(holes)
        .map((part) => escape(part.replace(/\s+/g, ' ')))
        .join(HOLE),
    )
    .join(COUNT_HOLE);
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'u');
}

function entry(source: string, text: string, holes: RegExp): EnglishText[] {
  const pattern = patternOf(text, holes);
  return pattern ? [{ source, text: text.split(holes).join('…'), pattern }] : [];
}

const PLACEHOLDER = /\{\{[^}]*\}\}/;

/** The catalogue texts whose French differs. */
function catalogueTexts(): EnglishText[] {
  // The page namespaces (consent, issue 21 §3; Your data, issue 22 §8; secureAccount, issue 22 §6; the
  // Security page, the second-factor form and "Sign in with a passkey", issue 22 §1–§4) under their own
  // names, as i18next loads them.
  const french = leaves({
    ...FR,
    'consent:': CONSENT_FR,
    'dataExport:': DATA_EXPORT_FR,
    'secureAccount:': SECURE_ACCOUNT_FR,
    'security:': SECURITY_FR,
    'second-factor:': SECOND_FACTOR_FR,
    'passkey-login:': PASSKEY_LOGIN_FR,
  });
  const ui = [
    ...leaves({
      ...EN,
      ...EN_SHELL,
      'consent:': CONSENT_EN,
      'dataExport:': DATA_EXPORT_EN,
      'secureAccount:': SECURE_ACCOUNT_EN,
      'security:': SECURITY_EN,
      'second-factor:': SECOND_FACTOR_EN,
      'passkey-login:': PASSKEY_LOGIN_EN,
    }),
  ]
    .filter(([key, text]) => french.get(key) !== text)
    .flatMap(([key, text]) => entry(key, text, PLACEHOLDER));
  const errors = Object.entries(EN_ERRORS)
    .filter(([code, text]) => (FR_ERRORS as Record<string, string>)[code] !== text)
    .flatMap(([code, text]) => entry(`errors.${code}`, text, PLACEHOLDER));
  return [...ui, ...errors];
}

/** The reference data's English texts whose French differs. */
function referenceTexts(): EnglishText[] {
  const pairs: Array<[string, string, string]> = [
    ...COOKIE_CATEGORIES.flatMap((c): Array<[string, string, string]> => [
      ['cookie category', c.name, c.fr.name],
      ['cookie category', c.description, c.fr.description],
    ]),
    ...NEWSLETTER_LISTS.map((l): [string, string, string] => ['newsletter list', l.name, l.fr]),
    ...DELETION_TYPES.map((d): [string, string, string] => ['deletion type', d.description, d.fr]),
  ];
  return pairs
    .filter(([, english, french]) => english !== french)
    .flatMap(([source, english]) => entry(source, english, PLACEHOLDER));
}

/** A value no real text holds, standing for each parameter of a mail (numbers print as `NaN`). */
const MAIL_HOLE = '⟦hole⟧';
const MAIL_HOLES = /⟦hole⟧|NaN/;

/** A security alert's parts (issue 22 §6) as holes; the time is a real one (it is formatted). */
const ALERT_HOLES: SecurityAlertParams = {
  origin: { at: '2025-01-01T00:00:00.000Z', browser: MAIL_HOLE, os: MAIL_HOLE, ip: MAIL_HOLE },
  secureUrl: MAIL_HOLE,
  ttlDays: Number.NaN,
};

/** The events a security alert tells (mail-texts.ts `SecurityEvent`). */
const SECURITY_EVENTS: SecurityEvent[] = [
  'new-device',
  'password-changed',
  'email-changed',
  'second-factor-added',
  'second-factor-removed',
  'recovery-code-used',
];

/** The e-mails' English texts, their parameters as holes. */
function mailTexts(): EnglishText[] {
  const params = (extra: object) =>
    new Proxy(extra, {
      get: (target, key) =>
        key in target
          ? (target as Record<string | symbol, unknown>)[key]
          : typeof key === 'string' && /^ttl/.test(key)
            ? Number.NaN
            : MAIL_HOLE,
    });
  return Object.entries(MAIL_TEXTS.en).flatMap(([kind, words]) => {
    // A security alert once per event; the e-mail change's recovery mail with its alert.
    const variants =
      kind === 'security-alert'
        ? SECURITY_EVENTS.map((event) => params({ event, alert: ALERT_HOLES }))
        : kind === 'email-update-recovery'
          ? [params({ alert: ALERT_HOLES })]
          : [params({})];
    return variants.flatMap((values) => {
      const english = (words as (brand: string, values: never) => MailWords)(MAIL_HOLE, values as never);
      const texts = [
        english.subject,
        english.greeting,
        ...english.lines,
        english.actionLabel,
        english.footer,
        ...(english.secondaryAction ? [english.secondaryAction.label] : []),
      ];
      return texts.flatMap((text) => entry(`mail ${kind}`, text, MAIL_HOLES));
    });
  });
}

/** Every English text a French page must not show. */
export const ENGLISH_TEXTS: readonly EnglishText[] = [...catalogueTexts(), ...referenceTexts()];
/** Every English text a French e-mail must not hold. */
export const ENGLISH_MAIL_TEXTS: readonly EnglishText[] = mailTexts();

/** The English texts found in `text` (whitespace runs count as one space), as `source: text`. */
export function englishIn(text: string, among: readonly EnglishText[] = ENGLISH_TEXTS): string[] {
  const normalized = text.replace(/[ \t\u00a0]+/g, ' ');
  return among.filter((e) => e.pattern.test(normalized)).map((e) => `${e.source}: ${e.text}`);
}

/** What a person reads or hears on the page: visible text, attribute names and the title. */
export function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const element of document.body.querySelectorAll('[aria-label],[alt],[title],[placeholder]')) {
      const box = element as HTMLElement;
      if (box.closest('[hidden],[aria-hidden="true"]')) continue;
      for (const name of ['aria-label', 'alt', 'title', 'placeholder']) {
        const value = box.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    return parts.join('\n');
  });
}

/**
 * Fails with the English texts found on the page (`label` names the page in the message); also checks
 * `<html lang="fr">`. Call it once the page has its content (its heading is shown).
 */
export async function expectNoEnglish(page: Page, label: string): Promise<void> {
  await expect(page.locator('html'), `<html lang> on ${label}`).toHaveAttribute('lang', 'fr');
  const found = englishIn(await pageText(page));
  expect(found, `English on ${label} (${page.url()})`).toEqual([]);
}

/** Fails unless `mail` is French: `<html lang="fr">` and none of the e-mails' English texts. */
export function expectFrenchMail(mail: MailboxMessage): void {
  expect(mail.html, `<html lang> of '${mail.subject}'`).toMatch(/<html[^>]*\slang="fr"/);
  expect(englishIn(`${mail.subject}\n${mail.text}`, ENGLISH_MAIL_TEXTS), mail.subject).toEqual([]);
  expect(englishIn(`${mail.subject}\n${mail.text}`), mail.subject).toEqual([]);
}
