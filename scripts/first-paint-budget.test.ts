import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkFirstPaintBudget,
  checkLandingPaintsWithoutScripts,
  FIRST_PAINT_BUDGET_BYTES,
  scriptsOfPage,
} from './first-paint-budget.mjs';

/**
 * The build's first-paint checks (scripts/build.mjs runs both and fails on a throw), on a
 * manifest and files made here: random bytes do not compress, so gzip sizes are known.
 */
let clientDir: string;
const KB = 1024;
// The landing's entry imports React and a part statically, and the app dynamically (not
// on the path); the page also preloads a chunk of its own (home).
const chunks = {
  'src/landing-main.tsx': { file: 'assets/entry.js', imports: ['react', 'part'] },
  react: { file: 'assets/react.js' },
  part: { file: 'assets/part.js', imports: ['react'] },
  'src/app/routes/home.tsx': { file: 'assets/home.js', imports: ['react'] },
  'src/app/replace-landing.tsx': { file: 'assets/app.js', imports: ['react'] },
};
const sizes = { entry: 10, react: 60, home: 5, part: 3, app: 40 };
const entry = 'src/landing-main.tsx';
const page = (...files: string[]) =>
  `<html><head><script type="module" fetchpriority="low" crossorigin src="/assets/entry.js"></script>${files
    .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
    .join('')}</head></html>`;
const html = page('assets/react.js', 'assets/part.js', 'assets/home.js');

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

describe('the JavaScript budget of the first paint of /', () => {
  it('passes when the entry, what it imports and what the page preloads fit, counting each file once', async () => {
    // 10 + 60 + 3 + 5 KB: React is imported twice and preloaded, the app is not on the path.
    const summary = await checkFirstPaintBudget({
      chunks,
      clientDir,
      entry,
      html,
      budgetBytes: 79 * KB,
    });
    expect(summary).toMatch(
      /^JavaScript for the first paint of \/: 78\.\d KB gzipped \(budget 79\.0 KB\)$/,
    );
  });

  it('fails the build over budget, naming every file with its size', async () => {
    const check = checkFirstPaintBudget({ chunks, clientDir, entry, html, budgetBytes: 77 * KB });
    await expect(check).rejects.toThrow(/78\.\d KB gzipped \(budget 77\.0 KB\), over budget/);
    await expect(check).rejects.toThrow(/60\.\d KB {2}assets\/react\.js/);
    await expect(check).rejects.not.toThrow(/app\.js/);
  });

  it('counts what the entry imports even when the page does not preload it, and what the page loads beyond the entry', async () => {
    // The part (3 KB) is imported, not preloaded; the app (40 KB) is preloaded by the page.
    const summary = await checkFirstPaintBudget({
      chunks,
      clientDir,
      entry,
      html: page('assets/app.js'),
      budgetBytes: 200 * KB,
    });
    expect(summary).toMatch(/: 113\.\d KB gzipped/);
  });

  it('reads the scripts a page loads and preloads', () => {
    expect(scriptsOfPage(html)).toEqual([
      'assets/entry.js',
      'assets/react.js',
      'assets/part.js',
      'assets/home.js',
    ]);
  });

  it('a chunk the manifest does not have fails rather than counting nothing', async () => {
    await expect(
      checkFirstPaintBudget({ chunks, clientDir, entry: 'src/gone.tsx', html }),
    ).rejects.toThrow(/No chunk for src\/gone\.tsx/);
  });

  it("is issue 10's 100 KB, which the build enforces", () => {
    expect(FIRST_PAINT_BUDGET_BYTES).toBe(100 * KB);
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

  it('passes with a script inside the page, which asks for nothing (the stored theme)', () => {
    expect(() => {
      checkLandingPaintsWithoutScripts(landing(`<script>void 0</script>${lowEntry}`));
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
