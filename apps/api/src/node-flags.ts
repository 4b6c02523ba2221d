/**
 * How every API node is started (`npm start`, `npm run start:prod`, the bench's nodes; issue 23 P5,
 * docs/operations.md "Sizing"): the V8 flags of its command line and the variables of its environment.
 * package.json cannot import this module: `start:prod` spells the same out, and a test keeps the two equal
 * (config/production-start.test.ts).
 */
import path from 'node:path';

/**
 * The V8 flags: `--max-semi-space-size=8` caps each of the young generation's semi-spaces at 8 MB
 * (V8's default grows them to 16 MB under load; the young generation holds three). Measured on one node
 * (SQLite + Redis): idle RSS 211 → 183 MB, and after token/verify load 294 → about 200 MB, for a few per
 * cent of token/verify's throughput (more, shorter scavenges).
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];

/**
 * The environment variables a launcher gives the node process, with their values by default (each is
 * read by the process at its start, so the node cannot set them itself):
 *
 * - `MALLOC_ARENA_MAX=2`: glibc gives every thread that allocates its own malloc arena and keeps the
 *   freed memory of each; argon2 (@node-rs/argon2) allocates its 19 MiB per hash on the libuv threads.
 *   Two arenas for the process: after 30 s of mixed load (with log-ins) and 30 s of rest, RSS ~199 →
 *   ~175 MB (two runs each, `bench/memory.ts`'s load); no change idle.
 * - `NODE_COMPILE_CACHE`: Node's module compile cache (nodejs.org/api/module.html "Module compile
 *   cache") in node_modules/.cache/guildgate-api, relative to the repository root (removed with
 *   node_modules by `npm ci`, so an upgrade starts afresh): the modules' type-stripped source and V8
 *   code cache, kept on disk and checked against each file's content. A node started on a warm cache
 *   never loads Node's TypeScript stripper (amaro, a WebAssembly module) and compiles less at start:
 *   idle RSS −9 to −12 MB. A cold or unwritable cache only costs that saving (Node then carries on
 *   without one); server.ts writes it once the node listens.
 * - `NODE_ENV=production`: the libraries' production builds — React's, which renders every mail
 *   (outbound-mail/templates.ts): its development build checks each element and keeps debug
 *   information, and was the largest part of a registration's CPU profile. Guildgate's own code never
 *   reads NODE_ENV (development or production mode is `--production`, docs/configuration.md).
 */
export const API_NODE_ENV: Readonly<Record<'MALLOC_ARENA_MAX' | 'NODE_COMPILE_CACHE' | 'NODE_ENV', string>> =
  {
    MALLOC_ARENA_MAX: '2',
    NODE_COMPILE_CACHE: 'node_modules/.cache/guildgate-api',
    NODE_ENV: 'production',
  };

/**
 * {@link API_NODE_ENV} for a launcher's child process: a value already in the launcher's environment
 * wins; the compile cache's folder resolved against `root`.
 * @param root the repository's root folder (absolute), which holds node_modules
 */
export function apiNodeEnv(root: string): Record<string, string> {
  return {
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? API_NODE_ENV.MALLOC_ARENA_MAX,
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.resolve(root, API_NODE_ENV.NODE_COMPILE_CACHE),
    NODE_ENV: process.env.NODE_ENV ?? API_NODE_ENV.NODE_ENV,
  };
}
