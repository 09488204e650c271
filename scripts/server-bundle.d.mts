// Types of server-bundle.mjs (plain JavaScript: scripts/build.mjs runs under plain node).
/**
 * Bundles the server into `outDir` (inside the repository), with the operator's commands
 * beside it when asked; returns its `main.js`.
 */
export function bundleServer(outDir: string, options?: { commands?: boolean }): Promise<string>;
