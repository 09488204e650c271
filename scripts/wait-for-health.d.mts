// Types of wait-for-health.mjs (plain JavaScript: scripts/lighthouse.mjs runs under plain node).
export interface WaitForHealthOptions {
  /** Whether the server's process has ended (then waiting stops at once). */
  hasExited: () => boolean;
  /** What the process printed so far, for the error. */
  output?: () => string;
  timeoutMs?: number;
  intervalMs?: number;
}

export function waitForHealth(baseUrl: string, options: WaitForHealthOptions): Promise<void>;
