import { rm } from 'node:fs/promises';

/** The web server has stopped by now; its throwaway database folder goes too. */
export default async function globalTeardown() {
  const dataDir = process.env.PICKEM_E2E_DATA_DIR;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
