import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const fixtures = path.join(root, 'client/src/features/leaderboard/__lint-fixtures__');

/** The layer findings ESLint reports for one file, with the project's own config. */
async function layerFindings(file: string) {
  // The fixtures are ignored by `npm run lint`; here they are linted on purpose.
  const eslint = new ESLint({ cwd: root, ignore: false });
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).filter(
    (message) => message.ruleId === 'import-x/no-restricted-paths',
  );
}

/**
 * The rules oxlint finds broken in one file, with the project's own config less its
 * ignoring of the fixtures (a copy beside it, since its globs are relative to it; oxlint's
 * --no-ignore does not lift a config's ignorePatterns).
 */
async function oxlintFindings(file: string) {
  const config = path.join(root, `.oxlintrc.fixtures-${randomBytes(4).toString('hex')}.json`);
  const projectConfig = await readFile(path.join(root, '.oxlintrc.json'), 'utf8');
  expect(projectConfig).toContain('"**/__lint-fixtures__/**"');
  await writeFile(config, projectConfig.replace('"**/__lint-fixtures__/**"', '"**/.none/**"'));
  try {
    const oxlint = path.join(root, 'node_modules/.bin/oxlint');
    const run = promisify(execFile)(oxlint, ['-c', config, '--format=unix', file], { cwd: root });
    // oxlint exits 1 when it finds something; its report is on stdout either way.
    const { stdout } = await run.catch((error: { stdout?: string }) => ({
      stdout: error.stdout ?? '',
    }));
    return [...stdout.matchAll(/\[Error\/([^\]]+)\]/g)].map((match) => match[1]);
  } finally {
    await rm(config, { force: true });
  }
}

describe('the client boundaries lint rules', { timeout: 120_000 }, () => {
  it("refuses a feature importing another feature's internals", async () => {
    const findings = await layerFindings(path.join(fixtures, 'cross-feature-import.ts'));
    expect(findings).toHaveLength(1);
    expect(findings[0]?.message).toContain('a feature does not import another feature');
  });

  it('refuses a feature importing the app layer', async () => {
    const findings = await layerFindings(path.join(fixtures, 'app-import.ts'));
    expect(findings.map((finding) => finding.message)).toContainEqual(
      expect.stringContaining('features do not import the app layer'),
    );
  });

  it('refuses two modules that import each other', async () => {
    expect(await oxlintFindings(path.join(fixtures, 'cycle-a.ts'))).toEqual(['import(no-cycle)']);
  });

  it('lets a feature use lib/ and its own files', async () => {
    const file = path.join(root, 'client/src/features/leaderboard/api/leaderboard.ts');
    expect(await layerFindings(file)).toEqual([]);
    expect(await oxlintFindings(file)).toEqual([]);
  });
});
