/**
 * Helpers of the partner IdP tests (never used by the sandbox itself): a test sandbox with both studios'
 * providers mounted, and `openid-client` configured as a studio's `guildgate-test-<studio>` client.
 */
import type * as client from 'openid-client';
import { afterAll, beforeAll } from 'vitest';
import { discover, startTestSandbox, type TestSandbox } from '../shared/oidc-test-kit.ts';
import { CREATIVE_ASSEMBLY_STUDIO, creativeAssemblyIdp, focusIdp } from './index.ts';
import type { PartnerStudio } from './partner-party.ts';

/** A redirect URI the clients accept (loopback, any port, path `/oauth/partner`). */
export const PARTNER_REDIRECT_URI = 'http://localhost:8080/oauth/partner';

/** Authorization parameters asking for every claim. */
export const ALL_SCOPES = { scope: 'openid profile email' } as const;

/** Starts a test sandbox (127.0.0.1, free port) with Creative Assembly ID and Focus ID. */
export function startPartnerSandbox(): Promise<TestSandbox> {
  return startTestSandbox((context) => [creativeAssemblyIdp(context), focusIdp(context)]);
}

/** A studio's relying party as seen from the tests. */
export interface PartnerRelyingParty {
  /** e.g. "http://127.0.0.1:41234/partner-idp/focus". */
  readonly issuer: string;
  /** e.g. "guildgate-test-focus". */
  readonly clientId: string;
  readonly config: client.Configuration;
}

/**
 * Discovers `studio`'s provider on `sandbox` as its `test` client (right secret), authenticating with
 * `auth` (default `client_secret_post`).
 */
export async function relyingParty(
  sandbox: TestSandbox,
  studio: PartnerStudio,
  auth?: client.ClientAuth,
): Promise<PartnerRelyingParty> {
  const issuer = `${sandbox.baseUrl}${studio.prefix}`;
  const clientId = `guildgate-test-${studio.key}`;
  return { issuer, clientId, config: await discover(issuer, clientId, `${clientId}-secret`, auth) };
}

/**
 * Registers vitest hooks running a partner test sandbox for the file's tests. `sandbox()` is it once
 * started (throws before); `relyingParty(studio, auth)` discovers a studio (Creative Assembly ID by
 * default) as its `test` client.
 */
export function usePartnerSandbox(): {
  sandbox: () => TestSandbox;
  relyingParty: (studio?: PartnerStudio, auth?: client.ClientAuth) => Promise<PartnerRelyingParty>;
} {
  let running: TestSandbox | undefined;
  beforeAll(async () => {
    running = await startPartnerSandbox();
  });
  afterAll(async () => {
    await running?.close();
  });
  const sandbox = (): TestSandbox => {
    if (!running) throw new Error('The partner test sandbox is not started yet');
    return running;
  };
  return {
    sandbox,
    relyingParty: (studio = CREATIVE_ASSEMBLY_STUDIO, auth) => relyingParty(sandbox(), studio, auth),
  };
}
