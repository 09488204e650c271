import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { LEADERBOARD_PREVIEW_ROWS } from '../../client/src/features/leaderboard/visible-rows';
import { refetchDelayMs } from '../../client/src/features/live/refetch-timing';
import type { Measurement, ScenarioContext } from './scenario';
import { BIG_GROUP_ID, BIG_MEMBERS } from './seed';

/**
 * Issue 11: 1,000 open event streams on the big group on one instance, then the leader
 * sets a result: how long until every stream has it (p99 within 1 s), the server's peak
 * RSS (under 400 MB), and the refetches the pages then make (every endpoint's p99 under
 * 100 ms). Streams share the signed-in members' sessions (a member with many tabs open),
 * which the server treats as separate streams.
 *
 * The refetches are the group page's as the client's live hook makes them
 * (client/src/features/live): a result, its standings and its activity line arrive
 * together and invalidate what a member's group page shows of them, after the hook's
 * delay (refetch-timing.ts: 100 ms of coalescing plus a random share of the group's
 * spread). The result is patched into the cached props (the prop is locked, its split
 * already shown), so the props list is not read again; the personal stats, the
 * standings' top rows and the newest activity are, all three at once as a browser does.
 * Each page first loads them once (its first load, which also opens the keep-alive
 * connections a browser would already have).
 */
export const LIVE_STREAMS = 1000;
const TARGET_MS = 1000;
const REFETCH_TARGET_MS = 100;
const RSS_TARGET_MB = 400;
/** The activity card's size (activity-events.ts RECENT_ACTIVITY_LIMIT). */
const RECENT_ACTIVITY = 5;

const REFETCHES = [
  { name: 'stats', path: `/api/groups/${BIG_GROUP_ID}/stats` },
  {
    name: 'leaderboard-top',
    path: `/api/leaderboard/${BIG_GROUP_ID}?limit=${LEADERBOARD_PREVIEW_ROWS}&offset=0`,
  },
  {
    name: 'activity-recent',
    path: `/api/activity-events/${BIG_GROUP_ID}?limit=${RECENT_ACTIVITY}`,
  },
] as const;

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** One GET on its own connection (the agent keeps them); resolves to its duration in ms. */
function timedGet(url: string, cookie: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie } }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ ms: performance.now() - started, status: response.statusCode ?? 0 }),
      );
    });
    request.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? 0;

export async function timeLiveStreams(context: ScenarioContext): Promise<Measurement> {
  const { baseUrl, seeded } = context;
  const operatorCookie = seeded.operator.cookie;
  const props = (await (
    await fetch(`${baseUrl}/api/predictions/group/${BIG_GROUP_ID}`, {
      headers: { cookie: operatorCookie },
    })
  ).json()) as { id: number; canSetResult: boolean; result: string | null }[];
  const prop = props.find((candidate) => candidate.canSetResult && candidate.result !== null);
  if (!prop)
    throw new Error('live-streams: the big group has no decided prop its leader can settle');

  const requests: http.ClientRequest[] = [];
  const arrivals: Promise<number>[] = [];
  const refetchTimes = new Map<string, number[]>(REFETCHES.map(({ name }) => [name, []]));
  const refetches: Promise<void>[] = [];
  let refetchFailures = 0;
  const refetchPage = (cookie: string) =>
    Promise.all(
      REFETCHES.map(async ({ name, path }) => {
        const { ms, status } = await timedGet(baseUrl + path, cookie);
        if (status !== 200) refetchFailures += 1;
        return { name, ms };
      }),
    );
  // The pages' first loads, a few at a time (not measured).
  for (let first = 0; first < LIVE_STREAMS; first += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, k) => seeded.members[(first + k) % seeded.members.length])
        .filter((member) => member !== undefined)
        .map((member) => refetchPage(member.cookie)),
    );
  }
  refetchFailures = 0;
  const opened: Promise<void>[] = [];
  for (let index = 0; index < LIVE_STREAMS; index += 1) {
    const member = seeded.members[index % seeded.members.length];
    if (!member) throw new Error('live-streams: nobody is signed in');
    let ready!: () => void;
    opened.push(new Promise<void>((resolve) => (ready = resolve)));
    arrivals.push(
      new Promise<number>((resolve, reject) => {
        const request = http.get(
          `${baseUrl}/api/groups/${BIG_GROUP_ID}/events`,
          { headers: { cookie: member.cookie } },
          (response) => {
            if (response.statusCode !== 200) {
              reject(new Error(`stream ${response.statusCode}`));
              return;
            }
            response.setEncoding('utf8');
            let text = '';
            let arrived = false;
            response.on('data', (chunk: string) => {
              if (arrived) return;
              text += chunk;
              if (text.includes('retry:')) ready();
              if (!text.includes('event: result')) return;
              arrived = true;
              resolve(performance.now());
              // The page's refetches, after the hook's delay.
              refetches.push(
                new Promise<void>((done) => setTimeout(done, refetchDelayMs(BIG_MEMBERS)))
                  .then(() => refetchPage(member.cookie))
                  .then((timed) => {
                    for (const { name, ms } of timed) refetchTimes.get(name)?.push(ms);
                  }),
              );
            });
            response.on('end', () => reject(new Error('stream ended before the result')));
          },
        );
        // After the result it resolved already: the destroy at the end rejects nothing.
        request.on('error', reject);
        requests.push(request);
      }),
    );
  }
  await Promise.all(opened);
  // Every stream is subscribed once its first bytes came; let the last ones settle.
  await sleep(500);
  const next = prop.result === 'Home' ? 'Away' : 'Home';
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/predictions/${prop.id}`, {
    method: 'PUT',
    headers: { cookie: operatorCookie, 'content-type': 'application/json' },
    body: JSON.stringify({ result: next }),
  });
  const putMs = Math.round(performance.now() - started);
  if (!response.ok) throw new Error(`live-streams: the result answered ${response.status}`);
  const times = (await Promise.all(arrivals)).map((at) => Math.round(at - started));
  await Promise.all(refetches);
  const peakRssMb = Math.round(context.serverPeakRssMb());
  for (const request of requests) request.destroy();
  agent.destroy();
  times.sort((a, b) => a - b);
  const p99 = percentile(times, 0.99);
  const refetchP99 = REFETCHES.map(({ name, path }) => {
    const sorted = (refetchTimes.get(name) ?? []).sort((a, b) => a - b);
    return {
      name,
      path,
      count: sorted.length,
      p50: Math.round(percentile(sorted, 0.5)),
      p99: Math.round(percentile(sorted, 0.99)),
    };
  });
  const spreadS = (
    (refetchDelayMs(BIG_MEMBERS, 1) - refetchDelayMs(BIG_MEMBERS, 0)) /
    1000
  ).toFixed(1);
  const refetchNote = refetchP99
    .map((r) => `${r.name} p50 ${r.p50} / p99 ${r.p99} ms (${r.count})`)
    .join(', ');
  return {
    name: 'live-streams',
    label: `A result reaching ${LIVE_STREAMS} open event streams (one group, one instance)`,
    kind: 'timed',
    callsMs: [p99],
    maxMs: TARGET_MS,
    failures: refetchFailures,
    note: `result to stream: p50 ${percentile(times, 0.5)} ms, p99 ${p99} ms, slowest ${times.at(-1)} ms (the PUT itself ${putMs} ms)`,
    checks: [
      {
        target: `A result reaches ${LIVE_STREAMS} streams of one group within ${TARGET_MS} ms (p99)`,
        pass: p99 < TARGET_MS,
        detail: `p50 ${percentile(times, 0.5)} ms, p99 ${p99} ms, slowest ${times.at(-1)} ms; the PUT itself ${putMs} ms`,
      },
      {
        target: `Server RSS with ${LIVE_STREAMS} streams open < ${RSS_TARGET_MB} MB`,
        pass: peakRssMb < RSS_TARGET_MB,
        detail: `peak ${peakRssMb} MB (VmHWM)`,
      },
      {
        target: `The ${LIVE_STREAMS} pages' refetches after the result (spread over ${spreadS} s): every endpoint's p99 < ${REFETCH_TARGET_MS} ms`,
        pass: refetchFailures === 0 && refetchP99.every((r) => r.p99 < REFETCH_TARGET_MS),
        detail: `${refetchNote}${refetchFailures ? `; ${refetchFailures} not 200` : ''}`,
      },
    ],
  };
}
