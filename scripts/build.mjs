// `npm run build`: the client with Vite into dist/client, then the pages Vite cannot write
// (each route's preloads, the prerendered landing and group page) and their compressed
// copies; the server and its operator's commands bundled with esbuild into dist/server,
// run by plain `node`. `--if-stale` (what `npm start` runs) builds only when dist is missing
// or a source file is newer than the last build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  checkFirstPaintBudget,
  checkLandingPaintsWithoutScripts,
  chunkFiles,
  chunkKeys,
} from './first-paint-budget.mjs';
import { bundleServer } from './server-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const fromRoot = (file) => path.join(root, file);
const STAMP = fromRoot('dist/.built');
/** The visitor's `/`, written by Vite with the landing's own script (vite.config.ts). */
const LANDING_ENTRY = 'landing.html';
/** The app taking the landing's place, imported by the landing on a visitor's intent. */
const REPLACE_LANDING = 'src/app/replace-landing.tsx';
/** The route chunks that get their own page with preloads (see writePages). */
const ROUTES = {
  home: 'src/app/routes/home.tsx',
  signedInHome: 'src/app/routes/signed-in-home.tsx',
  group: 'src/app/routes/group.tsx',
};
/**
 * Loaded by main.tsx before it renders a page other than the landing (zod comes with it):
 * a chunk shared by several dynamic imports, so found by its name, not its source.
 */
const authContractChunk = (chunks) => {
  // Imported by current-user.ts, which may sit in a chunk the entry imports (shared with
  // the landing's entry): among the dynamic imports of the entry and its static imports.
  const staticKeys = chunkKeys(chunks, 'index.html');
  const key = staticKeys
    .flatMap((name) => chunks[name].dynamicImports ?? [])
    .find((name) => chunks[name].name === 'auth');
  if (!key) throw new Error("No chunk named auth among the app entry's dynamic imports");
  return key;
};
/** Everything the two bundles are made from. */
const INPUTS = [
  'client',
  'server/src',
  'shared',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/server-bundle.mjs',
];

if (process.argv.includes('--if-stale') && isFresh()) process.exit(0);

console.log('Building the client and the server into dist/ ...');
await rm(STAMP, { force: true });
const { build: viteBuild } = await import('vite');
const clientDir = fromRoot('dist/client');
await viteBuild({ configFile: fromRoot('vite.config.ts'), logLevel: 'warn' });
const manifestFile = path.join(clientDir, '.vite/manifest.json');
const chunks = JSON.parse(await readFile(manifestFile, 'utf8'));
await rm(path.join(clientDir, '.vite'), { recursive: true, force: true });
await writePages(chunks);
const landingHtml = await readFile(path.join(clientDir, 'landing.html'), 'utf8');
console.log(
  await checkFirstPaintBudget({ chunks, clientDir, entry: LANDING_ENTRY, html: landingHtml }),
);
checkLandingPaintsWithoutScripts(landingHtml);
await precompress(clientDir);
await bundleServer(fromRoot('dist/server'), { commands: true });
await writeFile(STAMP, `${new Date().toISOString()}\n`);

/**
 * Pages the server picks per request (server/src/app.ts), each index.html plus
 * `modulepreload` links for its route's chunks, so they download with the entry instead
 * of after it has run: `landing.html` (the visitor's `/`, prerendered, with the landing's
 * own entry instead of the app's), `home.html` (`/` with a session), `group.html`
 * (`/group/:id`). index.html stays the bare shell (the service worker's, and every other
 * page's).
 */
async function writePages(chunks) {
  const shell = stylesheetFirst(await readFile(path.join(clientDir, 'index.html'), 'utf8'));
  const withPreloads = (html, ...routes) => {
    const files = new Set(routes.flatMap((route) => chunkFiles(chunks, route)));
    const links = [...files]
      .filter((file) => !shell.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
  };
  const prerendered = await prerender();
  const landingShell = stylesheetFirst(await readFile(path.join(clientDir, LANDING_ENTRY), 'utf8'));
  const landing = withAppFiles(landingShell, chunks).replace(
    '<div id="root"></div>',
    () => `<div id="root" data-prerendered="landing">${prerendered.landing}</div>`,
  );
  await writeFile(
    path.join(clientDir, 'landing.html'),
    scriptsAfterPaint(await stylesheetInline(landing)),
  );
  await writeFile(
    path.join(clientDir, 'home.html'),
    withPreloads(shell, authContractChunk(chunks), ROUTES.home, ROUTES.signedInHome),
  );
  // The group page also starts its first reads at once (client/public/early-data.js),
  // inside the page: as a file of its own, the reads waited for a request of their own,
  // queued behind the stylesheet on the six connections. The server's CSP allows each
  // inline script of the built pages by its hash (server/src/http/inline-scripts.ts).
  const { transform } = await import('esbuild');
  const earlyReads = (
    await transform(await readFile(path.join(clientDir, 'early-data.js'), 'utf8'), {
      minify: true,
    })
  ).code;
  if (earlyReads.includes('</script')) throw new Error('early-data.js cannot be inlined');
  // Only ever read inlined: not served as a file of its own (nor precached: vite.config.ts).
  await rm(path.join(clientDir, 'early-data.js'));
  // And it paints the frame and the group's name before any script has run (decision
  // 0031): prerendered here with a slot the server fills for a member, its stylesheet inside.
  const groupShell = shell
    .replace(
      '<meta charset="UTF-8" />',
      () => `<meta charset="UTF-8" />\n    <script>${earlyReads.trim()}</script>`,
    )
    .replace('<div id="root"></div>', () => `<div id="root">${prerendered.groupFirstPaint}</div>`);
  await writeFile(
    path.join(clientDir, 'group.html'),
    scriptsAfterFirstPaint(
      await stylesheetInline(withPreloads(groupShell, authContractChunk(chunks), ROUTES.group)),
    ),
  );
}

/**
 * The app that takes the landing's place (app/replace-landing.tsx, with the home screen it
 * shows first), listed for the landing to prefetch once it is idle (app/landing/
 * hand-over.ts) and run when the visitor reaches a link or Sign In: run at once, it would
 * block the landing's main thread; prefetched from the head, it would delay the largest
 * paint.
 */
function withAppFiles(landing, chunks) {
  const landingFiles = new Set(chunkFiles(chunks, LANDING_ENTRY));
  const appFiles = [
    ...new Set([...chunkFiles(chunks, REPLACE_LANDING), ...chunkFiles(chunks, ROUTES.home)]),
  ].filter((file) => !landingFiles.has(file));
  const list = `<meta name="app-files" content="${appFiles.map((file) => `/${file}`).join(' ')}">`;
  const lastPreload = [...landing.matchAll(/<link rel="modulepreload"[^>]*>/g)].at(-1);
  if (!lastPreload) throw new Error('landing.html has no modulepreload links');
  const at = lastPreload.index + lastPreload[0].length;
  return `${landing.slice(0, at)}\n    ${list}${landing.slice(at)}`;
}

/**
 * The stylesheet requested before any script (Vite lists it after them): painting waits
 * for it, and on a slow HTTP/1.1 connection it would queue behind the entry's preloads.
 */
function stylesheetFirst(html) {
  const stylesheets = html.match(/ *<link rel="stylesheet"[^>]*>\n?/g) ?? [];
  const script = html.indexOf('<script type="module"');
  if (stylesheets.length === 0 || script === -1) return html;
  let page = html;
  for (const link of stylesheets) page = page.replace(link, '');
  const at = page.indexOf('<script type="module"');
  return `${page.slice(0, at)}${stylesheets.map((link) => link.trim()).join('\n    ')}\n    ${page.slice(at)}`;
}

/**
 * The page's stylesheet inside it: it paints from its first response instead of after a
 * second request. It is the whole app's stylesheet, so the screens the visitor opens next
 * are styled too.
 */
async function stylesheetInline(html) {
  const links = html.match(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g) ?? [];
  let page = html;
  for (const link of links) {
    const file = /href="\/([^"]+)"/.exec(link)[1];
    const css = await readFile(path.join(clientDir, file), 'utf8');
    if (css.includes('</style')) throw new Error(`${file} cannot be inlined`);
    page = page.replace(link, () => `<style>${css}</style>`);
  }
  return page;
}

/**
 * A page that paints from its HTML asks for its scripts only once it has painted: the
 * entry and its preloads are added by a small inline script after the first frame (or half
 * a second, for a page opened in a background tab, which draws no frame), so they do not
 * compete with the paint for the connection.
 */
function scriptsAfterFirstPaint(html) {
  const tags = html.match(
    / *<script type="module"[^>]*><\/script>\n?| *<link rel="modulepreload"[^>]*>\n?/g,
  );
  const entry = tags?.find((tag) => tag.includes('<script'));
  if (!entry) throw new Error('No module entry to load after the first paint');
  const source = (tag) => /(?:src|href)="([^"]+)"/.exec(tag)[1];
  const preloads = tags.filter((tag) => tag !== entry).map(source);
  let page = html;
  for (const tag of tags) page = page.replace(tag, '');
  // Five at a time, a task each: adding a preload starts its request, and all of them in
  // one task would block the page.
  const loader = `(function(){var done=false,files=${JSON.stringify(preloads)};function preload(from){files.slice(from,from+5).forEach(function(href){var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=href;document.head.appendChild(l)});if(from+5<files.length)setTimeout(preload,0,from+5);else{var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(source(entry))};document.head.appendChild(s)}}function load(){if(done)return;done=true;preload(0)}requestAnimationFrame(function(){setTimeout(load)});setTimeout(load,500)})();`;
  return page.replace('</body>', () => `  <script>${loader}</script>\n  </body>`);
}

/**
 * The prerendered landing needs no script to paint, so its scripts and preloads ask for
 * `fetchpriority="low"`: the browser gives the page's own bytes and its images the
 * connection first and downloads the scripts behind them (they still start at once, and
 * hydrate the page when they have all arrived).
 */
function scriptsAfterPaint(html) {
  return html
    .replaceAll(
      '<script type="module" crossorigin',
      '<script type="module" fetchpriority="low" crossorigin',
    )
    .replaceAll(
      '<link rel="modulepreload" crossorigin',
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    );
}

/**
 * The pages' HTML rendered by the app's own components (client/src/prerender.tsx): the
 * visitor's landing, and a group page's first paint, its name a slot (decision 0031).
 */
async function prerender() {
  const outDir = fromRoot('dist/prerender');
  await viteBuild({
    configFile: fromRoot('vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: fromRoot('client/src/prerender.tsx'),
      outDir,
      emptyOutDir: true,
      manifest: false,
    },
  });
  try {
    const { renderLanding, renderGroupFirstPaint } = await import(
      path.join(outDir, 'prerender.js')
    );
    return { landing: await renderLanding(), groupFirstPaint: await renderGroupFirstPaint() };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * Brotli and gzip copies beside every text file of the client, made once here at the
 * highest levels (too slow per request), served by @fastify/static's `preCompressed` to
 * browsers that accept them. A copy that would not be smaller is not written.
 */
async function precompress(dir) {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter(
      (entry) => entry.isFile() && /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(entry.name),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const copies = {
        br: await brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gz: await gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      };
      for (const [extension, compressed] of Object.entries(copies)) {
        if (compressed.length < content.length) await writeFile(`${file}.${extension}`, compressed);
      }
    }),
  );
}

function isFresh() {
  if (!existsSync(STAMP)) return false;
  if (!existsSync(fromRoot('dist/server/main.js'))) return false;
  if (!existsSync(fromRoot('dist/client/index.html'))) return false;
  const built = statSync(STAMP).mtimeMs;
  return INPUTS.every((input) => newestChange(fromRoot(input)) <= built);
}

/** The newest change under a path; a folder's own time changes when a file is added or removed. */
function newestChange(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(file)) {
    // Tests are not part of the app.
    if (entry === 'node_modules' || /\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestChange(path.join(file, entry)));
  }
  return newest;
}
