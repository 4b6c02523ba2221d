/**
 * The account area in every deployment (issue 4; spec §2 Account dashboard, My information, Deletion
 * request): the dashboard shows avatar, username and 'registered since' DD/MM/YY; the side list follows
 * the flags in the spec's order; My information follows the environment (partner environments: no
 * e-mail or username update and no password section; TWO-POINT-STUDIOS: no e-mail section); the
 * deletion page follows the environment — partner environments skip the password step and delete
 * through the partner call (a fresh player is deleted end to end there), AVALANCHE offers only 'contact
 * support', the others start with the password. axe on each page.
 */
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { logInDemoPlayer, logInStatus, DEMO_PLAYER } from './support/session.ts';

const PARTNER = ['CREATIVE-ASSEMBLY', 'FOCUS'];
const SUPPORT_DELETION = 'AVALANCHE';

test('dashboard, side list and My information follow the environment and flags', async ({
  page,
  context,
  config,
  baseURL,
}) => {
  const f = config.features;
  const partner = PARTNER.includes(config.environmentName);
  await logInDemoPlayer(context, config, baseURL!);
  await page.goto('/account');
  await expect(page).toHaveTitle('Account - My information');

  // Dashboard (spec §2): avatar, username, 'registered since' DD/MM/YY.
  await expect(page.getByRole('heading', { level: 1, name: DEMO_PLAYER.username })).toBeVisible();
  await expect(page.locator('img[src$="/avatars/default.svg"]').first()).toBeVisible();
  await expect(page.getByText(/^Registered since \d{2}\/\d{2}\/\d{2}$/)).toBeVisible();

  // Side list (spec §2): entries by flag, in the spec's order — the custom cookie-management entry (a
  // button opening the cookie settings) stands where Cookies would.
  const nav = page.getByRole('navigation', { name: 'Account sections' });
  const expected = [
    'My information',
    ...(f.connectionsSection ? ['Connections'] : []),
    // Issue 21 §4: always, right after Connections.
    'Connected sites',
    // Issue 22 §1, §3, §5, §7: when any of its sections is on.
    ...(f.securitySessions || f.securityActivity || f.authenticatorApp || f.passkeys ? ['Security'] : []),
    ...(f.newsletterSection ? ['Newsletter'] : []),
    f.customCookieManagement ? 'Cookie settings' : 'Cookies',
    'Blocked Users',
    // Issue 22 §8.
    ...(f.dataExport ? ['Your data'] : []),
    ...(f.deletionSection ? ['Deletion Request'] : []),
  ];
  await expect(nav.getByRole('listitem')).toHaveText(expected);
  await expect(nav.getByRole('link')).toHaveText(expected.filter((entry) => entry !== 'Cookie settings'));
  await expect(nav.getByRole('button', { name: 'Cookie settings' })).toHaveCount(
    f.customCookieManagement ? 1 : 0,
  );

  // My information (spec §2).
  const section = (name: string) => page.getByRole('region', { name });
  const update = (name: string) => section(name).getByRole('button', { name: 'Update' });
  await expect(section('Username')).toContainText(DEMO_PLAYER.username);
  await expect(update('Username')).toHaveCount(partner ? 0 : 1);
  const emailShown = config.environmentName !== 'TWO-POINT-STUDIOS';
  await expect(section('Email')).toHaveCount(emailShown ? 1 : 0);
  if (emailShown) await expect(update('Email')).toHaveCount(partner ? 0 : 1);
  await expect(section('Password')).toHaveCount(partner ? 0 : 1);
  await expectNoAxeViolations(page, 'my information');
});

test('the deletion page follows the environment', async ({ page, request, config, player }) => {
  const partner = PARTNER.includes(config.environmentName);
  await page.goto('/account/deletion-request');
  if (!config.features.deletionSection) {
    // Flag off: the page sends the player to Information (spec §2 route table).
    await expect(page).toHaveURL(/\/account$/);
    await expect(page).toHaveTitle('Account - My information');
    return;
  }
  await expect(page).toHaveTitle('Account - Deletion request');

  if (config.environmentName === SUPPORT_DELETION) {
    // Only step 3, without Cancel or Delete: a Contact link to the support page, in a new tab.
    await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Deletion request' }).getByText(player.username, { exact: true }),
    ).toBeVisible();
    const contact = page.getByRole('link', { name: /Contact support/ });
    await expect(contact).toHaveAttribute('href', /^https:\/\/support\./);
    await expect(contact).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await expectNoAxeViolations(page, 'deletion through support');
    return;
  }
  if (!partner) {
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expectNoAxeViolations(page, 'deletion step 1');
    return;
  }
  // Partner environments: no password here, so two steps and the partner call; deleted end to end.
  await expect(page.getByText('Step 1 of 2')).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page.getByRole('radio').first().check();
  await expectNoAxeViolations(page, 'partner deletion reasons');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Step 2 of 2')).toBeVisible();
  const deletion = page.waitForRequest((r) => r.url().includes('/api/deletion/partner/user/'));
  await page.getByRole('button', { name: 'Delete' }).click();
  await deletion;
  await expect(page).toHaveURL(/\/deletion\/confirm$/);
  expect(await logInStatus(request, config, player.username, player.password)).toBe(400);
});
