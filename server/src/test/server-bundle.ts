import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
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
  const dir = `${BUNDLES}/${process.pid}-${randomBytes(3).toString('hex')}`;
  const entry = await bundleServer(dir);
  return { entry, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** This run's server bundle, in a test file. */
export const testServerEntry = () => inject('testServerEntry');
