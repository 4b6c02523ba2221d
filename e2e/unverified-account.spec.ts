/**
 * Unverified-account journey (spec §2 Unverified-account page: "'Your {studio} account has not been
 * verified', with buttons Send Validation Email and Return to Home. The resend button is disabled after
 * success."; §3 Client state "SSO id (number), SSO email"; §7 the partner single-sign-on resend call,
 * whose test address is the sandbox's /partner-sso/resend-validation). In the journey deployments
 * (`local`, TWO-POINT-STUDIOS; playwright.config.ts runs `*.spec.ts` only where `journeys` is set):
 * - the held SSO identity's validation e-mail is resent: success status, button disabled, the mail in
 *   the sandbox mailbox;
 * - the partner failing (an address at resend-fails.test) or no SSO identity held shows the generic
 *   alert and leaves the button usable; Return to Home goes to /.
 * axe on the page in each state.
 *
 * These deployments have no partner sign-on (it runs in CREATIVE-ASSEMBLY and FOCUS, where
 * partner-sign-on.partner.spec.ts sees it store the SSO identity), so the tests put the identity into
 * sessionStorage (key g2g_sso_identity, shared/session/sso-identity.ts) with `page.addInitScript`.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { firstLink, waitForMailMatching } from './support/mailbox.ts';
import { E2E } from './support/ports.ts';
import { uniqueName } from './support/register-form.ts';

/** The studio name in the heading, per environment of the journey deployments (spec §1 branding). */
const STUDIO: Record<string, string> = { local: 'Guildgate', 'TWO-POINT-STUDIOS': 'Two Point Studios' };

/** Holds `identity` as the SSO identity of the tab, before any script of the page runs. */
async function holdSsoIdentity(page: Page, identity: { id: number; email: string }): Promise<void> {
  // What the partner sign-on (features/oauth) stores on learning the account is unverified.
  await page.addInitScript((value) => {
    window.sessionStorage.setItem('g2g_sso_identity', JSON.stringify(value));
  }, identity);
}

/** A fresh partner account address at `domain`. */
function uniqueAddress(domain = 'players.test'): string {
  return `${uniqueName().toLowerCase()}@${domain}`;
}

/** Opens the page and checks its title and heading. */
async function openPage(page: Page, environmentName: string): Promise<void> {
  const studio = STUDIO[environmentName];
  if (!studio) throw new Error(`No expected studio name for ${environmentName}`);
  await page.goto('/unverified-account');
  await expect(page).toHaveTitle('Account - Account not verified');
  await expect(
    page.getByRole('heading', { level: 1, name: `Your ${studio} account has not been verified` }),
  ).toBeVisible();
}

test('the validation e-mail is resent once, and the button stays disabled', async ({ page, config }) => {
  const email = uniqueAddress();
  await holdSsoIdentity(page, { id: 4242, email });
  await openPage(page, config.environmentName);
  await expectNoAxeViolations(page, 'unverified account');

  const send = page.getByRole('button', { name: 'Send Validation Email' });
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'A new validation email has been sent.',
  );
  await expect(send).toBeDisabled();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(page, 'validation email resent');

  const mail = await waitForMailMatching(email, /^Verify your partner studio account$/);
  expect(firstLink(mail.text, `${E2E.sandboxUrl}/partner-sso/verify?`)).toContain('id=4242');
});

test('a failing partner shows the generic alert and the button can be used again', async ({
  page,
  config,
}) => {
  const email = uniqueAddress('resend-fails.test');
  await holdSsoIdentity(page, { id: 77, email });
  await openPage(page, config.environmentName);

  const send = page.getByRole('button', { name: 'Send Validation Email' });
  await send.click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'An error occured. Please try again later.',
  );
  await expect(send).toBeEnabled();
  await expect(page.getByText('A new validation email has been sent.')).toHaveCount(0);
  await expectNoAxeViolations(page, 'validation email not resent');
  // Again, from the keyboard: the partner is asked again, still refuses, and the button stays usable.
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/partner-sso/resend-validation') && response.request().method() === 'POST',
  );
  await send.focus();
  await page.keyboard.press('Enter');
  expect((await answered).status()).toBe(503);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'An error occured. Please try again later.',
  );
  await expect(send).toBeEnabled();

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Account - Home');
});

test('without an SSO identity held, sending fails with the generic alert', async ({ page, config }) => {
  await openPage(page, config.environmentName);
  const send = page.getByRole('button', { name: 'Send Validation Email' });
  await send.click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'An error occured. Please try again later.',
  );
  await expect(send).toBeEnabled();
});
