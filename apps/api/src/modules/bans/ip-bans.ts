/**
 * Banned IP addresses (spec §6 "Banned accounts and banned IPs are refused"; §8 IP banned: generic,
 * login, register and link variants). Bans are single addresses or CIDR ranges, IPv4 or IPv6, matched
 * with Node's `net.BlockList` (IPv4-mapped IPv6 addresses match their IPv4 bans). Routes opt in with
 * {@link ipBanGuard}, naming the §8 code they answer; the SPA shows the generic code of log-in as
 * ERROR_USER_IP_BANNED_LOGIN (spec §8 Login).
 */
import net from 'node:net';
import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { isoNow } from '../../lib/time.ts';
import { activeIpBanRanges } from './store.ts';

/** A parsed ban: address, prefix length and family. */
export interface IpRange {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/**
 * Parses `203.0.113.7`, `203.0.113.0/24`, `2001:db8::/32`; null when it is not an address or range.
 */
export function parseIpRange(text: string): IpRange | null {
  const [address, ...rest] = text.trim().split('/');
  const prefixText = rest.shift();
  if (!address || rest.length > 0) return null;
  const version = net.isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!/^\d+$/.test(prefixText ?? String(max)) || !Number.isInteger(prefix) || prefix < 0 || prefix > max)
    return null;
  // Node's canonical text of the address (IPv6 lower case and compressed: `2001:DB8:0::` → `2001:db8::`),
  // so one range is one ban whatever way it was typed.
  return { address: new net.SocketAddress({ address, family }).address, prefix, family };
}

/** The canonical text of a range (`address/prefix`). */
export function formatIpRange(range: IpRange): string {
  return `${range.address}/${range.prefix}`;
}

/** The address `ip` with an IPv4-mapped IPv6 prefix removed (`::ffff:198.51.100.2` → IPv4). */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}

/** Is `ip` inside one of `ranges`? */
export function ipInRanges(ip: string, ranges: readonly IpRange[]): boolean {
  const address = plainAddress(ip);
  const version = net.isIP(address);
  if (version === 0 || ranges.length === 0) return false;
  const list = new net.BlockList();
  for (const r of ranges) list.addSubnet(r.address, r.prefix, r.family);
  return list.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/** Is `ip` banned now (an unexpired ban covers it)? */
export async function isIpBanned(db: Kysely<Database>, ip: string | null | undefined): Promise<boolean> {
  if (!ip) return false;
  const ranges = (await activeIpBanRanges(db, isoNow()))
    .map((cidr) => parseIpRange(cidr))
    .filter((r): r is IpRange => r !== null);
  return ipInRanges(ip, ranges);
}

/**
 * A preHandler refusing requests from a banned address with 400 `code` (general).
 * @param code ERROR_USER_IP_BANNED (log-in and other forms), ERROR_USER_IP_BANNED_REGISTER, or a link
 *   variant (ERROR_USER_IP_BANNED_{provider}_LINK)
 */
export function ipBanGuard(ctx: AppContext, code: ErrorCode) {
  return async (request: FastifyRequest): Promise<void> => {
    if (await isIpBanned(ctx.db, request.ip)) throw badRequest(code);
  };
}
