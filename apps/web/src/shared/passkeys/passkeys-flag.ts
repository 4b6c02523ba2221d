/**
 * The `passkeys` feature flag (issue 22 §3, §10; docs/configuration.md): passkeys in the account, as a
 * second factor, and "Sign in with a passkey". A module of its own, without the WebAuthn code, so that
 * the pages that only ask whether to show passkeys carry nothing more.
 */
import type { FeatureFlags } from '@guildgate/contracts';

/** Whether the deployment's flags turn passkeys on (`config.features.passkeys`). */
export function passkeysEnabled(features: FeatureFlags): boolean {
  // The flag arrives with the passkeys API (contracts FEATURE_FLAGS); read by name until then.
  return (features as Partial<Record<string, boolean>>).passkeys === true;
}
