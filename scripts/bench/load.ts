import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import type { BenchRequest, Measurement, RequestOf, Scenario, ScenarioContext } from './scenario';

/** What a browser sends: the server answers each request as it would answer one. */
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
/** Warm-up requests per connection (the JIT, the pool), answered before the measure starts. */
const WARM_UP_ROUNDS = 2;
export const P99_TARGET_MS = 50;

/**
 * A load scenario: autocannon (as a library, in this process) keeps `connections`
 * connections busy for the duration, each request built by `request(n)`. Requests go round
 * the signed-in members in turn, so the load comes from that many different members.
 * One request is sent first and must answer 2xx (a bench of refusals measures nothing);
 * it also waits out whatever the previous scenario left in flight. Then a warm-up of a
 * fixed number of requests, all answered, is not counted.
 */
export function loadScenario(spec: {
  name: string;
  label: string;
  kind: 'baseline' | 'read' | 'write';
  minRatio?: number;
  request: RequestOf;
}): Scenario {
  return {
    name: spec.name,
    label: spec.label,
    sample: (seeded) => spec.request(0, seeded),
    async run(context: ScenarioContext): Promise<Measurement> {
      let n = 0;
      const next = () => spec.request(n++, context.seeded);
      await probe(context.baseUrl, next(), spec.name);
      await drive(context, next, { amount: context.connections * WARM_UP_ROUNDS });
      const result = await drive(context, next, { duration: context.durationSeconds });
      return {
        name: spec.name,
        label: spec.label,
        kind: spec.kind,
        minRatio: spec.minRatio,
        maxMs: P99_TARGET_MS,
        reqPerSec: round(result.requests.total / Math.max(result.duration, 0.001), 0),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        bytesPerResponse: result.requests.total
          ? Math.round(result.throughput.total / result.requests.total)
          : 0,
        failures: result.non2xx + result.errors + result.timeouts,
      };
    },
  };
}

/** 503s (the database pool still busy with the previous scenario's backlog) are waited out. */
const PROBE_ATTEMPTS = 20;

async function probe(baseUrl: string, request: BenchRequest, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(baseUrl + request.path, {
      method: request.method,
      headers: headersOf(request),
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    const text = await response.text();
    if (response.ok) return;
    if (response.status !== 503 || attempt === PROBE_ATTEMPTS) {
      throw new Error(
        `${name}: ${request.method} ${request.path} answered ${response.status}: ${text.slice(0, 300)}`,
      );
    }
    await sleep(1000);
  }
}

function headersOf(request: BenchRequest): Record<string, string> {
  return {
    ...BROWSER_HEADERS,
    ...(request.cookie && { cookie: request.cookie }),
    ...(request.body !== undefined && { 'content-type': 'application/json' }),
  };
}

function drive(
  context: ScenarioContext,
  next: () => BenchRequest,
  length: { duration: number } | { amount: number },
): Promise<autocannon.Result> {
  return autocannon({
    url: context.baseUrl,
    connections: context.connections,
    ...length,
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => {
          const built = next();
          return {
            ...request,
            method: built.method,
            path: built.path,
            headers: headersOf(built),
            body: built.body === undefined ? undefined : JSON.stringify(built.body),
          };
        },
      },
    ],
  });
}

export const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
