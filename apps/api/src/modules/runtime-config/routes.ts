/** GET /runtime-configuration/current/environment.json (spec §1 configuration loading). */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config.ts';
import { encryptConfiguration, runtimeConfiguration } from './configuration.ts';

/** Registers the configuration route at the root (outside /api, no api key: it is public). */
export async function runtimeConfigRoutes(app: FastifyInstance, config: AppConfig): Promise<void> {
  const plain = JSON.stringify(runtimeConfiguration(config));
  app.get('/runtime-configuration/current/environment.json', async (_request, reply) => {
    void reply.header('cache-control', 'no-store').type('application/json');
    return config.runtimeConfigKey ? encryptConfiguration(plain, config.runtimeConfigKey) : plain;
  });
}
