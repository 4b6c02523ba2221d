/**
 * The reCAPTCHA stand-in's page (DESIGN.md §1 "each simulator has a page a person can click through"):
 * what the stand-in is, its site keys and secrets, and a form choosing the verdict of this browser
 * (spec §"Captcha (when enabled)": a bot is "not allowed", an unavailable service is "an error").
 */
import { html, type SafeHtml } from '../shared/html.ts';
import { layout } from '../shared/layout.ts';
import { SANDBOX_RECAPTCHA_KEYS } from './keys.ts';
import { RECAPTCHA_SCORES } from './siteverify.ts';
import { RECAPTCHA_VERDICTS, type RecaptchaVerdict } from './verdict.ts';

/** Label and explanation of each verdict on the page. */
const VERDICT_TEXT: Record<RecaptchaVerdict, { label: string; effect: string }> = {
  human: { label: 'Human', effect: `siteverify succeeds with score ${RECAPTCHA_SCORES.human}.` },
  bot: { label: 'Bot', effect: `siteverify succeeds with score ${RECAPTCHA_SCORES.bot}.` },
  unavailable: {
    label: 'Unavailable',
    effect: 'siteverify answers HTTP 503, as when Google cannot be reached.',
  },
};

/**
 * The full page for a browser whose verdict is `current`; with `error`, a message above the form (used
 * with HTTP 400 for an invalid verdict).
 */
export function renderRecaptchaPage(current: RecaptchaVerdict, error?: string): SafeHtml {
  const keys = Object.entries(SANDBOX_RECAPTCHA_KEYS).map(
    ([siteKey, secret]) =>
      html`<tr>
        <td data-label="Site key"><code>${siteKey}</code></td>
        <td data-label="Secret"><code>${secret}</code></td>
      </tr>`,
  );
  const buttons = RECAPTCHA_VERDICTS.map(
    (verdict) =>
      html`<button
        type="submit"
        name="verdict"
        value="${verdict}"
        class="${verdict === current ? 'current' : 'secondary'}"
      >
        ${VERDICT_TEXT[verdict].label}
      </button>`,
  );
  const effects = RECAPTCHA_VERDICTS.map(
    (verdict) =>
      html`<dt>${VERDICT_TEXT[verdict].label}</dt>
        <dd>${VERDICT_TEXT[verdict].effect}</dd>`,
  );
  const body = html`<h1>reCAPTCHA</h1>
    <p>
      A stand-in for Google reCAPTCHA v3: <code>/recaptcha/api.js</code> gives pages tokens without any
      challenge, and <code>POST /recaptcha/api/siteverify</code> checks them like Google does (tokens are
      single-use and expire after two minutes). What it says of a token depends on the verdict chosen here for
      this browser.
    </p>
    ${error ? html`<p role="alert"><strong>${error}</strong></p>` : null}
    <h2>Verdict for this browser</h2>
    <p id="current-verdict">Current verdict: <strong>${VERDICT_TEXT[current].label}</strong></p>
    <dl class="meta">${effects}</dl>
    <div class="toolbar">
      <form method="post" action="/recaptcha/verdict" aria-labelledby="current-verdict">${buttons}</form>
    </div>
    <p class="muted">The choice is kept in a session cookie and applies to tokens issued afterwards.</p>
    <h2>Keys</h2>
    <table class="stack">
      <caption class="muted">
        Site keys and the secret of each
      </caption>
      <thead>
        <tr>
          <th scope="col">Site key</th>
          <th scope="col">Secret</th>
        </tr>
      </thead>
      <tbody>
        ${keys}
      </tbody>
    </table>`;
  return layout('reCAPTCHA', body);
}
