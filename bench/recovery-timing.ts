/**
 * Password recovery answers alike in time for a known and an unknown address (issue 18: no SMTP and
 * no look-up in the request; modules/password/recovery.ts, lib/deferred-work.ts). Builds the real app
 * on a fresh store (apps/api/src/test/harness.ts: SQLite, or PostgreSQL with TEST_DATABASE_URL) with
 * the sandbox's SMTP server, registers `N + 10` players, then asks POST /api/password/password-recovery
 * for 10 known and 10 unknown addresses (warm-up) and `N` of each, alternating (each known address
 * once, so the hourly limit never cuts the work short), timing each answer in-process (`inject`).
 *
 *   npx node bench/recovery-timing.ts [sqlite|postgres] [N=50]
 *
 * Prints the median and 90th percentile of each, in ms, and their ratio (DESIGN.md §7: speed is
 * measured here, as ratios within one run, never asserted in a test).
 */
import { ANONYMOUS, formToken, registerForm, startTestApp } from '@guildgate/api/testing';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const n = Number(process.argv[3] ?? 50);
const t = await startTestApp(kind);
try {
  const known: string[] = [];
  for (let i = 0; i < n + 10; i += 1) {
    const form = registerForm(`Timing${i}x`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register/new-user',
      headers: ANONYMOUS,
      payload: { ...form, FormToken: await formToken(t) },
    });
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
    known.push(form.Email as string);
  }
  // Let the registrations' verification mail go out first.
  await new Promise((resolve) => setTimeout(resolve, 2000));

  /** Time of one answer, ms. */
  const ask = async (email: string): Promise<number> => {
    const started = process.hrtime.bigint();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password/password-recovery',
      headers: ANONYMOUS,
      payload: { Email: email },
    });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.statusCode !== 200) throw new Error(`recovery failed: ${res.body}`);
    return ms;
  };
  for (let i = 0; i < 10; i += 1) {
    await ask(known[n + i]);
    await ask(`warm${i}@nobody.test`);
  }
  const knownMs: number[] = [];
  const unknownMs: number[] = [];
  for (let i = 0; i < n; i += 1) {
    knownMs.push(await ask(known[i]));
    unknownMs.push(await ask(`nobody${i}@nobody.test`));
  }
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const median = (values: number[]) => {
    const s = sorted(values);
    return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
  };
  const p90 = (values: number[]) => sorted(values)[Math.floor(values.length * 0.9)];
  console.info(
    `${kind}, ${n} calls each: known median ${median(knownMs).toFixed(2)} ms (p90 ${p90(knownMs).toFixed(2)}), ` +
      `unknown median ${median(unknownMs).toFixed(2)} ms (p90 ${p90(unknownMs).toFixed(2)}), ` +
      `ratio ${(median(knownMs) / median(unknownMs)).toFixed(2)}`,
  );
} finally {
  await t.close();
}
