import { fileURLToPath } from 'node:url';

/** The shared test fixtures beside the repository (`../shared/fixtures`). For tests only. */
export const sharedFixturePath = (relative: string): string =>
  fileURLToPath(new URL(`../../shared/fixtures/${relative}`, import.meta.url));
