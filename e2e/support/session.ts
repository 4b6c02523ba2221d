/**
 * End-to-end helpers for a logged-in player without the UI: reads the node's runtime configuration and
 * logs the demo player in through POST /api/log/log-in (spec §6 headers: x-api-key and the anonymous
 * bearer), then sets the `_g2g_identity_` cookie (spec §4 Session) on the browser context.
 */
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { decryptConfigurationValue } from '../../apps/api/src/test/decrypt-configuration.ts';
import { E2E_RUNTIME_CONFIG_KEY } from './ports.ts';

/** The demo player seeded on every e2e node. */
export const DEMO_PLAYER = { username: 'DemoPlayer', password: 'DemoPass2024' } as const;

/** The part of the runtime configuration the tests read (spec §1). */
export interface NodeConfiguration {
  environmentName: string;
  accountApiKey: string;
  apiKey: string;
  accountApiUrl: string;
  features: Record<string, boolean>;
}

/** GET /runtime-configuration/current/environment.json of the node at `baseURL`, decrypted if need be. */
export async function nodeConfiguration(
  request: APIRequestContext,
  baseURL: string,
): Promise<NodeConfiguration> {
  const response = await request.get(`${baseURL}/runtime-configuration/current/environment.json`);
  expect(response.ok()).toBe(true);
  const json = (await response.json()) as NodeConfiguration | { Value: string };
  // The encrypted deployment (ports.ts `encryptedConfiguration`) serves { Value } under the test key.
  if ('Value' in json)
    return JSON.parse(decryptConfigurationValue(json.Value, E2E_RUNTIME_CONFIG_KEY)) as NodeConfiguration;
  return json;
}

/** Logs the demo player in and stores the identity cookie in `context`. */
export async function logInDemoPlayer(
  context: BrowserContext,
  config: NodeConfiguration,
  baseURL: string,
): Promise<void> {
  const response = await context.request.post(`${config.accountApiUrl}log/log-in`, {
    headers: { 'x-api-key': config.accountApiKey, authorization: `Bearer ${config.apiKey}` },
    data: { UsernameOrEmail: DEMO_PLAYER.username, Password: DEMO_PLAYER.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { Created } = (await response.json()) as { Created: string };
  await context.addCookies([
    { name: '_g2g_identity_', value: encodeURIComponent(Created), url: baseURL, sameSite: 'Strict' },
  ]);
}
