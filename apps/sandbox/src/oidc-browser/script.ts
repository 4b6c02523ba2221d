/**
 * The browser client page's script (served as `/oidc-browser/client.js`; see index.ts): plain
 * JavaScript on the global `oidc` of oidc-client-ts's browser build. Reads the client's settings from
 * the `#client` element's data attributes, then:
 * - on the redirect back from the hub (`code` or `error` in the query): `signinCallback()` (state, PKCE
 *   verifier and code exchange, done by the library), then the query is dropped from the address;
 * - signed out: a 'Sign in with Guildgate' button (`signinRedirect()`: code + PKCE S256);
 * - signed in: 'Signed in as <preferred_username>', the ID token's and userinfo's claims, the access
 *   token's expiry, how many times it was renewed, 'Renew now' (`signinSilent()`, which uses the refresh
 *   token — the same call `automaticSilentRenew` makes a minute before expiry) and 'Sign out' (revokes the
 *   tokens, RFC 7009, and forgets them).
 * Text is set with `textContent` only (no markup from the hub's answers).
 */
export const BROWSER_CLIENT_SCRIPT = `'use strict';
(function () {
  var settings = document.getElementById('client').dataset;
  var state = document.getElementById('state');
  var renewals = Number(sessionStorage.getItem('renewals') || '0');
  var manager = new oidc.UserManager({
    authority: settings.authority,
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    response_type: 'code',
    scope: 'openid profile email',
    loadUserInfo: true,
    automaticSilentRenew: true,
    userStore: new oidc.WebStorageStateStore({ store: window.sessionStorage }),
  });

  function element(tag, text, attributes) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    return node;
  }
  function button(label, onClick, secondary) {
    var node = element('button', label, { type: 'button' });
    if (secondary) node.className = 'secondary';
    node.addEventListener('click', onClick);
    return node;
  }
  function claimsTable(caption, claims) {
    var table = element('table');
    table.appendChild(element('caption', caption));
    var head = element('tr');
    head.appendChild(element('th', 'Claim', { scope: 'col' }));
    head.appendChild(element('th', 'Value', { scope: 'col' }));
    table.appendChild(element('thead')).appendChild(head);
    var body = table.appendChild(element('tbody'));
    Object.keys(claims).forEach(function (name) {
      var row = body.appendChild(element('tr'));
      row.appendChild(element('td')).appendChild(element('code', name));
      var value = claims[name];
      row.appendChild(element('td', typeof value === 'string' ? value : JSON.stringify(value)));
    });
    return table;
  }
  function show(nodes) {
    state.replaceChildren.apply(state, nodes);
  }
  function fail(message, error) {
    show([
      element('p', message + (error && error.message ? ' (' + error.message + ')' : ''), { role: 'alert' }),
      button('Sign in with Guildgate', signIn),
    ]);
  }
  function signIn() {
    manager.signinRedirect().catch(function (error) { fail('The sign-in could not start.', error); });
  }
  function render(user) {
    if (!user || user.expired && !user.refresh_token) {
      show([
        element('p', 'Sign in with your Guildgate account; this page never sees your password.'),
        button('Sign in with Guildgate', signIn),
      ]);
      return;
    }
    var profile = user.profile;
    var expires = new Date((user.expires_at || 0) * 1000).toISOString();
    var status = element('p');
    status.appendChild(element('strong', 'Signed in as ' + (profile.preferred_username || profile.sub)));
    var tokens = element('p', 'Access token valid until ' + expires + '; renewed ');
    tokens.appendChild(element('span', renewals, { 'data-testid': 'renewals' }));
    tokens.appendChild(document.createTextNode(' times, without leaving the page.'));
    var actions = element('div', null, { class: 'toolbar' });
    actions.appendChild(button('Renew now', function () {
      manager.signinSilent().catch(function (error) { fail('The renewal failed.', error); });
    }, true));
    actions.appendChild(button('Sign out', function () {
      manager.revokeTokens().catch(function () { return undefined; })
        .then(function () { return manager.removeUser(); })
        .then(function () { sessionStorage.removeItem('renewals'); renewals = 0; render(null); });
    }));
    show([status, tokens, claimsTable('Claims of the ID token and userinfo', profile), actions]);
  }

  manager.events.addUserLoaded(function (user) {
    renewals += 1;
    sessionStorage.setItem('renewals', String(renewals));
    render(user);
  });
  manager.events.addSilentRenewError(function (error) { fail('The renewal failed.', error); });

  var query = new URLSearchParams(window.location.search);
  if (query.has('state') && (query.has('code') || query.has('error'))) {
    manager.signinCallback()
      .then(function (user) {
        renewals = 0;
        sessionStorage.setItem('renewals', '0');
        window.history.replaceState(null, '', window.location.pathname);
        render(user);
      })
      .catch(function (error) {
        window.history.replaceState(null, '', window.location.pathname);
        fail('Sign-in failed.', error);
      });
  } else {
    manager.getUser().then(render, function (error) { fail('The session could not be read.', error); });
  }
})();
`;
