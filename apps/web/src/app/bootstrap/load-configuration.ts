/**
 * Loads the runtime configuration once at start (spec §1; DESIGN.md §6): fetch
 * /runtime-configuration/current/environment.json, decrypt `{ Value }` when encrypted, validate with
 * `RuntimeConfigurationSchema`. Any failure throws; main.tsx then only logs it.
 */
import {
  EncryptedConfigurationSchema,
  RuntimeConfigurationSchema,
  type RuntimeConfiguration,
} from '@guildgate/contracts';
import { decryptConfigurationValue } from './decrypt-configuration.ts';

/** Where the configuration is served (spec §1). */
export const RUNTIME_CONFIGURATION_PATH = '/runtime-configuration/current/environment.json';

/**
 * Turns the served JSON (plain or encrypted) into a validated configuration (spec §1).
 * @param json the parsed body of the configuration file
 * @param keyText the build-time key (base64url), '' when none
 */
export async function parseRuntimeConfiguration(
  json: unknown,
  keyText: string,
  subtle?: SubtleCrypto,
): Promise<RuntimeConfiguration> {
  const encrypted = EncryptedConfigurationSchema.safeParse(json);
  const plain = encrypted.success
    ? (JSON.parse(await decryptConfigurationValue(encrypted.data.Value, keyText, subtle)) as unknown)
    : json;
  return RuntimeConfigurationSchema.parse(plain);
}

/** Fetches and parses the runtime configuration (spec §1 "loaded once at start"). */
export async function loadRuntimeConfiguration(
  keyText: string,
  fetchFn: typeof fetch = fetch,
): Promise<RuntimeConfiguration> {
  const response = await fetchFn(RUNTIME_CONFIGURATION_PATH, {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Runtime configuration answered ${response.status}`);
  return parseRuntimeConfiguration(await response.json(), keyText);
}
