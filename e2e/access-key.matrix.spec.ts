/**
 * Registration with an access key (issue 5; spec §2 /access-key: field Key, button Next, link to Login,
 * then Register; /register "when access-key registration is on, a non-empty access key must be held";
 * §7 POST accesskey/validate; §8 ACCESS_KEY_NON_EXISTANT, ACCESS_KEY_ALREADY_USED), in every deployment:
 * where the flag is on (local-flags-on) an operator creates a key with the documented command, a
 * visitor sent from Register to AccessKey is refused an unknown key, registers with the real one, and
 * the key is then used; where it is off the page goes to Register and the API refuses validation.
 */
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { createAccessKey } from './support/access-keys.ts';
import { TOO_FAST_WAIT_MS, fillRegisterForm, uniqueName } from './support/register-form.ts';

test('registration follows the access-key flag', async ({ page, request, config }, info) => {
  const validate = (Value: string) =>
    request.post(`${config.accountApiUrl}accesskey/validate`, {
      headers: { 'x-api-key': config.accountApiKey, authorization: `Bearer ${config.apiKey}` },
      data: { Value },
    });
  const partner = ['CREATIVE-ASSEMBLY', 'FOCUS'].includes(config.environmentName);

  if (!config.features.registerWithAccessKeys) {
    const refused = await validate('GG-0000-0000-0000-0000');
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({
      ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_NOT_ALLOWED' }],
    });
    await page.goto('/access-key');
    // Off: AccessKey goes to Register (the partner environments then leave for the partner's page).
    if (!partner) await expect(page).toHaveURL(/\/register$/);
    return;
  }

  // The operator's command (docs/operations.md), against this deployment's store.
  const key = await createAccessKey(info.project.name);
  expect(key).toMatch(/^GG-/);

  await page.goto('/register');
  await expect(page).toHaveURL(/\/access-key$/);
  await expect(page).toHaveTitle('Account - Access key');
  await page.getByLabel('Key', { exact: true }).fill('GG-0000-0000-0000-0000');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('The key is invalid.')).toBeVisible();
  await expectNoAxeViolations(page, 'access key with an error');
  await page.getByLabel('Key', { exact: true }).fill(key.toLowerCase());
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/register$/);

  const username = uniqueName();
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  const loadedAt = Date.now();
  await fillRegisterForm(page, username, `${username.toLowerCase()}@players.test`, false);
  await page.waitForTimeout(Math.max(0, TOO_FAST_WAIT_MS - (Date.now() - loadedAt)));
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/register\/confirm$/);

  // The key is used now, and no longer held: Register asks for a key again.
  const used = await validate(key);
  expect(await used.json()).toEqual({
    ErrorMessages: [{ Property: 'Value', ErrorMessage: 'ERROR_ACCESS_KEY_ALREADY_USED' }],
  });
  await page.goto('/register');
  await expect(page).toHaveURL(/\/access-key$/);
});
