// The server as one ES module, bundled with esbuild: dist/server/main.js for `npm start`
// (scripts/build.mjs), and the bundle the tests' server processes run
// (server/src/test/server-bundle.ts), so both run the same build of the same sources.
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const fromRoot = (file) => path.join(root, file);

/** The operator's commands, bundled beside the server by `npm run build`. */
const COMMANDS = { 'rebuild-standings': 'server/src/rebuild-standings-command.ts' };

/**
 * One ES module with the server and the shared/ code it imports, written to
 * `outDir/main.js` (and with `commands`, one more per operator's command beside it).
 * Packages stay in node_modules (native ones such as @node-rs/argon2 load their prebuilt
 * binaries from there), so `outDir` must be inside the repository. The files
 * the server reads beside its code are copied beside the bundle, where
 * `new URL('./…', import.meta.url)` finds them.
 */
export async function bundleServer(outDir, { commands = false } = {}) {
  const { build } = await import('esbuild');
  await rm(outDir, { recursive: true, force: true });
  const entries = { main: 'server/src/main.ts', ...(commands ? COMMANDS : {}) };
  await build({
    entryPoints: Object.entries(entries).map(([out, file]) => ({ in: fromRoot(file), out })),
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19', // the oldest Node in package.json's engines
    packages: 'external',
    alias: { '@shared': fromRoot('shared') },
    sourcemap: true,
    logLevel: 'warning',
  });
  // server/src/db/migrate.ts reads ./migrations and ./derived, master-props-sync.ts ./examples.
  for (const folder of ['migrations', 'derived']) {
    await cp(fromRoot(`server/src/db/${folder}`), path.join(outDir, folder), { recursive: true });
  }
  await cp(fromRoot('server/src/modules/master-props/examples'), path.join(outDir, 'examples'), {
    recursive: true,
  });
  return path.join(outDir, 'main.js');
}
