/**
 * The V8 flags every API node runs with (`npm start`, `npm run start:prod`, the bench's nodes; issue 23
 * P5, docs/operations.md "Sizing"): `--max-semi-space-size=8` caps each of the young generation's
 * semi-spaces at 8 MB (V8's default grows them to 16 MB under load; the young generation holds three).
 * Measured on one node (SQLite + Redis): idle RSS 211 → 183 MB, and after token/verify load 294 →
 * about 200 MB, for a few per cent of token/verify's throughput (more, shorter scavenges).
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];
