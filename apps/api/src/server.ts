/**
 * Starts one API node: configuration from the environment (DESIGN.md §8), the app of app.ts on PORT,
 * graceful shutdown on SIGINT/SIGTERM within SHUTDOWN_GRACE_MS. Never starts the sandbox (scripts/start.ts does, for `npm start`).
 *
 * `node apps/api/src/server.ts --production` (`npm run start:prod`) is the production entry: production
 * mode whatever the environment says, so every unsafe setting is refused (config/production.ts,
 * docs/operations.md "Production"). Without the flag, IS_PROD and the prod/preprod environments turn
 * production mode on too.
 */
import { flushCompileCache } from 'node:module';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type AppConfig } from './config/config.ts';
import { buildApp } from './app.ts';
import { StoreOpenError } from './db/database.ts';
import { DEMO_PLAYER } from './db/seed.ts';

/** Prints a refused configuration or unusable store and stops (exit code 1); rethrows anything else. */
function refuse(error: unknown): never {
  if (error instanceof ConfigError || error instanceof StoreOpenError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let config: AppConfig;
try {
  config = loadConfig(
    process.env,
    {},
    { entry: process.argv.includes('--production') ? 'production' : 'default' },
  );
} catch (error) {
  refuse(error);
}

const { app, management } = await buildApp({ config }).catch(refuse);
// On SIGTERM/SIGINT: stop listening, answer what was received (with Connection: close), let the
// onClose hooks finish their work, and exit; after SHUTDOWN_GRACE_MS the process exits anyway (code 1).
closeWithGrace({ delay: config.shutdownGraceMs }, async ({ err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  await app.close();
});
await app.listen({ port: config.port, host: config.host });
if (management && config.management.port !== null) {
  await management.listen({ port: config.management.port, host: config.management.host });
}
// With NODE_COMPILE_CACHE (node-flags.ts apiNodeEnv), write the cache of the modules loaded so far now
// rather than at exit: the next node starts warm even when this one is killed. A no-op without it.
flushCompileCache();
console.info(
  `Guildgate (${config.environment}${config.productionMode ? ', production mode' : ''}) serves ${config.publicUrl} — store: ${config.databaseUrl.replace(/\/\/[^@]*@/, '//***@')}`,
);
if (config.seedDemo) {
  console.info(
    `Demo player: ${DEMO_PLAYER.username} / ${DEMO_PLAYER.email}, password ${DEMO_PLAYER.password}`,
  );
}
