/** GET /runtime-configuration/current/environment.json, plain and encrypted (spec §1). */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { RuntimeConfigurationSchema } from '@guildgate/contracts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { decryptConfigurationValue } from '../../test/decrypt-configuration.ts';

const PATH = '/runtime-configuration/current/environment.json';

describe(PATH, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('serves the plain configuration, uncached, without any key', async () => {
    t = await startTestApp('sqlite', { env: { PORTAL_ENVIRONMENT: 'SANDBOX' } });
    const res = await t.app.inject({ method: 'GET', url: PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(RuntimeConfigurationSchema.parse(res.json()).environmentName).toBe('SANDBOX');
  });

  it('serves { Value } when RUNTIME_CONFIG_KEY is set, decryptable with that key only', async () => {
    const key = randomBytes(32).toString('base64url');
    t = await startTestApp('sqlite', { env: { RUNTIME_CONFIG_KEY: key, PORTAL_ENVIRONMENT: 'AVALANCHE' } });
    const body = (await t.app.inject({ method: 'GET', url: PATH })).json<Record<string, unknown>>();
    expect(Object.keys(body)).toEqual(['Value']);
    const plain = decryptConfigurationValue(body.Value as string, key);
    expect(RuntimeConfigurationSchema.parse(JSON.parse(plain)).environmentName).toBe('AVALANCHE');
  });
});
