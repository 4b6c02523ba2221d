/**
 * The §8 codes of each linkable provider (spec §8 USER_STEAM_EXIST, STEAM_NOT_REACHABLE and the IP-banned
 * link variants ERROR_USER_IP_BANNED_{Provider}_LINK; their Twitch and Epic Games kin).
 */
import type { ErrorCode, LinkProvider } from '@guildgate/contracts';

/** Codes of one provider. */
export interface ProviderCodes {
  /** The provider account is linked to another player. */
  exists: ErrorCode;
  /** The provider did not answer (503). */
  notReachable: ErrorCode;
  /** The caller's IP address is banned. */
  ipBanned: ErrorCode;
}

/** Codes per provider. */
export const PROVIDER_CODES: Readonly<Record<LinkProvider, ProviderCodes>> = {
  steam: {
    exists: 'ERROR_USER_STEAM_EXIST',
    notReachable: 'ERROR_STEAM_NOT_REACHABLE',
    ipBanned: 'ERROR_USER_IP_BANNED_STEAM_LINK',
  },
  twitch: {
    exists: 'ERROR_USER_TWITCH_EXIST',
    notReachable: 'ERROR_TWITCH_NOT_REACHABLE',
    ipBanned: 'ERROR_USER_IP_BANNED_TWITCH_LINK',
  },
  'epic-games': {
    exists: 'ERROR_USER_EPICGAMES_EXIST',
    notReachable: 'ERROR_EPICGAMES_NOT_REACHABLE',
    ipBanned: 'ERROR_USER_IP_BANNED_EPICGAMES_LINK',
  },
};
