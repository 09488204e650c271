import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { bundleServer } from '../../../scripts/server-bundle.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundled for this run (`node <it>` starts it as `npm start` does). */
    testServerEntry: string;
  }
}

/** Inside node_modules, so the bundle's packages resolve from the repository's. */
const BUNDLES = fileURLToPath(new URL('../../../node_modules/.cache/test-server', import.meta.url));

/**
 * The server bundled the way `npm run build` bundles it, for a run's server processes
 * (a global setup's): each run its own folder, since the unit and fault suites run side by
 * side. Starting the bundle costs a third of the CPU of starting the sources through tsx
 * (measured: 0.9 against 2.0 – 2.8 core-seconds), and the tests run what production runs.
 * Returns the entry and what removes it.
 */
export async function bundleServerForRun(): Promise<{
  entry: string;
  remove: () => Promise<void>;
}> {
  await removeAbandonedBundles(BUNDLES);
  const dir = `${BUNDLES}/${process.pid}-${randomBytes(3).toString('hex')}`;
  const entry = await bundleServer(dir);
  return { entry, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Removes the bundles of runs whose process is gone: a run that was interrupted (Ctrl-C,
 * a killed CI job) never removed its own. Each folder is named after its run's process id;
 * a run still going, side by side with this one, keeps its folder.
 */
export async function removeAbandonedBundles(bundles: string): Promise<void> {
  const folders = await readdir(bundles).catch(() => []);
  await Promise.all(
    folders
      .filter((folder) => !isRunning(Number.parseInt(folder, 10)))
      .map((folder) => rm(path.join(bundles, folder), { recursive: true, force: true })),
  );
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This run's server bundle, in a test file. */
export const testServerEntry = () => inject('testServerEntry');
