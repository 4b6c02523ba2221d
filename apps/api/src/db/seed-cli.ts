/**
 * `npm run seed`: applies pending migrations, then writes the reference data and the demo data (the demo
 * players, their block, the sandbox partner site) into the store of `DATABASE_URL` (docs/configuration.md).
 * Idempotent: running it again changes nothing. A development convenience: never run it in production.
 */
import { loadConfig } from '../config/config.ts';
import { migrateToLatest, openStore } from './database.ts';
import { DEMO_PLAYER, seedDemoData, seedReferenceData } from './seed.ts';

const config = loadConfig();
const store = openStore(config.databaseUrl);
try {
  await migrateToLatest(store);
  await seedReferenceData(store.db, {
    publicUrl: config.publicUrl,
    portalClientId: config.portalClientId,
    redirectPatterns: config.redirectPatterns,
  });
  await seedDemoData(store.db, { sandboxUrl: config.sandboxUrl });
  process.stdout.write(`Seeded. Demo player: ${DEMO_PLAYER.username} / ${DEMO_PLAYER.password}\n`);
} finally {
  await store.close();
}
