import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { setTheme, STORAGE_KEY, THEMES } from './theme';

/**
 * Every page applies the stored theme in an inline script in its head, before anything
 * paints (the group page and the landing paint from their HTML before any module runs).
 * That script and theme.ts must agree on the key and the values.
 */
const shell = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
const inlineScripts = [...shell.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body);

function loadPage() {
  delete document.documentElement.dataset.theme;
  for (const body of inlineScripts) runInNewContext(body ?? '', { localStorage, document });
}

afterEach(() => {
  localStorage.clear();
});

describe("the page's head applies the theme chosen in Settings", () => {
  it.each(THEMES)('opens %s after it was chosen', (theme) => {
    setTheme(theme);
    loadPage();
    expect(document.documentElement.dataset.theme ?? 'system').toBe(theme);
  });

  it('follows the system for a missing or unknown value', () => {
    loadPage();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    localStorage.setItem(STORAGE_KEY, 'sepia');
    loadPage();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });
});
