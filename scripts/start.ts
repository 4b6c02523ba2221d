/**
 * `npm start` (house rule 1): runs the sandbox (mailbox and outside parties on SANDBOX_PORT, default
 * 8090; SMTP on SANDBOX_SMTP_PORT, default 2525) and one API node serving the built SPA (PORT, default
 * 8080) with the demo data (SEED_DEMO=1), in two child processes. Everything follows the ports unless
 * given: the node's public address (PUBLIC_URL = http://localhost:<PORT>: the runtime configuration's
 * API address, the printed address, e-mailed links), its outgoing mail (SMTP_URL = the sandbox's SMTP
 * port), the community website (FRONT_URL = the sandbox's partner community site, which hosts the
 * profile and rewards pages the portal links to), the sandbox's e-mail check (EMAIL_CHECK_URL), for
 * when FEATURE_ENABLE_CAPTCHA=1 is given the sandbox's reCAPTCHA stand-in with its local key pair
 * (CAPTCHA_*), and the sandbox's Steam, Twitch and Epic Games with their local credentials (STEAM_*,
 * TWITCH_*, EPIC_GAMES_*); the sandbox's partner community site signs players in through that API node
 * (SANDBOX_HUB_URL, and SANDBOX_HUB_API_KEY from API_KEYS when given).
 * Any of these given in the environment wins. The API node runs with API_NODE_FLAGS and the environment
 * of apiNodeEnv (V8's memory settings, glibc's malloc arenas, Node's compile cache:
 * apps/api/src/node-flags.ts). Ctrl-C stops both; if one dies, the other is stopped too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { API_NODE_FLAGS, apiNodeEnv } from '@guildgate/api/node-flags';

const root = path.resolve(import.meta.dirname, '..');
/** A variable of the environment, trimmed; undefined when unset or blank (as config.ts reads them). */
const given = (name: string): string | undefined => process.env[name]?.trim() || undefined;
const port = given('PORT') ?? '8080';
/** The API node's public address: what browsers, e-mailed links and the partner site use. */
const publicUrl = given('PUBLIC_URL') ?? `http://localhost:${port}`;
const sandboxPort = given('SANDBOX_PORT') ?? '8090';
const sandboxSmtpPort = given('SANDBOX_SMTP_PORT') ?? '2525';
/** The sandbox's address for the API and browsers (the demo data allow-list its partner site's). */
const sandbox = given('SANDBOX_URL') ?? `http://localhost:${sandboxPort}`;
/** The linked providers (spec §4) and the partner sign-on (spec §1): the sandbox's, `local` credentials. */
const linking = {
  STEAM_OPENID_URL: `${sandbox}/steam/openid`,
  STEAM_API_URL: `${sandbox}/steam/api`,
  STEAM_API_KEY: 'guildgate-local-steam-key',
  TWITCH_ISSUER: `${sandbox}/twitch`,
  TWITCH_CLIENT_ID: 'guildgate-local-twitch',
  TWITCH_CLIENT_SECRET: 'guildgate-local-twitch-secret',
  EPIC_GAMES_ISSUER: `${sandbox}/epic-games`,
  EPIC_GAMES_CLIENT_ID: 'guildgate-local-epic',
  EPIC_GAMES_CLIENT_SECRET: 'guildgate-local-epic-secret',
  // The partner studios' sign-on (spec §1): the sandbox's Creative Assembly ID and Focus ID.
  CREATIVE_ASSEMBLY_ISSUER: `${sandbox}/partner-idp/creative-assembly`,
  CREATIVE_ASSEMBLY_CLIENT_ID: 'guildgate-local-creative-assembly',
  CREATIVE_ASSEMBLY_CLIENT_SECRET: 'guildgate-local-creative-assembly-secret',
  FOCUS_ISSUER: `${sandbox}/partner-idp/focus`,
  FOCUS_CLIENT_ID: 'guildgate-local-focus',
  FOCUS_CLIENT_SECRET: 'guildgate-local-focus-secret',
};
const apiKeys = given('API_KEYS');
/** The API node the sandbox's partner site signs players in through (spec §1 Single sign-on). */
const hub = {
  SANDBOX_HUB_URL: given('SANDBOX_HUB_URL') ?? publicUrl,
  ...(apiKeys ? { SANDBOX_HUB_API_KEY: apiKeys.split(',')[0].trim() } : {}),
};
const env = {
  ...linking,
  ...hub,
  ...process.env,
  PORT: port,
  PUBLIC_URL: publicUrl,
  SMTP_URL: given('SMTP_URL') ?? `smtp://127.0.0.1:${sandboxSmtpPort}`,
  // The community website (spec §1 front url): "Browse website", the profile and the rewards pages.
  FRONT_URL: given('FRONT_URL') ?? `${sandbox}/partner/`,
  SANDBOX_PUBLIC_URL: process.env.SANDBOX_PUBLIC_URL ?? sandbox,
  SEED_DEMO: process.env.SEED_DEMO ?? '1',
  SANDBOX_URL: sandbox,
  EMAIL_CHECK_URL: process.env.EMAIL_CHECK_URL ?? `http://localhost:${sandboxPort}/email-check`,
  CAPTCHA_SITE_KEY: process.env.CAPTCHA_SITE_KEY ?? 'guildgate-local-site-key',
  CAPTCHA_SECRET_KEY: process.env.CAPTCHA_SECRET_KEY ?? 'guildgate-local-secret-key',
  CAPTCHA_SCRIPT_URL: process.env.CAPTCHA_SCRIPT_URL ?? `http://localhost:${sandboxPort}/recaptcha/api.js`,
  CAPTCHA_VERIFY_URL:
    process.env.CAPTCHA_VERIFY_URL ?? `http://localhost:${sandboxPort}/recaptcha/api/siteverify`,
};

function run(
  name: string,
  script: string,
  flags: readonly string[] = [],
  extraEnv: Record<string, string> = {},
): ChildProcess {
  const child = spawn(process.execPath, [...flags, path.join(root, script)], {
    env: { ...env, ...extraEnv },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping the rest.`);
      stop(code ?? 1);
    }
  });
  return child;
}

let stopping = false;
const children: ChildProcess[] = [];
function stop(code: number): void {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 200).unref();
}

children.push(run('sandbox', 'apps/sandbox/src/server.ts'));
children.push(run('api', 'apps/api/src/server.ts', API_NODE_FLAGS, apiNodeEnv(root)));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
