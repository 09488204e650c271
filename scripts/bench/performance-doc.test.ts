import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PERFORMANCE_DOC, withLatestRun, writeLatestRun } from './performance-doc';

const DOC = [
  '# Performance',
  '',
  'How the bench works.',
  '',
  '<!-- bench:latest:start (written by npm run bench; do not edit by hand) -->',
  '',
  'An old run.',
  '',
  '| a | b |',
  '',
  '<!-- bench:latest:end -->',
  '',
  '## Front end',
  '',
  'Lighthouse figures.',
  '',
].join('\n');

describe('the latest run in docs/performance.md', () => {
  it('replaces only what stands between the markers', () => {
    const written = withLatestRun(DOC, 'A new run.\n\n| c | d |\n');
    expect(written).toBe(DOC.replace('An old run.\n\n| a | b |', 'A new run.\n\n| c | d |'));
  });

  it('writes the same text again to the same document', () => {
    const once = withLatestRun(DOC, 'A new run.');
    expect(withLatestRun(once, 'A new run.')).toBe(once);
  });

  it('refuses a document whose markers are gone', () => {
    expect(() => withLatestRun('# Performance\n\nNo markers.\n', 'A run.')).toThrow(/markers/);
  });

  it('the repository document has the markers the bench writes between', async () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const doc = await readFile(`${root}${PERFORMANCE_DOC}`, 'utf8');
    expect(withLatestRun(doc, 'A run.')).toContain('\nA run.\n');
  });

  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('rewrites the file in place', async () => {
    dir = `${await mkdtemp(`${tmpdir()}/performance-doc-`)}/`;
    await mkdir(`${dir}docs`);
    await writeFile(`${dir}${PERFORMANCE_DOC}`, DOC);
    await writeLatestRun(dir, 'Written by the bench.');
    const written = await readFile(`${dir}${PERFORMANCE_DOC}`, 'utf8');
    expect(written).toContain('Written by the bench.');
    expect(written).not.toContain('An old run.');
    expect(written).toContain('Lighthouse figures.');
  });
});
