// Plain JavaScript so that scripts/lighthouse.mjs (plain node) can import it too.
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Resolves once a server just started answers `GET /api/health/ready` with 200. Fails at
 * once when the process exits first, or after `timeoutMs`; the error carries what the
 * process printed, when the caller keeps it.
 *
 * @param {string} baseUrl
 * @param {import('./wait-for-health.d.mts').WaitForHealthOptions} options
 */
export async function waitForHealth(
  baseUrl,
  { hasExited, output = () => '', timeoutMs = 60_000, intervalMs = 200 },
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (hasExited())
      throw new Error(`The server at ${baseUrl} exited while starting${tail(output)}`);
    const ready = await fetch(`${baseUrl}/api/health/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) {
      throw new Error(
        `The server at ${baseUrl} was not ready within ${timeoutMs / 1000} s${tail(output)}`,
      );
    }
    await sleep(intervalMs);
  }
}

/** @param {() => string} output */
function tail(output) {
  const text = output();
  return text ? `:\n${text}` : '';
}
