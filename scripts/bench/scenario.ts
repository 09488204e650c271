import type { Seeded } from './seed';

/**
 * What every scenario shares: a scenario is one entry of the table in scenarios.ts, and
 * either a load (autocannon at N connections, compared with the baseline) or something
 * timed on its own (a write whose single call is the measure). A new kind of scenario
 * (a thousand event streams open during a load, say) implements `run` itself.
 */

export interface BenchRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The session cookie; none for a signed-out request. */
  cookie?: string;
  body?: unknown;
}

export interface ScenarioContext {
  baseUrl: string;
  seeded: Seeded;
  connections: number;
  durationSeconds: number;
  /** The server's peak RSS so far (VmHWM), in MB. */
  serverPeakRssMb: () => number;
}

/** One scenario's numbers and the targets it was held to (judged once the baseline is known). */
export interface Measurement {
  name: string;
  label: string;
  kind: 'baseline' | 'read' | 'write' | 'timed';
  reqPerSec?: number;
  p50Ms?: number;
  p99Ms?: number;
  /** Bytes on the wire per response, headers included. */
  bytesPerResponse?: number;
  /** Responses other than 2xx, and connection errors or timeouts: any makes the run invalid. */
  failures?: number;
  /** Each single call's duration (timed scenarios). */
  callsMs?: number[];
  /** Minimum throughput as a ratio to the baseline's. */
  minRatio?: number;
  /** p99 (load) or slowest call (timed) must stay under this. */
  maxMs?: number;
  /** Anything worth printing under the table. */
  note?: string;
  /** Targets of the scenario's own, added to the run's summary (PASS/FAIL). */
  checks?: { target: string; pass: boolean; detail: string }[];
}

export interface Scenario {
  name: string;
  label: string;
  run(context: ScenarioContext): Promise<Measurement>;
  /** One request of the scenario, for `--explain` (which traces the statements it makes). */
  sample?: (seeded: Seeded) => BenchRequest;
}

/** The n-th request of a load (n counts every request of the run, across connections). */
export type RequestOf = (n: number, seeded: Seeded) => BenchRequest;
