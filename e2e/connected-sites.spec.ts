/**
 * Connected sites journey (issue 21 §4): a player signed in at the portal grants the sandbox partner
 * site access through the hub's OpenID Provider — the browser goes through the authorization request
 * (code + PKCE), the portal's interaction and back to the site's registered callback (answered here by
 * a stand-in page: the sandbox site itself still uses the spec's calls), and the test exchanges the code
 * at the token endpoint over HTTP as the site's server would. The player finds the site on Connected
 * sites (from the account side list, after Connections), with what it can see and its last use,
 * removes its access after confirming, and the list is empty; the site's refresh token is then refused
 * and its access token inactive. axe on the empty page, the list, the dialog and the result.
 */
import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E } from './support/ports.ts';
import { logInAs, nodeConfiguration, registerConfirmedPlayer } from './support/session.ts';

/** The sandbox partner site's development client (seeded with SEED_DEMO=1) and its callback. */
const CLIENT_ID = 'sandbox-partner-site';
const CLIENT_NAME = 'Sandbox partner community site';
const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:sandbox-partner-secret`).toString('base64')}`;
const REDIRECT_URI = `${E2E.sandboxUrl}/partner/callback`;

/** A random base64url string of `bytes` bytes (PKCE verifier, state, nonce). */
const random = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** POST to the provider's `endpoint` (under /oidc) as the site's server, with its client credentials. */
async function asSite(
  request: APIRequestContext,
  baseURL: string,
  endpoint: string,
  form: Record<string, string>,
) {
  return request.post(`${baseURL}/oidc/${endpoint}`, { headers: { authorization: BASIC }, form });
}

test('a site granted through the OpenID Provider shows on Connected sites, and Remove access revokes it', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const config = await nodeConfiguration(request, baseURL!);
  const player = await registerConfirmedPlayer(request, config);
  await logInAs(context, config, baseURL!, player);

  // Nothing granted yet.
  await page.goto('/account');
  await page
    .getByRole('navigation', { name: /account/i })
    .getByRole('link', { name: 'Connected sites' })
    .click();
  await expect(page).toHaveURL(/\/account\/connected-sites$/);
  await expect(page).toHaveTitle('Account - Connected sites');
  const region = page.getByRole('region', { name: 'Connected sites' });
  await expect(region.getByText('No site has access to your account.')).toBeVisible();
  await expectNoAxeViolations(page, 'connected sites, empty');

  // The player signs in at the site through the provider: code + PKCE, back to the site's callback.
  const verifier = random();
  const state = random(16);
  const authorization = new URL(`${baseURL!}/oidc/auth`);
  authorization.search = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid profile email',
    state,
    nonce: random(16),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  await page.route(`${REDIRECT_URI}?**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Partner site</title><main><h1>Signed in</h1></main></html>',
    }),
  );
  await page.goto(authorization.href);
  await expect(page).toHaveURL((url) => url.href.startsWith(`${REDIRECT_URI}?`));
  const callback = new URL(page.url());
  expect(callback.searchParams.get('state')).toBe(state);
  const code = callback.searchParams.get('code');
  expect(code, callback.href).toBeTruthy();
  const exchange = await asSite(request, baseURL!, 'token', {
    grant_type: 'authorization_code',
    code: code!,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  expect(exchange.status(), await exchange.text()).toBe(200);
  const tokens = (await exchange.json()) as { access_token: string; refresh_token: string };
  expect(tokens.refresh_token).toBeTruthy();

  // The site is listed with what it can see and its last use (today).
  await page.goto('/account/connected-sites');
  const rows = region.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row.getByRole('heading', { level: 3, name: CLIENT_NAME })).toBeVisible();
  await expect(row).toContainText('Your username, avatar, titles, badges and linked Steam account');
  await expect(row).toContainText('Your email address and whether it is confirmed');
  const today = new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
  }).format(new Date());
  await expect(row).toContainText(`Last used ${today}`);
  await expectNoAxeViolations(page, 'connected sites, one site');

  // Remove access asks first; Cancel keeps the site.
  const removeButton = page.getByRole('button', { name: `Remove access for ${CLIENT_NAME}` });
  await removeButton.click();
  const confirmation = page.getByRole('alertdialog', { name: `Remove access for ${CLIENT_NAME}?` });
  await expect(confirmation).toBeVisible();
  await expectNoAxeViolations(page, 'remove access confirmation');
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toHaveCount(0);
  await expect(rows).toHaveCount(1);

  // Confirmed: a notice, the list is empty, focus on the heading.
  await removeButton.click();
  await confirmation.getByRole('button', { name: 'Remove access', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Access removed' })).toHaveText(
    `Access removed: ${CLIENT_NAME} can no longer see your information.`,
  );
  await expect(region.getByText('No site has access to your account.')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Connected sites' })).toBeFocused();
  await expectNoAxeViolations(page, 'connected sites, access removed');

  // The site's tokens no longer work: its refresh token is refused, its access token inactive.
  const refresh = await asSite(request, baseURL!, 'token', {
    grant_type: 'refresh_token',
    refresh_token: tokens.refresh_token,
  });
  expect(refresh.status()).toBe(400);
  expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
  const introspection = await asSite(request, baseURL!, 'token/introspection', {
    token: tokens.access_token,
  });
  expect(introspection.status()).toBe(200);
  expect(await introspection.json()).toEqual({ active: false });
});
