/**
 * Playwright fixtures of the journeys (DESIGN.md §7): `config`, the node's runtime configuration
 * (spec §1), and `player`, a fresh player registered (with an access key where registration needs
 * one) and confirmed through the API and logged in on the test's browser context (spec §4 Session).
 * `playerForm` adds register fields for a file or a describe block
 * (`test.use({ playerForm: { G2GSegaOptin: true } })`).
 */
import { test as base } from '@playwright/test';
import { createAccessKey } from './access-keys.ts';
import {
  logInAs,
  nodeConfiguration,
  registerConfirmedPlayer,
  type NodeConfiguration,
  type TestPlayer,
} from './session.ts';

/** The fixtures added to Playwright's own. */
export interface JourneyFixtures {
  config: NodeConfiguration;
  player: TestPlayer;
  playerForm: Record<string, unknown>;
}

/** `test` with {@link JourneyFixtures}. */
export const test = base.extend<JourneyFixtures>({
  playerForm: [{}, { option: true }],
  config: async ({ request, baseURL }, provide) => {
    await provide(await nodeConfiguration(request, baseURL!));
  },
  player: async ({ request, context, config, baseURL, playerForm }, provide, testInfo) => {
    // With access-key registration on, the player registers with a key an operator created.
    const key = config.features.registerWithAccessKeys
      ? { AccessKeyValue: await createAccessKey(testInfo.project.name) }
      : {};
    const player = await registerConfirmedPlayer(request, config, { ...key, ...playerForm });
    await logInAs(context, config, baseURL!, player);
    await provide(player);
  },
});

export { expect } from '@playwright/test';
