/**
 * The approve page of the Steam stand-in (DESIGN.md §1 "e.g. 'Approve' on the Steam login"): shown for a
 * valid `checkid_setup` request. It says which site (realm) asks, offers the demo accounts as radio
 * buttons, an optional Steam ID field to sign in as any other account and an optional persona name, and
 * the buttons "Sign in" and "Cancel". The request's `openid.*` fields travel as hidden inputs of the POST
 * to `/steam/openid/approve`, whose form fields are {@link APPROVE_FIELDS}.
 */
import { html, type SafeHtml } from '../shared/html.ts';
import { layout } from '../shared/layout.ts';
import { MAX_PERSONA_NAME_LENGTH, type SteamAccount } from './accounts.ts';
import type { CheckIdRequest } from './request.ts';

/** Path the approve form posts to. */
export const APPROVE_PATH = '/steam/openid/approve';

/** Names of the approve form's own fields (besides the hidden `openid.*` ones). */
export const APPROVE_FIELDS = {
  /** Radio: the chosen demo account's SteamID64. */
  account: 'steamid',
  /** Text: any SteamID64, wins over the radio when not empty. */
  customSteamId: 'custom_steamid',
  /** Text: persona name to remember for the account (optional). */
  personaName: 'persona_name',
  /** Submit button: `approve` or `cancel`. */
  action: 'action',
} as const;

/** What the person entered, shown again when the page comes back with an error. */
export interface ApproveFormValues {
  readonly steamid?: string | undefined;
  readonly customSteamId?: string | undefined;
  readonly personaName?: string | undefined;
}

/** Keeps the radios and their labels on one line despite the shared input styles. */
const STYLES = html`<style>
  fieldset.accounts {
    border: 1px solid var(--line);
    border-radius: 4px;
    margin: 0 0 1rem;
    padding: 0.5rem 1rem;
  }
  fieldset.accounts div {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    padding: 0.2rem 0;
  }
  fieldset.accounts input {
    min-width: 0;
  }
  fieldset.accounts label {
    display: inline;
    font-weight: 400;
    font-size: 1rem;
  }
  .field {
    margin: 0 0 1rem;
  }
  .field p {
    margin: 0.2rem 0 0;
  }
</style>`;

/**
 * The approve page for `request`, offering `accounts` (only the requested one when the relying party
 * named an account); `error` shows an alert (the page is then sent with HTTP 400) and `values` refill the
 * form. The first account is chosen when `values.steamid` names none of them.
 */
export function renderLoginPage(
  request: CheckIdRequest,
  accounts: readonly SteamAccount[],
  error?: string,
  values: ApproveFormValues = {},
): SafeHtml {
  const chosen = accounts.some((account) => account.steamid === values.steamid)
    ? values.steamid
    : accounts[0]?.steamid;
  const hidden = [...request.fields].map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
  );
  const radios = accounts.map(
    (account) =>
      html`<div>
        <input
          type="radio"
          id="account-${account.steamid}"
          name="${APPROVE_FIELDS.account}"
          value="${account.steamid}"
          ${account.steamid === chosen ? html`checked` : null}
        />
        <label for="account-${account.steamid}"
          >${account.personaName} <span class="muted">(${account.steamid})</span></label
        >
      </div>`,
  );
  const customField =
    request.steamid === undefined
      ? html`<div class="field">
          <label for="custom-steamid">Steam ID (17 digits, starting 7656119)</label>
          <input
            id="custom-steamid"
            name="${APPROVE_FIELDS.customSteamId}"
            inputmode="numeric"
            autocomplete="off"
            pattern="7656119[0-9]{10}"
            value="${values.customSteamId ?? ''}"
            aria-describedby="custom-steamid-help"
          />
          <p id="custom-steamid-help" class="muted">
            Optional: sign in as this account instead of the one chosen above.
          </p>
        </div>`
      : null;
  const body = html`${STYLES}
    <h1>Sign in through Steam</h1>
    <p><strong>${request.realm}</strong> asks you to sign in with your Steam account.</p>
    <p class="muted">You will be sent back to <code>${request.returnTo}</code>.</p>
    ${error ? html`<p role="alert"><strong>${error}</strong></p>` : null}
    <form method="post" action="${APPROVE_PATH}">
      ${hidden}
      <fieldset class="accounts">
        <legend>Account</legend>
        ${radios}
      </fieldset>
      ${customField}
      <div class="field">
        <label for="persona-name">Persona name</label>
        <input
          id="persona-name"
          name="${APPROVE_FIELDS.personaName}"
          maxlength="${MAX_PERSONA_NAME_LENGTH}"
          autocomplete="off"
          value="${values.personaName ?? ''}"
          aria-describedby="persona-name-help"
        />
        <p id="persona-name-help" class="muted">
          Optional: the name the Web API gives this account from now on.
        </p>
      </div>
      <div class="toolbar">
        <button type="submit" name="${APPROVE_FIELDS.action}" value="approve">Sign in</button>
        <button type="submit" name="${APPROVE_FIELDS.action}" value="cancel" class="secondary" formnovalidate>
          Cancel
        </button>
      </div>
    </form>`;
  return layout('Steam — Sign in', body);
}
