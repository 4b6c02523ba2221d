/**
 * The sign-in page of a partner studio's sandbox identity provider (DESIGN.md §1 "each simulator has a
 * page a person can click through"), shown by `oidc-party.ts` at `<prefix>/interaction/<uid>` instead of
 * the account chooser of Twitch and Epic Games. Two forms, both posting to the interaction:
 *
 * - "Sign in to <name>" (form named by the heading): `username` (label "Username or email"), `password`
 *   (label "Password"), buttons "Sign in" (`decision=sign-in`, also what Enter does) and "Cancel"
 *   (`decision=cancel`, no validation);
 * - "Create a test account": `username` ("Username"), `email` ("Email"), `email_verified` (checkbox "Email
 *   verified", value `on`, checked by default), `password` ("Password"), button "Create account and sign
 *   in" (`decision=create`).
 *
 * A refused post shows the page again with the message in a `role="alert"` paragraph inside the form it
 * concerns, the fields of that form marked `aria-invalid` and described by it, and the posted values back
 * (never the password).
 */
import { html, type SafeHtml } from '../shared/html.ts';
import { layout } from '../shared/layout.ts';
import type { OidcFormFailure, OidcInteractionPage } from '../shared/oidc-party.ts';
import { PARTNER_PASSWORD, PARTNER_USERNAME } from './accounts.ts';

/** What the sign-in page shows: the interaction, and the refused post if any. */
export type LoginPage = OidcInteractionPage & { readonly failure?: OidcFormFailure };

/** A labelled text input inside a paragraph, with an optional hint and the form's error. */
function textField(field: {
  id: string;
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string;
  hint?: string;
  errorId?: string;
}): SafeHtml {
  const hintId = field.hint ? `${field.id}-hint` : undefined;
  const describedBy = [hintId, field.errorId].filter(Boolean).join(' ');
  return html`<p>
    <label for="${field.id}">${field.label}</label>
    <input
      type="${field.type}"
      id="${field.id}"
      name="${field.name}"
      autocomplete="${field.autocomplete}"
      required
      ${field.value !== undefined ? html`value="${field.value}"` : null}
      ${describedBy ? html`aria-describedby="${describedBy}"` : null}
      ${field.errorId ? html`aria-invalid="true"` : null}
    />
    ${field.hint ? html`<span id="${hintId}" class="muted">${field.hint}</span>` : null}
  </p>`;
}

/** The alert of a form, or nothing. */
function alertOf(id: string, message: string | undefined): SafeHtml | null {
  return message ? html`<p role="alert" id="${id}"><strong>${message}</strong></p>` : null;
}

/** The page (see the module comment): title "Sign in to <party name>". */
export function renderLoginPage(page: LoginPage): SafeHtml {
  const { failure } = page;
  const creating = failure?.form.decision === 'create';
  const signInError = failure && !creating ? failure.error : undefined;
  const createError = creating ? failure.error : undefined;
  const signInErrorId = signInError ? 'sign-in-error' : undefined;
  const createErrorId = createError ? 'create-error' : undefined;
  const verified = creating ? failure.form.email_verified !== undefined : true;
  const title = `Sign in to ${page.partyName}`;
  const body = html`<h1 id="sign-in-heading">${title}</h1>
    <p>
      to continue to <strong>${page.clientName}</strong>, which will receive your
      ${page.scopes.map((scope, index) => html`${index > 0 ? ', ' : ''}<code>${scope}</code>`)} details.
    </p>
    <form method="post" action="${page.action}" aria-labelledby="sign-in-heading">
      ${alertOf('sign-in-error', signInError)}
      ${textField({
        id: 'username',
        name: 'username',
        label: 'Username or email',
        type: 'text',
        autocomplete: 'username',
        value: creating ? undefined : failure?.form.username,
        errorId: signInErrorId,
      })}
      ${textField({
        id: 'password',
        name: 'password',
        label: 'Password',
        type: 'password',
        autocomplete: 'current-password',
        errorId: signInErrorId,
      })}
      <div class="toolbar">
        <button type="submit" name="decision" value="sign-in">Sign in</button>
        <button type="submit" name="decision" value="cancel" class="secondary" formnovalidate>Cancel</button>
      </div>
    </form>
    <h2 id="create-heading">Create a test account</h2>
    <p class="muted">
      Sandbox only: makes a new ${page.partyName} account (kept in memory until the sandbox stops) and signs
      in with it.
    </p>
    <form method="post" action="${page.action}" aria-labelledby="create-heading">
      ${alertOf('create-error', createError)}
      ${textField({
        id: 'new-username',
        name: 'username',
        label: 'Username',
        type: 'text',
        autocomplete: 'off',
        value: creating ? failure.form.username : undefined,
        hint: PARTNER_USERNAME.rule,
        errorId: createErrorId,
      })}
      ${textField({
        id: 'new-email',
        name: 'email',
        label: 'Email',
        type: 'email',
        autocomplete: 'off',
        value: creating ? failure.form.email : undefined,
        errorId: createErrorId,
      })}
      <p>
        <input
          type="checkbox"
          id="new-email-verified"
          name="email_verified"
          value="on"
          style="min-width: 0"
          ${verified ? html`checked` : null}
        />
        <label for="new-email-verified" style="display: inline">Email verified</label>
      </p>
      ${textField({
        id: 'new-password',
        name: 'password',
        label: 'Password',
        type: 'password',
        autocomplete: 'new-password',
        hint: PARTNER_PASSWORD.rule,
        errorId: createErrorId,
      })}
      <div class="toolbar">
        <button type="submit" name="decision" value="create">Create account and sign in</button>
      </div>
    </form>`;
  return layout(title, body);
}
