import type { Measurement, ScenarioContext } from './scenario';
import { BIG_GROUP_ID } from './seed';

/**
 * Issue 11: 1,000 open event streams on the big group on one instance, then the leader
 * sets a result: how long until every stream has it (p99 within 1 s). The run's peak RSS is
 * in the report's footer. Streams share the signed-in members' sessions (a member with
 * many tabs open), which the server treats as separate streams.
 */
export const LIVE_STREAMS = 1000;
const TARGET_MS = 1000;

export async function timeLiveStreams(context: ScenarioContext): Promise<Measurement> {
  const { baseUrl, seeded } = context;
  const operatorCookie = seeded.operator.cookie;
  const props = (await (
    await fetch(`${baseUrl}/api/predictions/group/${BIG_GROUP_ID}`, {
      headers: { cookie: operatorCookie },
    })
  ).json()) as { id: number; canSetResult: boolean; result: string | null }[];
  const prop = props.find((candidate) => candidate.canSetResult);
  if (!prop) throw new Error('live-streams: the big group has no prop its leader can settle');

  const controllers: AbortController[] = [];
  const arrivals: Promise<number>[] = [];
  const opened: Promise<void>[] = [];
  for (let index = 0; index < LIVE_STREAMS; index += 1) {
    const member = seeded.members[index % seeded.members.length];
    if (!member) throw new Error('live-streams: nobody is signed in');
    const controller = new AbortController();
    controllers.push(controller);
    let ready!: () => void;
    opened.push(new Promise<void>((resolve) => (ready = resolve)));
    arrivals.push(
      (async () => {
        const response = await fetch(`${baseUrl}/api/groups/${BIG_GROUP_ID}/events`, {
          headers: { cookie: member.cookie },
          signal: controller.signal,
        });
        if (response.status !== 200 || !response.body) throw new Error(`stream ${response.status}`);
        const decoder = new TextDecoder();
        let text = '';
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          text += decoder.decode(chunk, { stream: true });
          if (text.includes('retry:')) ready();
          if (text.includes('event: result')) return performance.now();
        }
        throw new Error('stream ended before the result');
      })(),
    );
  }
  await Promise.all(opened);
  // Every stream is subscribed once its first bytes came; let the last ones settle.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const next = prop.result === 'Home' ? 'Away' : 'Home';
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/predictions/${prop.id}`, {
    method: 'PUT',
    headers: { cookie: operatorCookie, 'content-type': 'application/json' },
    body: JSON.stringify({ result: next }),
  });
  if (!response.ok) throw new Error(`live-streams: the result answered ${response.status}`);
  const times = (await Promise.all(arrivals)).map((at) => Math.round(at - started));
  controllers.forEach((controller) => controller.abort());
  times.sort((a, b) => a - b);
  const p99 = times[Math.floor(times.length * 0.99) - 1] ?? 0;
  return {
    name: 'live-streams',
    label: `A result reaching ${LIVE_STREAMS} open event streams (one group, one instance)`,
    kind: 'timed',
    callsMs: [p99],
    maxMs: TARGET_MS,
    note: `result to stream: p50 ${times[Math.floor(times.length / 2)]} ms, p99 ${p99} ms, slowest ${times.at(-1)} ms`,
  };
}
