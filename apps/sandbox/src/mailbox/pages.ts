/**
 * Server-rendered pages of the sandbox mailbox (DESIGN.md §8 mailbox): the message list and one
 * message. Every piece of e-mail content is escaped; the HTML part is shown in a sandboxed `srcdoc`
 * frame (no scripts, no same-origin access) whose links open in the top window, so a person can follow
 * a verification link to the portal.
 */
import type { MailboxMessage } from '@guildgate/contracts';
import { html, linkify, type SafeHtml } from '../shared/html.ts';
import { layout } from '../shared/layout.ts';

/** Title of the list page: "Guildgate sandbox — Mailbox". */
const TITLE = 'Mailbox';

/** Permissions of the frame showing an e-mail's HTML part: links work, scripts and forms do not. */
const FRAME_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation';

/** "2025-01-31 13:45:07 UTC" from an ISO 8601 time. */
function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

function timeElement(iso: string): SafeHtml {
  return html`<time datetime="${iso}">${formatDate(iso)}</time>`;
}

function messagePath(id: string): string {
  return `/mailbox/${encodeURIComponent(id)}`;
}

function subjectOf(message: MailboxMessage): string {
  return message.subject.trim() === '' ? '(no subject)' : message.subject;
}

/**
 * The list page: filter-by-recipient form, "Empty mailbox" button, and a table of `messages` (given
 * newest first) with received time, recipients, sender and subject linking to the message page.
 * `filter` is the current recipient filter ("" for none).
 */
export function renderListPage(messages: readonly MailboxMessage[], filter: string): SafeHtml {
  const rows = messages.map(
    (message) =>
      html`<tr>
        <td data-label="Received">${timeElement(message.date)}</td>
        <td data-label="To">${message.to.join(', ')}</td>
        <td data-label="From">${message.from}</td>
        <td data-label="Subject"><a href="${messagePath(message.id)}">${subjectOf(message)}</a></td>
      </tr>`,
  );
  const count = `${messages.length} message${messages.length === 1 ? '' : 's'}`;
  const summary = filter === '' ? count : `${count} for ${filter}`;
  const table =
    messages.length === 0
      ? html`<p class="muted">No messages${filter === '' ? '' : html` for ${filter}`}.</p>`
      : html`<table class="stack">
          <caption class="muted">
            ${summary}, newest first
          </caption>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">To</th>
              <th scope="col">From</th>
              <th scope="col">Subject</th>
            </tr>
          </thead>
          <tbody>
            ${rows}
          </tbody>
        </table>`;
  const body = html`<h1>${TITLE}</h1>
    <div class="toolbar">
      <form method="get" action="/mailbox" role="search">
        <div>
          <label for="to">Recipient address</label>
          <input id="to" name="to" type="search" autocomplete="off" spellcheck="false" value="${filter}" />
        </div>
        <button type="submit">Filter</button>
        ${filter === '' ? '' : html`<a href="/mailbox">Show all</a>`}
      </form>
      <a href="${filter === '' ? '/mailbox' : `/mailbox?to=${encodeURIComponent(filter)}`}">Refresh</a>
      <form method="post" action="/mailbox/clear">
        <button type="submit" class="secondary">Empty mailbox</button>
      </form>
    </div>
    ${table}`;
  return layout(TITLE, body);
}

/**
 * One message: subject, sender, recipients, received time; the HTML part in a sandboxed frame (its links
 * open in the top window); the text part with its http(s) URLs turned into links.
 */
export function renderMessagePage(message: MailboxMessage): SafeHtml {
  // <base target="_top"> comes first so that it wins over any <base> of the e-mail itself.
  const frameDocument = `<base target="_top">${message.html}`;
  const htmlPart =
    message.html === ''
      ? html`<p class="muted">This message has no HTML part.</p>`
      : html`<iframe
          class="mail-html"
          title="HTML part of the message"
          sandbox="${FRAME_SANDBOX}"
          srcdoc="${frameDocument}"
        ></iframe>`;
  const textPart =
    message.text === ''
      ? html`<p class="muted">This message has no text part.</p>`
      : html`<pre class="mail-text">${linkify(message.text)}</pre>`;
  const body = html`<p><a href="/mailbox">← All messages</a></p>
    <h1>${subjectOf(message)}</h1>
    <dl class="meta">
      <dt>From</dt>
      <dd>${message.from}</dd>
      <dt>To</dt>
      <dd>${message.to.join(', ')}</dd>
      <dt>Received</dt>
      <dd>${timeElement(message.date)}</dd>
    </dl>
    <h2>HTML part</h2>
    ${htmlPart}
    <h2>Text part</h2>
    ${textPart}
    <p><a href="/mailbox/api/messages/${encodeURIComponent(message.id)}">Message as JSON</a></p>`;
  return layout(`${subjectOf(message)} — ${TITLE}`, body);
}

/** The page answered with 404 for an unknown message id. */
export function renderNotFoundPage(): SafeHtml {
  return layout(
    `Message not found — ${TITLE}`,
    html`<h1>Message not found</h1>
      <p>It may have been deleted, or the sandbox restarted. <a href="/mailbox">Back to the mailbox</a>.</p>`,
  );
}
