/**
 * Starts one API node: configuration from the environment (DESIGN.md §8), the app of app.ts on PORT,
 * graceful shutdown on SIGINT/SIGTERM.
 */
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config/config.ts';
import { buildApp } from './app.ts';
import { DEMO_PLAYER } from './db/seed.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const { app } = await buildApp({ config });
closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  await app.close();
});
await app.listen({ port: config.port, host: config.host });
console.info(
  `Guildgate (${config.environment}) serves ${config.publicUrl} — store: ${config.databaseUrl.replace(/\/\/[^@]*@/, '//***@')}`,
);
if (config.seedDemo) {
  console.info(
    `Demo player: ${DEMO_PLAYER.username} / ${DEMO_PLAYER.email}, password ${DEMO_PLAYER.password}`,
  );
}
