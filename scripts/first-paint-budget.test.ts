import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkFirstPaintBudget,
  checkLandingPaintsWithoutScripts,
  FIRST_PAINT_BUDGET_BYTES,
} from './first-paint-budget.mjs';

/**
 * The build's first-paint checks (scripts/build.mjs runs both and fails on a throw), on a
 * manifest and files made here: random bytes do not compress, so gzip sizes are known.
 */
let clientDir: string;
const KB = 1024;
// The entry imports React statically and the landing dynamically; the home screen's
// chunk imports a shared part; the sign-in dialog is loaded only when opened.
const chunks = {
  'index.html': { file: 'assets/entry.js', imports: ['react'] },
  react: { file: 'assets/react.js' },
  'src/app/routes/home.tsx': { file: 'assets/home.js', imports: ['react', 'part'] },
  part: { file: 'assets/part.js' },
  'src/features/auth/sign-in-dialog.tsx': { file: 'assets/sign-in.js', imports: ['react'] },
};
const sizes = { entry: 10, react: 60, home: 5, part: 3, 'sign-in': 40 };

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'pickem-budget-'));
  await mkdir(path.join(clientDir, 'assets'));
  await Promise.all(
    Object.entries(sizes).map(([name, kb]) =>
      writeFile(path.join(clientDir, `assets/${name}.js`), randomBytes(kb * KB)),
    ),
  );
});
afterAll(() => rm(clientDir, { recursive: true, force: true }));

const routes = ['src/app/routes/home.tsx'];

describe('the JavaScript budget of the first paint of /', () => {
  it('passes when the entry, the home screen and what they import fit, counting each file once', async () => {
    // 10 + 60 + 5 + 3 KB: React is shared, the dialog is not on the path.
    const summary = await checkFirstPaintBudget({
      chunks,
      clientDir,
      routes,
      budgetBytes: 79 * KB,
    });
    expect(summary).toMatch(
      /^JavaScript for the first paint of \/: 78\.\d KB gzipped \(budget 79\.0 KB\)$/,
    );
  });

  it('fails the build over budget, naming every file with its size', async () => {
    const check = checkFirstPaintBudget({ chunks, clientDir, routes, budgetBytes: 77 * KB });
    await expect(check).rejects.toThrow(/78\.\d KB gzipped \(budget 77\.0 KB\), over budget/);
    await expect(check).rejects.toThrow(/60\.\d KB {2}assets\/react\.js/);
    await expect(check).rejects.not.toThrow(/sign-in/);
  });

  it('a chunk the manifest does not have fails rather than counting nothing', async () => {
    await expect(
      checkFirstPaintBudget({ chunks, clientDir, routes: ['src/app/routes/gone.tsx'] }),
    ).rejects.toThrow(/No chunk for src\/app\/routes\/gone\.tsx/);
  });

  it('is the 118 KB the build enforces', () => {
    expect(FIRST_PAINT_BUDGET_BYTES).toBe(118 * KB);
  });
});

describe('the landing paints before any script', () => {
  const landing = (head: string, root = '<div class="flex">Welcome</div>') =>
    `<html><head>${head}</head><body><div id="root" data-prerendered="landing">${root}</div></body></html>`;
  const lowEntry =
    '<script type="module" fetchpriority="low" crossorigin src="/assets/entry.js"></script>';
  const lowPreload =
    '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react.js">';

  it('passes with its content prerendered, its stylesheet inlined and low-priority modules', () => {
    expect(() => {
      checkLandingPaintsWithoutScripts(landing(`<style>body{}</style>${lowEntry}${lowPreload}`));
    }).not.toThrow();
  });

  it('fails on an empty root, a stylesheet request, a classic script or a normal-priority preload', () => {
    expect(() => {
      checkLandingPaintsWithoutScripts(landing(lowEntry, ''));
    }).toThrow(/no prerendered landing/);
    expect(() => {
      checkLandingPaintsWithoutScripts(
        landing(`<link rel="stylesheet" href="/assets/a.css">${lowEntry}`),
      );
    }).toThrow(/stylesheet is requested/);
    expect(() => {
      checkLandingPaintsWithoutScripts(
        landing(`${lowEntry}<script src="/early-data.js"></script>`),
      );
    }).toThrow(/render-competing <script src="\/early-data\.js">/);
    expect(() => {
      checkLandingPaintsWithoutScripts(
        landing(`${lowEntry}<link rel="modulepreload" crossorigin href="/assets/react.js">`),
      );
    }).toThrow(/render-competing <link rel="modulepreload" crossorigin/);
  });
});
