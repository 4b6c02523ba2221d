/**
 * The bans module's public surface (spec §6 bans, §8 IP banned codes): the route guard refusing banned
 * addresses, the address check, and the operator actions of `npm run bans`.
 */
export { ipBanGuard, isIpBanned, parseIpRange, formatIpRange, ipInRanges, type IpRange } from './ip-bans.ts';
export { banIp, liftIpBan } from './service.ts';
