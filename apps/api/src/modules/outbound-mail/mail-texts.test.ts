/**
 * The e-mails' words in each locale (issue 19 §7; mail-texts.ts): every kind exists in English and
 * French, each French text is French (none of it left in English), every parameter reaches the words
 * in both languages, and the rendered template speaks the mail's language (`<html lang>`, link hint).
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@guildgate/contracts';
import { MAIL_TEXTS, composeMail, type MailParams } from './mail-texts.ts';
import { renderActionMail } from './templates.ts';
import type { MailKind } from './outbox.ts';

/** One set of distinctive parameters per kind. */
const PARAMS: { [K in MailKind]: MailParams[K] } = {
  'register-verification': { username: 'Ada42', ttlHours: 48 },
  'email-update-confirm': { username: 'Ada42', ttlHours: 48 },
  'email-update-notice': { username: 'Ada42', maskedEmail: 'a•••e@example.test' },
  'email-update-recovery': { username: 'Ada42', maskedEmail: 'a•••e@example.test', ttlDays: 7 },
  'password-recovery': { username: 'Ada42', ttlMinutes: 60 },
  'newsletter-joined': { username: 'Ada42', listName: 'Événements' },
};
const KINDS = Object.keys(PARAMS) as MailKind[];

/** Every text of a composed mail. */
function textsOf(kind: MailKind, locale: (typeof LOCALES)[number]): string[] {
  const mail = composeMail(kind, locale, 'Guildgate', 'http://portal.test/x', PARAMS[kind] as never);
  return [mail.subject, mail.greeting, ...mail.lines, mail.actionLabel, mail.footer];
}

describe('mail texts', () => {
  it('have every kind in every locale', () => {
    for (const locale of LOCALES) expect(Object.keys(MAIL_TEXTS[locale]).sort()).toEqual([...KINDS].sort());
  });

  it('are translated: no French text equals its English one', () => {
    for (const kind of KINDS) {
      const english = textsOf(kind, 'en');
      const french = textsOf(kind, 'fr');
      expect(french.length, kind).toBe(english.length);
      french.forEach((text, i) => expect(text, `${kind} #${i}`).not.toBe(english[i]));
      expect(french.join(' '), kind).not.toMatch(/\b(Hello|your|the|you|this|email)\b/i);
    }
  });

  it('carry every parameter in both languages', () => {
    for (const kind of KINDS) {
      for (const locale of LOCALES) {
        const all = textsOf(kind, locale).join('\n');
        for (const value of Object.values(PARAMS[kind]))
          expect(all, `${kind} ${locale}`).toContain(String(value));
      }
    }
  });

  it('pluralise counts by the locale', () => {
    const one = (locale: 'en' | 'fr') =>
      composeMail('password-recovery', locale, 'G', 'http://x', {
        username: 'A',
        ttlMinutes: 1,
      }).lines.join();
    expect(one('en')).toContain('1 minute.');
    expect(one('fr')).toContain('1 minute.');
    const days = composeMail('email-update-recovery', 'fr', 'G', 'http://x', {
      username: 'A',
      maskedEmail: 'm',
      ttlDays: 1,
    });
    expect(days.lines.join()).toContain('valable 1 jour)');
  });

  it('render in the mail language, and in English for rows queued before languages', async () => {
    const french = composeMail(
      'password-recovery',
      'fr',
      'Guildgate',
      'http://portal.test/r',
      PARAMS['password-recovery'],
    );
    const rendered = await renderActionMail(french);
    expect(rendered.html).toMatch(/<html[^>]*lang="fr"/);
    expect(rendered.text).toContain(
      'Si le bouton ne fonctionne pas, ouvrez cette adresse : http://portal.test/r',
    );
    const { locale: _ignored, ...legacy } = composeMail(
      'password-recovery',
      'en',
      'Guildgate',
      'http://portal.test/r',
      PARAMS['password-recovery'],
    );
    const old = await renderActionMail(legacy);
    expect(old.html).toMatch(/<html[^>]*lang="en"/);
    expect(old.text).toContain('If the button does not work, open this address: http://portal.test/r');
  });
});
