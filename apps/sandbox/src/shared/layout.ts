/**
 * The page shell shared by every sandbox page (DESIGN.md §1, §8 mailbox): document skeleton, a small
 * readable stylesheet (WCAG AA contrast, visible focus), and the security headers sent with each page.
 */
import type { FastifyReply } from 'fastify';
import { html, SafeHtml } from './html.ts';

/** Product name shown in every title: "Guildgate sandbox — <page>". */
export const SANDBOX_NAME = 'Guildgate sandbox';

const STYLES = `
:root { color-scheme: light; --text: #1b1f24; --muted: #4a5360; --line: #c9d0d8; --link: #0b4fb3; --accent: #14365f; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text); background: #fff; }
header.site { background: var(--accent); color: #fff; padding: 0.75rem 1.25rem; }
header.site a { color: #fff; font-weight: 600; text-decoration: none; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
a { color: var(--link); }
a:focus-visible, button:focus-visible, input:focus-visible, iframe:focus-visible { outline: 3px solid #d9480f; outline-offset: 2px; }
h1 { font-size: 1.6rem; margin: 0.5rem 0 1rem; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin: 1.5rem 0 0.5rem; }
.toolbar { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: end; margin-bottom: 1rem; }
.toolbar form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; }
label { display: block; font-weight: 600; font-size: 0.9rem; }
input { font: inherit; padding: 0.35rem 0.5rem; border: 1px solid var(--muted); border-radius: 4px; min-width: 16rem; }
button { font: inherit; padding: 0.4rem 0.9rem; border-radius: 4px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: var(--accent); }
table { width: 100%; border-collapse: collapse; }
caption { text-align: left; padding-bottom: 0.25rem; }
th, td { text-align: left; padding: 0.45rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: anywhere; }
@media (max-width: 40rem) {
  table.stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  table.stack tr { display: block; border-bottom: 1px solid var(--line); padding: 0.4rem 0; }
  table.stack td { display: block; border: 0; padding: 0.1rem 0; }
  table.stack td::before { content: attr(data-label) ": "; font-weight: 600; }
}
th { font-size: 0.9rem; color: var(--muted); }
.muted { color: var(--muted); }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0; }
dl.meta dt { font-weight: 600; }
dl.meta dd { margin: 0; overflow-wrap: anywhere; }
iframe.mail-html { width: 100%; height: 32rem; border: 1px solid var(--line); border-radius: 4px; resize: vertical; background: #fff; }
pre.mail-text { white-space: pre-wrap; overflow-wrap: anywhere; background: #f5f7f9; border: 1px solid var(--line); border-radius: 4px; padding: 0.75rem; font-size: 0.95rem; }
ul.parts { padding-left: 1.25rem; }
`;

/**
 * Renders a complete HTML document: `<html lang="en">`, title "Guildgate sandbox — {title}", a header
 * linking to the sandbox index, and `body` inside `<main>`.
 */
export function layout(title: string, body: SafeHtml): SafeHtml {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="data:," />
        <title>${SANDBOX_NAME} — ${title}</title>
        <style>
          ${new SafeHtml(STYLES)}
        </style>
      </head>
      <body>
        <header class="site"><a href="/">${SANDBOX_NAME}</a></header>
        <main>${body}</main>
      </body>
    </html> `;
}

/** What a party's page may need beyond the sandbox's default policy (see {@link sendPage}). */
export interface PagePolicy {
  /**
   * Origins forms may post to besides the sandbox (e.g. "http://localhost:8080"): browsers apply
   * `form-action` to the redirect that follows a form post, so a page sending the browser on to a
   * relying party or a hub must allow its origin.
   */
  formTargets?: readonly string[];
  /** `img-src`: default `* data:` (e-mails rely on any image); a site that shows none says `data:`. */
  images?: string;
  /** `frame-ancestors`: default `'self'` (the mailbox frames e-mails); `'none'` for a page never framed. */
  frameAncestors?: "'self'" | "'none'";
  /** Adds `Cache-Control: no-store` (pages per player or per sign-in). */
  noStore?: boolean;
  /**
   * Lets the page run the sandbox's own scripts (`script-src 'self'`) and call `connectTo` with
   * `fetch` (`connect-src`); by default no script runs and nothing is fetched.
   */
  scripts?: { connectTo: readonly string[] };
}

/**
 * Content-Security-Policy of a sandbox page. No script runs anywhere (not even inside an e-mail's
 * HTML part: a `srcdoc` frame inherits this policy) but the sandbox's own on a page that asks for them; inline styles are allowed, and by default any
 * image, because e-mails rely on them; forms may only post back to the sandbox and to `formTargets`.
 */
function contentSecurityPolicy(policy: PagePolicy): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    ...(policy.scripts ? ["script-src 'self'", ['connect-src', ...policy.scripts.connectTo].join(' ')] : []),
    `img-src ${policy.images ?? '* data:'}`,
    ["form-action 'self'", ...(policy.formTargets ?? [])].join(' '),
    "base-uri 'none'",
    `frame-ancestors ${policy.frameAncestors ?? "'self'"}`,
  ].join('; ');
}

/**
 * Sends `page` as `text/html` with the sandbox security headers (CSP, nosniff, no referrer) and the
 * given HTTP status; `policy` widens or narrows them for one party's pages.
 */
export function sendPage(
  reply: FastifyReply,
  page: SafeHtml,
  statusCode = 200,
  policy: PagePolicy = {},
): FastifyReply {
  if (policy.noStore) void reply.header('cache-control', 'no-store');
  return reply
    .code(statusCode)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', contentSecurityPolicy(policy))
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(page.value);
}
