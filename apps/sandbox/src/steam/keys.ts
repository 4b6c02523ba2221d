/**
 * The Steam Web API keys the Steam stand-in accepts (DESIGN.md §1 Steam "player-summary Web API"). The
 * portal's configuration points its Steam Web API key at one of these; any other key (or none) gets
 * Steam's 403 "Forbidden" page from `GetPlayerSummaries`.
 */

/** Accepted keys: `local` for `npm start`, `e2e` for Playwright, `test` for Vitest. */
export const SANDBOX_STEAM_API_KEYS = [
  'guildgate-local-steam-key',
  'guildgate-e2e-steam-key',
  'guildgate-test-steam-key',
] as const;

/** One of the keys of {@link SANDBOX_STEAM_API_KEYS}. */
export type SandboxSteamApiKey = (typeof SANDBOX_STEAM_API_KEYS)[number];

/** Whether `value` is one of {@link SANDBOX_STEAM_API_KEYS} (exact, case-sensitive match). */
export function isSandboxSteamApiKey(value: unknown): value is SandboxSteamApiKey {
  return (SANDBOX_STEAM_API_KEYS as readonly unknown[]).includes(value);
}
