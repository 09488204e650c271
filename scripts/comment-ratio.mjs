// Comment-to-code ratio of the product's TypeScript (tests, test helpers and type declarations left out).
// A line holding only comment text is a comment line; a line holding any code is a code line.
// Usage: node scripts/comment-ratio.mjs [--top N]
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const folders = ['client/src', 'server/src', 'shared'];
const excludedFolders = [
  'client/src/test',
  'server/src/test',
  'server/src/fault',
  'server/src/fuzz',
];
const topIndex = process.argv.indexOf('--top');
const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 15;

function isProductSource(path) {
  return /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.endsWith('.d.ts');
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!excludedFolders.includes(path) && entry.name !== 'node_modules')
        yield* sourceFiles(path);
    } else if (isProductSource(path)) {
      yield path;
    }
  }
}

/** Every comment's [start, end) in the file, found by the TypeScript parser so `//` inside strings is not one. */
function commentRanges(text, path) {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map();
  const collect = (found) => found?.forEach((range) => ranges.set(range.pos, range.end));
  const visit = (node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    if (node.kind !== ts.SyntaxKind.JsxText) node.getChildren(source).forEach(visit);
  };
  visit(source);
  return [...ranges];
}

function countLines(path) {
  const text = readFileSync(join(root, path), 'utf8');
  const isComment = new Uint8Array(text.length);
  for (const [start, end] of commentRanges(text, path)) isComment.fill(1, start, end);
  let comment = 0;
  let code = 0;
  let offset = 0;
  for (const line of text.split('\n')) {
    let hasCode = false;
    let hasComment = false;
    for (let i = 0; i < line.length; i += 1) {
      if (/\s/.test(line[i])) continue;
      if (isComment[offset + i]) hasComment = true;
      else if (!/[{}]/.test(line[i]) || !isJsxCommentBrace(text, offset + i, isComment))
        hasCode = true;
    }
    if (hasCode) code += 1;
    else if (hasComment) comment += 1;
    offset += line.length + 1;
  }
  return { comment, code };
}

/** The braces of a JSX comment (`{/* … *\/}`) belong to the comment, not to code. */
function isJsxCommentBrace(text, at, isComment) {
  return text[at] === '{' ? isComment[at + 1] === 1 : isComment[at - 1] === 1;
}

const files = [];
const perFolder = new Map();
for (const folder of folders) {
  for (const path of sourceFiles(folder)) {
    const counts = countLines(path);
    files.push({ path: relative(root, join(root, path)), ...counts });
    const area = path
      .split('/')
      .slice(0, path.startsWith('shared') ? 1 : 3)
      .join('/');
    const sum = perFolder.get(area) ?? { comment: 0, code: 0 };
    perFolder.set(area, { comment: sum.comment + counts.comment, code: sum.code + counts.code });
  }
}

const width = Math.max(...[...perFolder.keys()].map((area) => area.length)) + 2;
const ratio = ({ comment, code }) => (code === 0 ? 0 : comment / code).toFixed(3);
const total = files.reduce(
  (sum, f) => ({ comment: sum.comment + f.comment, code: sum.code + f.code }),
  {
    comment: 0,
    code: 0,
  },
);
console.log('folder'.padEnd(width), 'comment'.padStart(8), 'code'.padStart(7), 'ratio'.padStart(6));
for (const [area, counts] of [...perFolder].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(
    area.padEnd(width),
    String(counts.comment).padStart(8),
    String(counts.code).padStart(7),
    ratio(counts).padStart(6),
  );
}
console.log(
  'total'.padEnd(width),
  String(total.comment).padStart(8),
  String(total.code).padStart(7),
  ratio(total).padStart(6),
);
console.log(`\nFiles with the most comment lines:`);
for (const f of files.sort((a, b) => b.comment - a.comment).slice(0, top)) {
  console.log(String(f.comment).padStart(5), ratio(f).padStart(6), f.path);
}
