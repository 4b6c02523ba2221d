/**
 * The bans module's public surface (spec §6 bans, §8 IP banned codes): the route guard refusing banned
 * addresses, the address check, the operator actions of `npm run bans`, and the bans as the operator
 * console reads them (issue 24 §3).
 */
export { ipBanGuard, isIpBanned, parseIpRange, formatIpRange, ipInRanges, type IpRange } from './ip-bans.ts';
export { banIp, liftIpBan } from './service.ts';
export { findIpBan, findIpBanOfRange, listIpBans, type IpBanRow } from './store.ts';
