// Types of server-bundle.mjs (plain JavaScript: scripts/build.mjs runs under plain node).
/** Bundles the server into `outDir` (inside the repository); returns its `main.js`. */
export function bundleServer(outDir: string): Promise<string>;
