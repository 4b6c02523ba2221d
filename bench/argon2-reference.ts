/**
 * The limit of a password log-in and of a registration (issue 23 §1 P1, P6): raw `@node-rs/argon2`
 * verifications (or hashes) per second at the API's parameters (lib/password.ts ARGON2_PARAMS) with
 * `concurrency` operations in flight, for `seconds`, in a process of its own like an API node.
 *
 *   node bench/argon2-reference.ts verify|hash CONCURRENCY SECONDS
 *
 * Prints one JSON line: `{ "perSecond": n }`.
 */
import { hash, verify } from '@node-rs/argon2';
import { ARGON2_PARAMS, ARGON2ID } from '@guildgate/api/testing';

const [mode = 'verify', concurrencyArg = '4', secondsArg = '10'] = process.argv.slice(2);
const concurrency = Number(concurrencyArg);
const seconds = Number(secondsArg);
const options = { algorithm: ARGON2ID, ...ARGON2_PARAMS };
const stored = await hash('DemoPass2024', options);

let done = 0;
const deadline = performance.now() + seconds * 1000;
const worker = async () => {
  while (performance.now() < deadline) {
    if (mode === 'hash') await hash('DemoPass2024', options);
    else await verify(stored, 'DemoPass2024');
    done += 1;
  }
};
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const elapsed = (performance.now() - started) / 1000;
console.info(JSON.stringify({ perSecond: done / elapsed }));
