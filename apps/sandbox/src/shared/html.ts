/**
 * Safe server-side HTML for the sandbox pages (DESIGN.md §8 mailbox and every later simulator page).
 *
 * `html` is a tagged template that escapes every interpolated value, so user content (e-mail subjects,
 * addresses, bodies) can never turn into markup. Only values already wrapped in {@link SafeHtml} (built by
 * `html` itself or by {@link linkify}) are inserted as they are.
 */

/** A fragment of markup that is known to be safe; produced only by this module. */
export class SafeHtml {
  readonly value: string;

  constructor(value: string) {
    this.value = value;
  }

  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes `& < > " '` so that the text is inert both between tags and inside a quoted attribute value
 * (including `srcdoc`, whose value the browser un-escapes once before parsing it as a document).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/**
 * What a value of {@link html} may be: markup, text, a number, a URL (its `href`), nothing (`null`,
 * `undefined`, `false`: renders nothing; `true` renders "true"), or an array of these.
 */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | URL | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/**
 * Tagged template: `html\`<p>${text}</p>\`` → a {@link SafeHtml} in which every interpolated value is
 * escaped, except nested `SafeHtml` values; arrays are concatenated; `null`, `undefined` and `false`
 * render nothing.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  // A tagged template has one more string than values.
  let out = strings[0];
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1];
  });
  return new SafeHtml(out);
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/**
 * Escapes plain text and turns every `http://` / `https://` URL in it into a link. Only http(s) URLs
 * become links (never `javascript:` and the like); sentence punctuation right after a URL is left out
 * of it. Returns the escaped markup; line breaks are kept as they are (show it inside `<pre>` or with
 * `white-space: pre-wrap`).
 */
export function linkify(text: string): SafeHtml {
  const parts: SafeHtml[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    parts.push(html`${text.slice(last, start)}<a href="${url}">${url}</a>`);
    last = start + url.length;
  }
  parts.push(html`${text.slice(last)}`);
  return html`${parts}`;
}
