import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

/**
 * The one `typescript` must be a version every tool that names it accepts (typescript-eslint
 * supports a narrower range than the compiler's releases): `npm ls` reports a mismatch as
 * "invalid", and `npm install` prints a warning block for it.
 */
it('the installed TypeScript meets every peer range that names it', async () => {
  const { stdout } = await promisify(execFile)('npm', ['ls', '--all', '--json', 'typescript'], {
    cwd: new URL('..', import.meta.url),
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const invalid = [...stdout.matchAll(/"invalid": "([^"]*)"/g)].map((match) => match[1]);
  expect(invalid).toEqual([]);
}, 60_000);
