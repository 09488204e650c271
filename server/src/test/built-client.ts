import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A client folder as `npm run build` leaves it (dist/client), for an app under test: the
 * given pages by file name (index.html at least) and an empty assets folder.
 */
export async function builtClientDir(pages: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pickem-client-'));
  await mkdir(path.join(dir, 'assets'));
  await Promise.all(
    Object.entries(pages).map(([file, html]) => writeFile(path.join(dir, file), html)),
  );
  return dir;
}
