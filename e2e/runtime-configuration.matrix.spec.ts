/**
 * Runtime configuration end to end (spec §1; DESIGN.md §6; issue 3): every deployment serves
 * /runtime-configuration/current/environment.json with every configuration field, or — where it is
 * configured (`encryptedConfiguration`, the prod deployment) — only `{ "Value": "…" }` (AES-256-GCM),
 * which the SPA, built with the same key, decrypts before it renders. When loading fails (tampered
 * value, invalid configuration, unreachable file) the SPA renders nothing and logs to the console.
 */
import { expect, test, type Page } from '@playwright/test';
import { decryptConfigurationValue } from '@guildgate/api/testing';
import { DEPLOYMENTS, E2E_RUNTIME_CONFIG_KEY } from './support/ports.ts';

const CONFIGURATION_PATH = '/runtime-configuration/current/environment.json';
/** The configuration fields of spec §1 (the flags sit in `features`). */
const FIELDS = [
  'environmentName',
  'isProd',
  'frontUrl',
  'accountUrl',
  'mediaUrl',
  'accountApiUrl',
  'accountApiKey',
  'apiKey',
  'captchaSiteKey',
  'partnerName',
  'registerStudioName',
  'features',
];
/**
 * Fields Guildgate adds (docs/configuration.md): the portal's own OAuth client id (`PORTAL_CLIENT_ID`),
 * the captcha script (`CAPTCHA_SCRIPT_URL`) and the partner SSO resend addresses (`PARTNER_SSO_RESEND_*`).
 */
const EXTENSIONS = ['clientId', 'captchaScriptUrl', 'partnerSsoResendUrls'];
const FLAGS = [
  'customCookieManagement',
  'registerWithAccessKeys',
  'enableCaptcha',
  'connectionsSection',
  'newsletterSection',
  'deletionSection',
  'bypassPartnerRegisterPage',
  'tagManager',
  'epicAlternativeRedeemerFlow',
  'securitySessions',
  'securityActivity',
  'dataExport',
  'securityAlerts',
  'breachedPasswordCheck',
  'authenticatorApp',
  'passkeys',
];

function deploymentOf(name: string) {
  const deployment = DEPLOYMENTS.find((d) => d.name === name);
  if (!deployment) throw new Error(`Unknown deployment ${name}`);
  return deployment;
}

/** Collects console errors; answers the configuration request with `body` (status 200 unless given). */
async function serveConfiguration(page: Page, body: string, status = 200): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route(`**${CONFIGURATION_PATH}`, (route) =>
    route.fulfill({ status, contentType: 'application/json', body }),
  );
  return errors;
}

/** Nothing rendered, and the failure logged to the console (spec §1). */
async function expectNothingRendered(page: Page, errors: string[]): Promise<void> {
  await expect.poll(() => errors.join('\n')).toContain('the runtime configuration failed to load');
  await expect(page.locator('#root')).toBeEmpty();
  await expect(page.getByRole('banner')).toHaveCount(0);
}

test('the configuration is served as spec §1 says, and the SPA renders from it', async ({
  page,
  request,
}, info) => {
  const deployment = deploymentOf(info.project.name);
  const response = await request.get(CONFIGURATION_PATH);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toContain('no-store');
  const body = (await response.json()) as Record<string, unknown>;
  let plain = body;
  if (deployment.encryptedConfiguration) {
    expect(Object.keys(body)).toEqual(['Value']);
    expect(typeof body.Value).toBe('string');
    const text = await response.text();
    expect(text).not.toContain(deployment.environment);
    expect(text).not.toContain('environmentName');
    plain = JSON.parse(decryptConfigurationValue(String(body.Value), E2E_RUNTIME_CONFIG_KEY)) as Record<
      string,
      unknown
    >;
  }
  expect(Object.keys(plain).sort()).toEqual([...FIELDS, ...EXTENSIONS].sort());
  expect(plain.environmentName).toBe(deployment.environment);
  expect(Object.keys(plain.features as object).sort()).toEqual([...FLAGS].sort());
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a tampered, invalid or missing configuration renders nothing and logs to the console', async ({
  page,
  request,
}, info) => {
  const deployment = deploymentOf(info.project.name);
  const served = (await (await request.get(CONFIGURATION_PATH)).json()) as Record<string, unknown>;
  if (deployment.encryptedConfiguration) {
    const value = String(served.Value);
    const flipped = value.slice(0, -2) + (value.at(-2) === 'A' ? 'B' : 'A') + value.slice(-1);
    const errors = await serveConfiguration(page, JSON.stringify({ Value: flipped }));
    await page.goto('/');
    await expectNothingRendered(page, errors);
  } else {
    const errors = await serveConfiguration(page, JSON.stringify({ ...served, environmentName: 'MOON' }));
    await page.goto('/');
    await expectNothingRendered(page, errors);
  }
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const errors = await serveConfiguration(page, 'Not found', 404);
  await page.goto('/login');
  await expectNothingRendered(page, errors);
});
