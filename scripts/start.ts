/**
 * `npm start` (house rule 1): runs the sandbox (SMTP + mailbox on SANDBOX_PORT, default 8090) and
 * one API node serving the built SPA (PORT, default 8080) with the demo data (SEED_DEMO=1), the
 * sandbox's e-mail check (EMAIL_CHECK_URL) and, for when FEATURE_ENABLE_CAPTCHA=1 is given, the
 * sandbox's reCAPTCHA stand-in with its local key pair (CAPTCHA_*), and the sandbox's Steam, Twitch and
 * Epic Games with their local credentials (STEAM_*, TWITCH_*, EPIC_GAMES_*), in two child processes;
 * the sandbox's partner community site signs players in through that API node (SANDBOX_HUB_URL, and
 * SANDBOX_HUB_API_KEY from API_KEYS when given).
 * Any of these given in the environment wins. Ctrl-C stops both; if one dies, the other is stopped too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sandboxPort = process.env.SANDBOX_PORT ?? '8090';
const sandbox = process.env.SANDBOX_URL ?? `http://localhost:${sandboxPort}`;
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
/** The API node the sandbox's partner site signs players in through (spec §1 Single sign-on). */
const hub = {
  SANDBOX_HUB_URL:
    process.env.SANDBOX_HUB_URL ?? process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? '8080'}`,
  ...(process.env.API_KEYS ? { SANDBOX_HUB_API_KEY: process.env.API_KEYS.split(',')[0]!.trim() } : {}),
};
const env = {
  ...linking,
  ...hub,
  ...process.env,
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

function run(name: string, script: string): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, script)], { env, stdio: 'inherit' });
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
children.push(run('api', 'apps/api/src/server.ts'));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
