import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const fixtures = path.join(root, 'client/src/features/leaderboard/__lint-fixtures__');
const BOUNDARY_RULES = ['import-x/no-restricted-paths', 'import-x/no-cycle'];

/** The boundary findings ESLint reports for one file, with the project's own config. */
async function boundaryFindings(file: string) {
  // The fixtures are ignored by `npm run lint`; here they are linted on purpose.
  const eslint = new ESLint({
    cwd: root,
    ignore: false,
    ruleFilter: ({ ruleId }) => BOUNDARY_RULES.includes(ruleId),
    // Those rules read imports, not types: no type program to build.
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  });
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

describe('the client boundaries lint rules', { timeout: 120_000 }, () => {
  it("refuses a feature importing another feature's internals", async () => {
    const findings = await boundaryFindings(path.join(fixtures, 'cross-feature-import.ts'));
    expect(findings).toHaveLength(1);
    expect(findings[0]?.message).toContain('a feature does not import another feature');
  });

  it('refuses a feature importing the app layer', async () => {
    const findings = await boundaryFindings(path.join(fixtures, 'app-import.ts'));
    expect(findings.map((finding) => finding.message)).toContainEqual(
      expect.stringContaining('features do not import the app layer'),
    );
  });

  it('refuses two modules that import each other', async () => {
    const findings = await boundaryFindings(path.join(fixtures, 'cycle-a.ts'));
    expect(findings.map((finding) => finding.ruleId)).toEqual(['import-x/no-cycle']);
  });

  it('lets a feature use lib/ and its own files', async () => {
    const file = path.join(root, 'client/src/features/leaderboard/api/leaderboard.ts');
    expect(await boundaryFindings(file)).toEqual([]);
  });
});
