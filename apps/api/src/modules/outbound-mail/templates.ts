/**
 * E-mail templates rendered with React Email (DESIGN.md §3 mail) into an HTML part, with the text part
 * written from the same words ({@link textPart}), in the
 * mail's language (`ActionMailInput.locale`, issue 19 §7: `<html lang>` and the template's own words,
 * mail-texts.ts). Written with `createElement` because the API runs TypeScript by type stripping (no
 * JSX).
 */
import { createElement as h } from 'react';
// Each component from its own package: the `@react-email/components` bundle also loads Tailwind,
// Prism and Markdown, some 35 MB of a node's memory that no template uses (issue 23 P5).
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@guildgate/contracts';
import { linkHint } from './mail-texts.ts';

/** A rendered message: subject plus both parts. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What a call-to-action e-mail says. */
export interface ActionMailInput {
  /** Studio or community name shown as the sender brand. */
  brand: string;
  subject: string;
  greeting: string;
  lines: string[];
  actionLabel: string;
  actionUrl: string;
  footer: string;
  /**
   * A second, smaller link under the button, e.g. the security alerts' "This wasn't me" on the mail
   * of an e-mail change (issue 22 §6), rendered as `label: url` so that it also reads in the text part.
   */
  secondaryAction?: { label: string; url: string };
  /**
   * The language the words are in (mail-texts.ts `composeMail`); absent in rows queued before the mails
   * were translated, which are English.
   */
  locale?: Locale;
}

const styles = {
  body: { backgroundColor: '#f4f4f7', fontFamily: 'Arial, Helvetica, sans-serif', color: '#1f2330' },
  container: { backgroundColor: '#ffffff', padding: '32px', margin: '24px auto', maxWidth: '560px' },
  button: {
    backgroundColor: '#3b2db3',
    color: '#ffffff',
    padding: '12px 20px',
    borderRadius: '6px',
    textDecoration: 'none',
    fontWeight: 'bold',
  },
  small: { fontSize: '12px', color: '#555a6b' },
};

/**
 * Renders a message with one action button (and the raw link, for mail clients without HTML), and the
 * optional secondary link.
 */
export async function renderActionMail(input: ActionMailInput): Promise<RenderedMail> {
  const locale = isLocale(input.locale) ? input.locale : DEFAULT_LOCALE;
  const element = h(
    Html,
    { lang: locale },
    h(Head, null),
    h(Preview, null, input.subject),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1' }, input.brand),
        h(Text, null, input.greeting),
        ...input.lines.map((line, i) => h(Text, { key: i }, line)),
        h(
          Section,
          { style: { margin: '24px 0' } },
          h(Button, { href: input.actionUrl, style: styles.button }, input.actionLabel),
        ),
        h(Text, { style: styles.small }, linkHint(locale, input.actionUrl)),
        ...(input.secondaryAction
          ? [
              h(
                Text,
                null,
                `${input.secondaryAction.label}: `,
                h(Link, { href: input.secondaryAction.url }, input.secondaryAction.url),
              ),
            ]
          : []),
        h(Hr, null),
        h(Text, { style: styles.small }, input.footer),
      ),
    ),
  );
  const html = await render(element);
  return { subject: input.subject, html, text: textPart(input, locale) };
}

/** `text` as an HTML block reads in text: runs of white space as one space, no space at either end. */
const inline = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The text part of {@link renderActionMail}'s mail, written from the same input: what React Email's
 * `toPlainText` (html-to-text with its selectors) makes of the HTML part — the brand in capitals, each
 * paragraph alone, the button as "label url", the link hint, the secondary link as "label: url", a
 * 40-dash rule and the footer, blank lines between. Written rather than converted: the conversion
 * (html-to-text and its selector engine) was about 30 % of a registration's CPU (issue 23 P6), and
 * templates.test.ts checks that both give the same text for every mail of every kind and language.
 * @param locale the mail's language (the link hint's words)
 */
export function textPart(input: ActionMailInput, locale: Locale): string {
  const blocks = [
    inline(input.brand).toUpperCase(),
    inline(input.greeting),
    ...input.lines.map(inline),
    `${inline(input.actionLabel)} ${input.actionUrl}`,
    inline(linkHint(locale, input.actionUrl)),
    ...(input.secondaryAction
      ? [`${inline(input.secondaryAction.label)}: ${input.secondaryAction.url}`]
      : []),
    '-'.repeat(40),
    inline(input.footer),
  ];
  // An empty paragraph stays an empty block, as the conversion keeps it.
  return blocks.join('\n\n');
}
