import type { FullConfig } from '@playwright/test';
import { OPERATOR } from './support/operator';

/**
 * The web server is up by now, on a fresh database. The first account registered is the
 * operator (spec §6), so register it before any test signs anyone else up.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('baseURL is not configured');
  const response = await fetch(new URL('/api/auth/register', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OPERATOR),
  });
  const body = (await response.json()) as { user?: { isAdmin: boolean } };
  if (response.status !== 201 || !body.user?.isAdmin) {
    throw new Error(`The operator account could not be created first: ${response.status}`);
  }
}
