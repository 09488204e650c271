import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeAbandonedBundles } from './server-bundle';

describe('the server bundles of earlier test runs', () => {
  const roots: string[] = [];
  afterAll(async () => {
    for (const root of roots) await rm(root, { recursive: true, force: true });
  });

  it("are removed when their run's process is gone; a run still going keeps its own", async () => {
    const bundles = await mkdtemp(path.join(os.tmpdir(), 'pickem-bundles-'));
    roots.push(bundles);
    // A process id that was used and has ended: a run that was interrupted.
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    for (const folder of [`${ended}-a1b2c3`, `${process.pid}-d4e5f6`, 'not-a-run']) {
      await mkdir(path.join(bundles, folder));
      await writeFile(path.join(bundles, folder, 'main.js'), '');
    }

    await removeAbandonedBundles(bundles);

    expect(await readdir(bundles)).toEqual([`${process.pid}-d4e5f6`]);
  });

  it('is nothing to do when no run has bundled yet', async () => {
    const missing = path.join(os.tmpdir(), `pickem-no-bundles-${process.pid}`);
    await expect(removeAbandonedBundles(missing)).resolves.toBeUndefined();
  });
});
