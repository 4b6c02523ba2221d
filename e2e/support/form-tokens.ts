/**
 * Register form tokens for journeys that register a player through the API (docs/security.md "Too
 * fast"): asked of GET register/form-token as the register page does, then used once they are old enough
 * for the server's too-fast rule (spec §4: 15 s). Each worker asks a few at a time and keeps them aging,
 * so only its first registration on a node waits; a token serves one registration.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { NodeConfiguration } from './session.ts';
import { TOO_FAST_WAIT_MS } from './register-form.ts';

/** Tokens asked at once. */
const BATCH = 8;

/** The aging tokens of this worker, by account API address. */
const pools = new Map<string, Array<{ token: string; issuedAt: number }>>();

/**
 * A form token of the node of `config`, old enough for its too-fast rule (waits when it is not yet).
 * @throws when the node refuses the call
 */
export async function agedFormToken(request: APIRequestContext, config: NodeConfiguration): Promise<string> {
  let pool = pools.get(config.accountApiUrl);
  if (!pool?.length) {
    pool = [];
    for (let i = 0; i < BATCH; i += 1) {
      const response = await request.get(`${config.accountApiUrl}register/form-token`, {
        headers: { 'x-api-key': config.accountApiKey, authorization: `Bearer ${config.apiKey}` },
      });
      expect(response.status(), await response.text()).toBe(200);
      pool.push({
        token: ((await response.json()) as { FormToken: string }).FormToken,
        issuedAt: Date.now(),
      });
    }
    pools.set(config.accountApiUrl, pool);
  }
  const { token, issuedAt } = pool.shift()!;
  const wait = issuedAt + TOO_FAST_WAIT_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return token;
}
