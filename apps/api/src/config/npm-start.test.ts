/**
 * `npm start` on other ports (issue 19 "Changing the port works"; README "Quick start"): scripts/start.ts
 * with only PORT, SANDBOX_PORT and SANDBOX_SMTP_PORT set (free ports) gives a working portal — the
 * printed addresses, the runtime configuration's API address (spec §1 account api url) and the front
 * url follow the ports, the demo player logs in through the real HTTP API, the portal's mail reaches
 * the sandbox's SMTP port, and the front url (the sandbox's partner community site) answers and signs
 * players in through this node. The SPA build is not needed: the runtime configuration and the API are
 * served without it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailboxMessagesSchema, type RuntimeConfiguration } from '@guildgate/contracts';
import { DEMO_PLAYER } from '../db/seed.ts';
import { freePort, spawnScript, type NodeProcess } from '../test/node-process.ts';
import { eventually, waitUntil } from '../test/throwaway-services.ts';

const START = path.resolve(import.meta.dirname, '../../../../scripts/start.ts');

describe('npm start with PORT and the sandbox ports set', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-npm-start-'));
  let start: NodeProcess;
  let port: number;
  let sandboxPort: number;
  let portal: string;
  let sandbox: string;
  let configuration: RuntimeConfiguration;

  beforeAll(async () => {
    [port, sandboxPort] = [await freePort(), await freePort()];
    const smtpPort = await freePort();
    portal = `http://localhost:${port}`;
    sandbox = `http://localhost:${sandboxPort}`;
    start = spawnScript(START, {
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_SMTP_PORT: String(smtpPort),
      DATABASE_URL: `sqlite:${path.join(folder, 'store.sqlite')}`,
      WEB_DIST_DIR: path.join(folder, 'no-build'),
      LOG_LEVEL: 'warn',
    });
    const answers = async (url: string) =>
      (await fetch(url, { signal: AbortSignal.timeout(1000) }).catch(() => null))?.ok === true;
    await waitUntil(
      `npm start on ${port} and ${sandboxPort}`,
      async () => (await answers(`${portal}/api/health`)) && (await answers(`${sandbox}/health`)),
      45_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${start.output()}`);
    });
    const response = await fetch(`${portal}/runtime-configuration/current/environment.json`);
    configuration = (await response.json()) as RuntimeConfiguration;
  }, 60_000);

  afterAll(async () => {
    // Unset when the set-up failed before spawning it.
    await (start as NodeProcess | undefined)?.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('prints the addresses of the ports it was given', async () => {
    await waitUntil('the start-up lines', async () => start.output().includes('Demo player'), 10_000);
    expect(start.output()).toContain(`serves ${portal} `);
    expect(start.output()).toContain(`mailbox at ${sandbox}/mailbox`);
    expect(start.output()).not.toMatch(/localhost:(8080|8090)\b/);
  });

  it('gives the SPA the API address of its port, and the partner site as the front url', () => {
    expect(configuration).toMatchObject({
      accountUrl: portal,
      accountApiUrl: `${portal}/api/`,
      frontUrl: `${sandbox}/partner/`,
    });
  });

  it('logs the demo player in through the API address it serves, and the front url answers', async () => {
    const headers = {
      'content-type': 'application/json',
      'x-api-key': configuration.accountApiKey,
      authorization: `Bearer ${configuration.apiKey}`,
    };
    const login = await fetch(`${configuration.accountApiUrl}log/log-in`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ UsernameOrEmail: DEMO_PLAYER.username, Password: DEMO_PLAYER.password }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const { Created } = (await login.json()) as { Created: string };
    const token = await fetch(`${configuration.accountApiUrl}token/${encodeURIComponent(Created)}`, {
      headers,
    });
    expect(token.status).toBe(200);
    expect(((await token.json()) as { Validated: boolean }).Validated).toBe(true);

    const community = await fetch(configuration.frontUrl);
    expect(community.status).toBe(200);
    expect(await community.text()).toContain(`Guildgate partner community`);
    // Its profile page signs a visitor in through this node, at its port.
    const profile = await fetch(`${configuration.frontUrl}profile`, { redirect: 'manual' });
    expect(profile.status).toBe(303);
    expect(profile.headers.get('location')).toMatch(new RegExp(`^${portal}/oauth\\?`));
  });

  it("sends the portal's mail to the sandbox's SMTP port", async () => {
    const recovery = await fetch(`${configuration.accountApiUrl}password/password-recovery`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': configuration.accountApiKey,
        authorization: `Bearer ${configuration.apiKey}`,
      },
      body: JSON.stringify({ Email: DEMO_PLAYER.email }),
    });
    expect(recovery.status, await recovery.clone().text()).toBe(200);
    const mail = await eventually('the recovery mail in the sandbox mailbox', async () => {
      const response = await fetch(
        `${sandbox}/mailbox/api/messages?to=${encodeURIComponent(DEMO_PLAYER.email)}`,
      );
      return MailboxMessagesSchema.parse(await response.json())[0];
    });
    // Its link leads to this portal's port.
    expect(mail.text).toContain(`${portal}/password-recovery/reset?token=`);
  });
});
