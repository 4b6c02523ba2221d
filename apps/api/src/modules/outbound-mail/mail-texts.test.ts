/**
 * The e-mails' words in each locale (issue 19 §7; mail-texts.ts): every kind exists in English and
 * French, each French text is French (none of it left in English), every parameter reaches the words
 * in both languages, and the rendered template speaks the mail's language (`<html lang>`, link hint);
 * the text part, written from the mail's words, is what React Email's `toPlainText` makes of its HTML
 * part, for every kind in every language and for words with odd spacing and markup characters.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@guildgate/contracts';
import {
  MAIL_TEXTS,
  composeMail,
  type MailParams,
  type SecurityAlertParams,
  type SecurityEvent,
} from './mail-texts.ts';
import { toPlainText } from '@react-email/render';
import { renderActionMail, textPart, type ActionMailInput } from './templates.ts';
import type { MailKind } from './outbox.ts';

/** A security alert's parts (issue 22 §6). */
const ALERT: SecurityAlertParams = {
  origin: { at: '2025-05-12T14:03:00.000Z', browser: 'Firefox 128', os: 'Ubuntu', ip: '203.0.113.7' },
  secureUrl: 'http://portal.test/secure-account?token=abc',
  ttlDays: 7,
};

/** One set of distinctive parameters per kind. */
const PARAMS: { [K in MailKind]: MailParams[K] } = {
  'register-verification': { username: 'Ada42', ttlHours: 48 },
  'email-update-confirm': { username: 'Ada42', ttlHours: 48 },
  'email-update-notice': { username: 'Ada42', maskedEmail: 'a•••e@example.test' },
  'email-update-recovery': { username: 'Ada42', maskedEmail: 'a•••e@example.test', ttlDays: 7 },
  'password-recovery': { username: 'Ada42', ttlMinutes: 60 },
  'newsletter-joined': { username: 'Ada42', listName: 'Événements' },
  'security-alert': { username: 'Ada42', event: 'new-device', alert: ALERT },
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
    // The security alert's parameters are nested (its event and origin): checked in 'security alerts'.
    for (const kind of KINDS.filter((k) => k !== 'security-alert')) {
      for (const locale of LOCALES) {
        const all = textsOf(kind, locale).join('\n');
        for (const value of Object.values(PARAMS[kind]) as (string | number)[])
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

  describe('security alerts', () => {
    const EVENTS: SecurityEvent[] = [
      'new-device',
      'password-changed',
      'email-changed',
      'second-factor-added',
      'second-factor-removed',
      'recovery-code-used',
    ];

    it('tell each event with its time (UTC), device, IP address and the link lifetime, in both languages', () => {
      const subjects = new Set<string>();
      for (const locale of LOCALES) {
        for (const event of EVENTS) {
          const mail = composeMail('security-alert', locale, 'Guildgate', ALERT.secureUrl, {
            username: 'Ada42',
            event,
            alert: ALERT,
          });
          subjects.add(mail.subject);
          const all = [mail.subject, mail.greeting, ...mail.lines, mail.actionLabel, mail.footer].join('\n');
          expect(all).toContain('Ada42');
          expect(all).toContain('Guildgate');
          expect(all).toContain('203.0.113.7');
          expect(all).toContain(locale === 'fr' ? 'Firefox 128 sous Ubuntu' : 'Firefox 128 on Ubuntu');
          expect(all).toContain(locale === 'fr' ? '12 mai 2025' : 'May 12, 2025');
          expect(all).toContain('14:03 UTC');
          expect(all).toContain(locale === 'fr' ? '7 jours' : '7 days');
          expect(mail.actionUrl).toBe(ALERT.secureUrl);
        }
      }
      // Every event has its own subject in each language.
      expect(subjects.size).toBe(EVENTS.length * LOCALES.length);
    });

    it('name an unknown device and address as such', () => {
      const unknown = { ...ALERT, origin: { at: ALERT.origin.at, browser: null, os: null, ip: null } };
      const en = composeMail('security-alert', 'en', 'G', 'http://x', {
        username: 'A',
        event: 'password-changed',
        alert: unknown,
      });
      expect(en.lines).toContain('Device: an unknown device');
      expect(en.lines).toContain('IP address: unknown');
      const fr = composeMail('security-alert', 'fr', 'G', 'http://x', {
        username: 'A',
        event: 'password-changed',
        alert: unknown,
      });
      expect(fr.lines).toContain('Appareil : un appareil inconnu');
    });

    it("fold into the e-mail change's recovery mail as its second link", async () => {
      const mail = composeMail('email-update-recovery', 'fr', 'Guildgate', 'http://portal.test/r', {
        username: 'Ada42',
        maskedEmail: 'a•••e@example.test',
        ttlDays: 7,
        alert: ALERT,
      });
      expect(mail.secondaryAction).toEqual({
        label: 'Ce n’était pas moi : sécuriser mon compte',
        url: ALERT.secureUrl,
      });
      expect(mail.lines.join('\n')).toContain('Adresse IP : 203.0.113.7');
      const rendered = await renderActionMail(mail);
      expect(rendered.text).toContain(ALERT.secureUrl);
      expect(rendered.html).toContain(`href="${ALERT.secureUrl.replace('&', '&amp;')}"`);
      // Without the alert (flag off), the mail is as before.
      const plain = composeMail('email-update-recovery', 'en', 'G', 'http://x', {
        username: 'A',
        maskedEmail: 'm',
        ttlDays: 7,
      });
      expect(plain.secondaryAction).toBeUndefined();
    });
  });
});

describe('the text part', () => {
  it("is what React Email's toPlainText makes of the HTML part, for every kind and language", async () => {
    const inputs: { input: ActionMailInput; locale: (typeof LOCALES)[number] }[] = [];
    for (const locale of LOCALES)
      for (const kind of KINDS)
        inputs.push({
          input: composeMail(
            kind,
            locale,
            'Guildgate',
            'http://portal.test/x?a=1&b=2',
            PARAMS[kind] as never,
          ),
          locale,
        });
    const alerted = composeMail('email-update-recovery', 'en', 'Straße Studio', 'http://portal.test/r', {
      username: 'Ada42',
      maskedEmail: 'a•••e@example.test',
      ttlDays: 7,
      alert: ALERT,
    });
    const odd: ActionMailInput = {
      ...alerted,
      greeting: '  Hello   <b>Zoë</b> &amp; co,\n',
      lines: ['Two\nlines  and\ttabs', '', '<script>alert(1)</script> 5 < 6 > 4 "quoted" \'single\''],
      footer: 'Footer — with an ellipsis…',
    };
    inputs.push({ input: alerted, locale: 'en' }, { input: odd, locale: 'en' });
    for (const { input, locale } of inputs) {
      const rendered = await renderActionMail({ ...input, locale });
      expect(rendered.text, input.subject).toBe(toPlainText(rendered.html));
      expect(rendered.text).toBe(textPart(input, locale));
    }
  });
});
