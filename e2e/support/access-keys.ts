/**
 * Access keys for end-to-end tests (docs/operations.md "Access keys"): runs the operator's command
 * against a deployment's own store, as an operator would, and returns the new key.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { deploymentDir } from './ports.ts';

const run = promisify(execFile);

/** Creates one access key in the store of deployment `name` (a Playwright project name). */
export async function createAccessKey(name: string): Promise<string> {
  const store = path.resolve(deploymentDir(name), 'store.sqlite');
  const { stdout } = await run(
    process.execPath,
    ['apps/api/src/cli/access-key-cli.ts', '1', '--note', 'e2e'],
    {
      env: { ...process.env, DATABASE_URL: `sqlite:${store}`, LOG_LEVEL: 'silent' },
    },
  );
  return stdout.trim();
}
