// Types of first-paint-budget.mjs (plain JavaScript: scripts/build.mjs runs under plain node).
/** One entry of Vite's build manifest, as far as the budget reads it. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
}

export const FIRST_PAINT_BUDGET_BYTES: number;
export function chunkKeys(chunks: Record<string, ManifestChunk>, key: string): string[];
export function chunkFiles(chunks: Record<string, ManifestChunk>, key: string): string[];
export function checkFirstPaintBudget(options: {
  chunks: Record<string, ManifestChunk>;
  clientDir: string;
  /** The page's entry, its key in the manifest. */
  entry: string;
  /** The page itself: every script it loads or preloads is counted too. */
  html: string;
  budgetBytes?: number;
}): Promise<string>;
export function scriptsOfPage(html: string): string[];
export function checkLandingPaintsWithoutScripts(html: string): void;
