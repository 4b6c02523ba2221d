/**
 * Load generation for the bench (issue 23 §1) with autocannon: one measurement of a route at a given
 * concurrency (and optionally a fixed rate), reduced to the figures the tables print, and the small
 * statistics the scenarios share. Every call that did not answer as expected is counted and printed:
 * a fast error is no throughput.
 */
import autocannon from 'autocannon';

/** What {@link measure} reports. */
export interface LoadResult {
  /** Answers per second that had the expected status (total / duration). */
  rps: number;
  /** Latency percentiles, ms (autocannon's histogram; 1 ms resolution for fast routes). */
  p50: number;
  p99: number;
  /** Mean latency, ms (fractional: finer than the percentiles for sub-millisecond routes). */
  mean: number;
  /** Answers with another status, socket errors and timeouts. */
  failures: number;
  /** All answers counted. */
  total: number;
}

/** One load: a request (or a request built per call) sent on `connections` for `seconds`. */
export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Builds each request's body (e.g. a unique username), called per request. */
  bodyOf?: () => string;
  /**
   * autocannon's request sequence, for calls that depend on the connection's previous answer (a
   * rotating refresh token): `setupRequest(request, context)` and `onResponse(status, body, context)`,
   * `context` being the connection's own. Takes the place of `body` and `bodyOf`.
   */
  requests?: autocannon.Request[];
  /** Concurrent connections (each waits for its answer before the next request). */
  connections: number;
  /** Seconds to measure. */
  seconds: number;
  /** A fixed total rate, requests/s (for latency at a given load); unlimited when absent. */
  overallRate?: number;
  /** The status counted as success (default 200). */
  expectStatus?: number;
}

/** Runs one load and reduces it to {@link LoadResult}. */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  const expected = options.expectStatus ?? 200;
  const { bodyOf } = options;
  let unexpected = 0;
  let finish!: (result: autocannon.Result) => void;
  let fail!: (error: unknown) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: options.url,
      method: options.method ?? 'GET',
      headers: {
        ...(options.body || options.bodyOf ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body,
      connections: options.connections,
      duration: options.seconds,
      ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      ...(options.requests ? { requests: options.requests } : {}),
      ...(bodyOf && !options.requests
        ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: bodyOf() }) }] }
        : {}),
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on('response', (_client: unknown, statusCode: number) => {
    if (statusCode !== expected) unexpected += 1;
  });
  const result = await done;
  const total = result.requests.total;
  const failures = unexpected + result.errors + result.timeouts;
  return {
    rps: (total - unexpected) / options.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    failures,
    total,
  };
}

/** The median of `values`. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** `value` with `digits` decimals. */
export function fixed(value: number, digits = 2): string {
  return value.toFixed(digits);
}

/** Bytes as MB (10^6), one decimal. */
export function megabytes(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}

/**
 * A numeric option of a scenario: `--name=value` among its arguments (`npm run bench -- login
 * --seconds=5`), else `fallback`.
 */
export function option(name: string, fallback: number): number {
  const prefix = `--${name}=`;
  const arg = process.argv.find((each) => each.startsWith(prefix));
  const value = arg ? Number(arg.slice(prefix.length)) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/**
 * The table of an interleaved measure against the argon2 reference (P1, P6): one row per round (the
 * call's req/s, the reference's operations/s, their ratio, the call's p50/p99 ms and failures) and a
 * row of medians, the ratio of the medians in bold.
 */
export function interleavedRows(api: LoadResult[], reference: number[]): (string | number)[][] {
  const apiRps = median(api.map((each) => each.rps));
  const referenceRate = median(reference);
  return [
    ...api.map((each, i) => [
      `round ${i + 1}`,
      fixed(each.rps, 1),
      fixed(reference[i], 1),
      fixed(each.rps / reference[i]),
      each.p50,
      each.p99,
      each.failures,
    ]),
    [
      '**median**',
      fixed(apiRps, 1),
      fixed(referenceRate, 1),
      `**${fixed(apiRps / referenceRate)}**`,
      median(api.map((each) => each.p50)),
      median(api.map((each) => each.p99)),
      api.reduce((sum, each) => sum + each.failures, 0),
    ],
  ];
}
