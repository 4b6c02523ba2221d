/**
 * The SPA's runtime configuration (spec §1; DESIGN.md §6), served at
 * /runtime-configuration/current/environment.json. When `RUNTIME_CONFIG_KEY` (base64url, 32 bytes) is
 * set it is served as `{ Value }`: base64url of iv (12 bytes) | AES-256-GCM ciphertext | tag (16 bytes).
 * This only hides the file from casual reading: it never holds a secret.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import type { RuntimeConfiguration } from '@guildgate/contracts';
import type { AppConfig } from '../../config/config.ts';

/** The configuration the SPA receives for this deployment. */
export function runtimeConfiguration(config: AppConfig): RuntimeConfiguration {
  return {
    environmentName: config.environment,
    isProd: config.isProd,
    frontUrl: config.frontUrl,
    accountUrl: config.publicUrl,
    mediaUrl: config.mediaUrl,
    accountApiUrl: `${config.publicUrl}/api/`,
    accountApiKey: config.apiKeys[0],
    apiKey: config.anonymousBearer,
    captchaSiteKey: config.captchaSiteKey,
    captchaScriptUrl: config.captcha.scriptUrl,
    partnerSsoResendUrls: config.partnerSsoResendUrls,
    partnerName: config.partnerName,
    registerStudioName: config.registerStudioName,
    clientId: config.portalClientId,
    features: config.features,
  };
}

/**
 * Encrypts `plain` (a JSON text) with the base64url `key`.
 * @throws Error when the key is not 32 bytes
 */
export function encryptConfiguration(plain: string, key: string): { Value: string } {
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 32) throw new Error('RUNTIME_CONFIG_KEY must be 32 bytes in base64url');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', raw, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return { Value: Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url') };
}
