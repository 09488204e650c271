import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

/** So its end is logged even with no traffic. */
const PROBE_EVERY_MS = 1_000;

/**
 * Two log lines per outage instead of one per request: when the first request fails, and
 * when the database answers again (how long, how many 503s). Requests keep trying, so
 * service resumes on the first one that works.
 */
export class DatabaseOutage {
  private since: number | null = null;
  private refused = 0;
  private probe: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  get isOngoing(): boolean {
    return this.since !== null;
  }

  recordFailure(error: unknown, requestId: string): void {
    this.refused += 1;
    if (this.since !== null) return;
    this.since = Date.now();
    this.log.error(
      { err: error, reqId: requestId },
      'Database unavailable: answering 503 until it is back',
    );
    this.probe = setInterval(() => void this.check(), PROBE_EVERY_MS);
    this.probe.unref();
  }

  async check(): Promise<boolean> {
    try {
      await this.db.execute(sql`select 1`);
    } catch {
      return false;
    }
    this.end();
    return true;
  }

  stop(): void {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
  }

  private end() {
    if (this.since === null) return;
    const seconds = ((Date.now() - this.since) / 1000).toFixed(1);
    this.log.warn(
      { outageSeconds: Number(seconds), answered503: this.refused },
      `Database available again after ${seconds} s; ${this.refused} requests were answered 503 meanwhile`,
    );
    this.since = null;
    this.refused = 0;
    this.stop();
  }
}
