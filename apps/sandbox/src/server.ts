/**
 * Runs the sandbox (DESIGN.md §1, §8 mailbox) from the environment:
 * - `SANDBOX_PORT` HTTP port (default 8090),
 * - `SANDBOX_SMTP_PORT` SMTP port (default 2525),
 * - `SANDBOX_HOST` interface for both (default 127.0.0.1),
 * - `SANDBOX_PUBLIC_URL` base URL the API and browsers use (default http://localhost:<SANDBOX_PORT>),
 * - `SANDBOX_HUB_URL` the Guildgate hub the partner site signs players in through (default
 *   http://localhost:8080), with `SANDBOX_HUB_API_KEY` for its spec §7 calls (default: the API's default
 *   of `API_KEYS`; the site authenticates those calls with its own client credentials).
 * Logs the mailbox URL once started; stops gracefully on SIGINT / SIGTERM. Exits with code 1 and a
 * clear message when a variable is invalid or a port cannot be bound.
 */
import { startSandbox } from './app.ts';
import type { HubSettings } from './partner-site/index.ts';

/** The value of the environment variable `name`, trimmed; undefined when unset or blank. */
function textFromEnv(name: string): string | undefined {
  return process.env[name]?.trim() || undefined;
}

/**
 * Reads `SANDBOX_HUB_URL` (an absolute http(s) URL; trailing slashes dropped), and `SANDBOX_HUB_API_KEY`;
 * unset ones keep the partner site's defaults.
 * @throws Error naming SANDBOX_HUB_URL when it is not an http(s) URL
 */
function hubFromEnv(): Partial<HubSettings> {
  const hub: Partial<HubSettings> = {};
  const url = textFromEnv('SANDBOX_HUB_URL');
  if (url !== undefined) {
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
      throw new Error(`SANDBOX_HUB_URL must be an http(s) URL such as http://localhost:8080, got "${url}"`);
    }
    hub.url = url.replace(/\/+$/, '');
  }
  const apiKey = textFromEnv('SANDBOX_HUB_API_KEY');
  if (apiKey !== undefined) hub.apiKey = apiKey;
  return hub;
}

/** Reads a TCP port (integer 0–65535) from the environment variable `name`, or returns `fallback`. */
function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a TCP port (an integer from 0 to 65535), got "${raw}"`);
  }
  return port;
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({
    httpPort: portFromEnv('SANDBOX_PORT', 8090),
    smtpPort: portFromEnv('SANDBOX_SMTP_PORT', 2525),
    host: process.env.SANDBOX_HOST?.trim() || '127.0.0.1',
    publicUrl:
      process.env.SANDBOX_PUBLIC_URL?.trim() || `http://localhost:${portFromEnv('SANDBOX_PORT', 8090)}`,
    hub: hubFromEnv(),
  });
  console.info(
    `Guildgate sandbox: mailbox at ${sandbox.publicUrl}/mailbox (SMTP on port ${sandbox.smtpPort})`,
  );
  console.info(`Guildgate sandbox: partner community site at ${sandbox.publicUrl}/partner/`);
  console.info(`Guildgate sandbox: OpenID Connect site at ${sandbox.publicUrl}/oidc-site/`);
  console.info(`Guildgate sandbox: browser client at ${sandbox.publicUrl}/oidc-browser/`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.info(`Guildgate sandbox: ${signal} received, shutting down`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Guildgate sandbox: error while shutting down', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(
    `Guildgate sandbox failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
