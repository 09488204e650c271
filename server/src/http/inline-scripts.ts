import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The CSP source (`'sha256-…'`) of every inline script in the built pages, worked out when
 * the server starts, so an edit to one can never leave it refused by a stale hash.
 */
export function inlineScriptSources(clientDir: string | undefined): string[] {
  if (!clientDir || !existsSync(clientDir)) return [];
  const sources = new Set<string>();
  for (const file of readdirSync(clientDir)) {
    if (!file.endsWith('.html')) continue;
    const html = readFileSync(path.join(clientDir, file), 'utf8');
    for (const [, body] of html.matchAll(INLINE_SCRIPT)) {
      sources.add(
        `'sha256-${createHash('sha256')
          .update(body ?? '')
          .digest('base64')}'`,
      );
    }
  }
  return [...sources].sort();
}

/** A script element with no src: its body is what the browser hashes. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;
