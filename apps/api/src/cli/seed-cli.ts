/**
 * `npm run seed`: applies pending migrations, then writes the reference data and the demo data (the demo
 * players, their block, the sandbox partner site) into the store of `DATABASE_URL` (docs/configuration.md).
 * Idempotent: running it again changes nothing. A development convenience: never run it in production.
 */
import { DEMO_PLAYER, seedDemoData, seedReferenceData } from '../db/seed.ts';
import { runWithStore } from './run-cli.ts';

await runWithStore(async (store, config) => {
  await seedReferenceData(store.db, {
    publicUrl: config.publicUrl,
    portalClientId: config.portalClientId,
    redirectPatterns: config.redirectPatterns,
  });
  await seedDemoData(store.db, { sandboxUrl: config.sandboxUrl });
  process.stdout.write(`Seeded. Demo player: ${DEMO_PLAYER.username} / ${DEMO_PLAYER.password}\n`);
  return undefined;
});
