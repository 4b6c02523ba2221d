/**
 * The operator's client registry (client-registry.ts; `npm run clients`) on every store: what is stored
 * for a confidential and a public client, updates, secret rotation, removal, each with its audit event
 * and nothing written when refused; `client-secrets` (issueClientSecret) giving a public client a secret
 * makes it confidential. The command line itself: cli/clients-cli.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/crypto.ts';
import { STORES, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  ClientRegistrationError,
  issueClientSecret,
  listClients,
  registerClient,
  registeredClient,
  removeClient,
  rotateClientSecret,
  updateClient,
} from './index.ts';

describe.each(STORES)('the client registry on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The types of the `client.*` audit events, oldest first. */
  const clientEvents = async () =>
    (
      await t.ctx.db
        .selectFrom('audit_events')
        .select(['type', 'detail'])
        .where('type', 'like', 'client.%')
        .orderBy('id')
        .execute()
    ).map((row) => row.type);

  it('registers, updates, rotates and removes clients, auditing each change', async () => {
    const { client, secret } = await registerClient(t.ctx.db, {
      clientId: 'registry-forum',
      name: ' Forum ',
      redirectUris: ['https://forum.example/cb', 'https://forum.example/cb'],
      postLogoutRedirectUris: ['https://forum.example/bye'],
      backchannelLogoutUri: 'https://forum.example/bc',
      isPublic: false,
      firstParty: true,
    });
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(client).toMatchObject({
      clientId: 'registry-forum',
      name: 'Forum',
      redirectUris: ['https://forum.example/cb'],
      postLogoutRedirectUris: ['https://forum.example/bye'],
      backchannelLogoutUri: 'https://forum.example/bc',
      firstParty: true,
      tokenEndpointAuthMethod: 'client_secret_basic',
      grantTypes: ['authorization_code', 'refresh_token'],
      secretHash: sha256(secret ?? ''),
    });
    const pub = await registerClient(t.ctx.db, {
      clientId: 'registry-app',
      name: 'App',
      redirectUris: ['https://app.example/cb'],
      postLogoutRedirectUris: [],
      backchannelLogoutUri: null,
      isPublic: true,
      firstParty: false,
      refreshTokens: false,
    });
    expect(pub.secret).toBeNull();
    expect(pub.client).toMatchObject({
      tokenEndpointAuthMethod: 'none',
      firstParty: false,
      grantTypes: ['authorization_code'],
      secretHash: null,
    });
    expect((await listClients(t.ctx.db)).map((c) => c.clientId)).toEqual(
      expect.arrayContaining(['registry-app', 'registry-forum', t.config.portalClientId]),
    );
    // The portal's own client: public, first-party (migration 0018's defaults).
    expect(await registeredClient(t.ctx.db, t.config.portalClientId)).toMatchObject({
      tokenEndpointAuthMethod: 'none',
      firstParty: true,
    });

    const updated = await updateClient(t.ctx.db, 'registry-forum', {
      backchannelLogoutUri: null,
      postLogoutRedirectUris: [],
      authMethod: 'client_secret_post',
      refreshTokens: false,
    });
    expect(updated).toMatchObject({
      backchannelLogoutUri: null,
      postLogoutRedirectUris: [],
      tokenEndpointAuthMethod: 'client_secret_post',
      grantTypes: ['authorization_code'],
      name: 'Forum',
    });
    const rotated = await rotateClientSecret(t.ctx.db, 'registry-forum');
    expect((await registeredClient(t.ctx.db, 'registry-forum'))?.secretHash).toBe(sha256(rotated ?? ''));
    expect(await removeClient(t.ctx.db, 'registry-app', t.config.portalClientId)).toBe(true);
    expect(await registeredClient(t.ctx.db, 'registry-app')).toBeUndefined();
    expect(await clientEvents()).toEqual([
      'client.registered',
      'client.registered',
      'client.updated',
      'client.secret_rotated',
      'client.removed',
    ]);
  });

  it('refuses bad input and unknown or public clients without writing anything', async () => {
    const before = await clientEvents();
    const registration = {
      clientId: 'registry-bad',
      name: 'Bad',
      redirectUris: ['https://bad.example/cb'],
      postLogoutRedirectUris: [],
      backchannelLogoutUri: null,
      isPublic: false,
      firstParty: true,
    };
    for (const bad of [
      { clientId: 'has space' },
      { name: '\u0007' },
      { redirectUris: [] },
      { redirectUris: ['javascript:alert(1)'] },
      { redirectUris: ['https://user:pw@bad.example/cb'] },
      { postLogoutRedirectUris: ['https://bad.example/#x'] },
      { backchannelLogoutUri: '/relative' },
      { clientId: 'registry-forum' },
    ]) {
      await expect(
        registerClient(t.ctx.db, { ...registration, ...bad }),
        JSON.stringify(bad),
      ).rejects.toThrow(ClientRegistrationError);
    }
    await expect(updateClient(t.ctx.db, 'registry-forum', {})).rejects.toThrow('nothing to change');
    expect(await updateClient(t.ctx.db, 'nobody', { name: 'x' })).toBeUndefined();
    expect(await rotateClientSecret(t.ctx.db, 'nobody')).toBeUndefined();
    expect(await removeClient(t.ctx.db, 'nobody', t.config.portalClientId)).toBe(false);
    await expect(removeClient(t.ctx.db, t.config.portalClientId, t.config.portalClientId)).rejects.toThrow(
      ClientRegistrationError,
    );
    await expect(rotateClientSecret(t.ctx.db, t.config.portalClientId)).rejects.toThrow('is public');
    await expect(
      updateClient(t.ctx.db, t.config.portalClientId, { authMethod: 'client_secret_basic' }),
    ).rejects.toThrow('is public');
    expect(await registeredClient(t.ctx.db, 'registry-bad')).toBeUndefined();
    expect(await clientEvents()).toEqual(before);
  });

  it('makes a public client confidential when client-secrets gives it a secret', async () => {
    await registerClient(t.ctx.db, {
      clientId: 'registry-was-public',
      name: 'Was public',
      redirectUris: ['https://app.example/cb'],
      postLogoutRedirectUris: [],
      backchannelLogoutUri: null,
      isPublic: true,
      firstParty: true,
    });
    const secret = await issueClientSecret(t.ctx.db, 'registry-was-public');
    expect(await registeredClient(t.ctx.db, 'registry-was-public')).toMatchObject({
      tokenEndpointAuthMethod: 'client_secret_basic',
      secretHash: sha256(secret),
    });
  });
});
