// The first paint's budgets, checked by scripts/build.mjs on every build (a failed check
// fails the build) and tested in first-paint-budget.test.ts. Decisions 0014, 0025, 0030.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The JavaScript a visitor's `/` downloads to become interactive (landing.html's entry, every
 * chunk it imports statically and every script the page loads or preloads), gzipped at
 * level 9. None of it is needed to paint (the landing is prerendered and its stylesheet
 * inlined): this is what hydrating the landing costs. Over the budget, the build fails, so
 * a new dependency on that path must be paid for. Issue 10's 100 KB: since the landing has
 * its own entry without the router, TanStack Query and tailwind-merge (decision 0030), it
 * is about 82 KB.
 */
export const FIRST_PAINT_BUDGET_BYTES = 100 * 1024;

/** The manifest keys of a chunk and of every chunk it imports statically, each once. */
export function chunkKeys(chunks, key, seen = new Set()) {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = chunks[key];
  if (!chunk) throw new Error(`No chunk for ${key} in Vite's manifest`);
  return [key, ...(chunk.imports ?? []).flatMap((name) => chunkKeys(chunks, name, seen))];
}

/** A chunk's file and its static imports' (what the browser fetches before running it). */
export function chunkFiles(chunks, key) {
  return chunkKeys(chunks, key).map((name) => chunks[name].file);
}

/** The JavaScript files a page loads before running anything: its module scripts and preloads. */
export function scriptsOfPage(html) {
  const tags = [
    ...(html.match(/<script\b[^>]*\bsrc="[^"]+"[^>]*>/g) ?? []),
    ...(html.match(/<link rel="modulepreload"[^>]*>/g) ?? []),
  ];
  return tags.map((tag) => /(?:src|href)="\/?([^"]+)"/.exec(tag)[1]);
}

/**
 * Fails (throws, listing each file's size) when the gzipped JavaScript of `entry` (its key
 * in Vite's manifest) with everything it imports statically, and every script `html` loads
 * or preloads, is over `budgetBytes`; answers the summary line otherwise. Each file is
 * counted once.
 */
export async function checkFirstPaintBudget({
  chunks,
  clientDir,
  entry,
  html,
  budgetBytes = FIRST_PAINT_BUDGET_BYTES,
}) {
  const files = new Set([...chunkFiles(chunks, entry), ...scriptsOfPage(html)]);
  let total = 0;
  const sizes = [];
  for (const file of files) {
    const size = zlib.gzipSync(await readFile(path.join(clientDir, file)), { level: 9 }).length;
    total += size;
    sizes.push(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
  const summary = `JavaScript for the first paint of /: ${(total / 1024).toFixed(1)} KB gzipped (budget ${(budgetBytes / 1024).toFixed(1)} KB)`;
  if (total > budgetBytes) throw new Error(`${summary}, over budget:\n${sizes.join('\n')}`);
  return summary;
}

/**
 * Fails when the landing page would wait for a script or a stylesheet request before it
 * paints: its content must be prerendered, its stylesheet inside the page, and every script
 * a module (run after parsing) asking for low priority, so the page's bytes go first. A
 * script inside the page (the stored theme, applied before the paint) asks for nothing.
 */
export function checkLandingPaintsWithoutScripts(html) {
  const problems = [];
  if (!/<div id="root" data-prerendered="landing">\s*<[a-z]/.test(html)) {
    problems.push('the root holds no prerendered landing');
  }
  if (/<link rel="stylesheet"/.test(html)) problems.push('a stylesheet is requested, not inlined');
  const scripts = [
    ...(html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => tag !== '<script>'),
    ...(html.match(/<link rel="modulepreload"[^>]*>/g) ?? []),
  ];
  for (const tag of scripts) {
    const module = /type="module"|rel="modulepreload"/.test(tag);
    if (!module || !/fetchpriority="low"/.test(tag)) problems.push(`render-competing ${tag}`);
  }
  if (problems.length > 0) {
    throw new Error(`landing.html must paint before any script runs:\n${problems.join('\n')}`);
  }
}
