import { readFile, writeFile } from 'node:fs/promises';

/** The document whose generated section holds the latest full run. */
export const PERFORMANCE_DOC = 'docs/performance.md';
const START = /<!-- bench:latest:start[^>]*-->\n/;
const END = '<!-- bench:latest:end -->';

/** `doc` with the text between its two markers replaced by `report`, the rest untouched. */
export function withLatestRun(doc: string, report: string): string {
  const start = START.exec(doc);
  const end = doc.indexOf(END);
  if (!start || end < start.index) {
    throw new Error(`${PERFORMANCE_DOC} has lost its bench:latest markers`);
  }
  const from = start.index + start[0].length;
  return `${doc.slice(0, from)}\n${report.trim()}\n\n${doc.slice(end)}`;
}

/** Replaces the latest run in docs/performance.md (under `root`) with `report`. */
export async function writeLatestRun(root: string, report: string): Promise<void> {
  const path = `${root}${PERFORMANCE_DOC}`;
  await writeFile(path, withLatestRun(await readFile(path, 'utf8'), report));
}
