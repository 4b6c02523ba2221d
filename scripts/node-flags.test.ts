/**
 * Every way the repository starts an API node for real uses the same V8 flags (apps/api/src/node-flags.ts,
 * issue 23 P5): `npm run start:prod` spells them in the root package.json, which cannot import them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_NODE_FLAGS } from '@guildgate/api/node-flags';

describe('API node flags', () => {
  it('npm run start:prod passes API_NODE_FLAGS to node before the server', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8'),
    ) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts['start:prod']).toBe(
      `node ${API_NODE_FLAGS.join(' ')} apps/api/src/server.ts --production`,
    );
  });
});
