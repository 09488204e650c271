import { setTimeout as sleep } from 'node:timers/promises';
import { timeLiveStreams } from './live-streams';
import { loadScenario } from './load';
import type { BenchRequest, Measurement, Scenario, ScenarioContext } from './scenario';
import { BIG_GROUP_ID, MASTER_PROP_ID, type Seeded, type SignedInMember } from './seed';

/**
 * Every scenario of `npm run bench`, in the order they run. The first is the baseline the
 * others' throughput is compared with. Targets are issue 10's: reads at least 0.5× the
 * baseline (the props with the viewer's picks 0.3×), writes 0.4×, every p99 under 50 ms,
 * the master result reaching 500 groups in under a second.
 */

/** The n-th request's member: requests go round the signed-in members in turn. */
const memberOf = (n: number, seeded: Seeded): SignedInMember => {
  const member = seeded.members[n % seeded.members.length];
  if (!member) throw new Error('bench: nobody is signed in');
  return member;
};
/** How many times the round has come back to that member. */
const roundOf = (n: number, seeded: Seeded) => Math.floor(n / seeded.members.length);
const other = (option: string) => (option === 'Home' ? 'Away' : 'Home');

const big = BIG_GROUP_ID;

/** Set, changed, cleared: each reaches every imported copy with its standings. */
const MASTER_RESULTS = ['Home', 'Away', null];

export const BASELINE = 'me';
/** The scenarios run again on the other number of picks to check nothing grows with picks. */
export const GROWTH_SCENARIOS = ['home-cards', 'leaderboard-page', 'leaderboard'];

export const scenarios: Scenario[] = [
  loadScenario({
    name: BASELINE,
    label: 'GET /api/auth/me (baseline)',
    kind: 'baseline',
    request: (n, s) => ({ method: 'GET', path: '/api/auth/me', cookie: memberOf(n, s).cookie }),
  }),
  loadScenario({
    name: 'home-cards',
    label: 'Home cards: GET /api/users/{id}/groups',
    kind: 'read',
    minRatio: 0.5,
    request: (n, s) => {
      const member = memberOf(n, s);
      return { method: 'GET', path: `/api/users/${member.id}/groups`, cookie: member.cookie };
    },
  }),
  loadScenario({
    name: 'group',
    label: 'Group: GET /api/groups/{id}',
    kind: 'read',
    minRatio: 0.5,
    request: (n, s) => ({
      method: 'GET',
      path: `/api/groups/${big}`,
      cookie: memberOf(n, s).cookie,
    }),
  }),
  loadScenario({
    name: 'props',
    label: 'Props with picks: GET /api/predictions/group/{id}',
    kind: 'read',
    minRatio: 0.3,
    request: (n, s) => ({
      method: 'GET',
      path: `/api/predictions/group/${big}`,
      cookie: memberOf(n, s).cookie,
    }),
  }),
  loadScenario({
    name: 'own-picks',
    label: 'Own picks: GET /api/user-predictions/{id}?groupId=',
    kind: 'read',
    minRatio: 0.5,
    request: (n, s) => {
      const member = memberOf(n, s);
      return {
        method: 'GET',
        path: `/api/user-predictions/${member.id}?groupId=${big}`,
        cookie: member.cookie,
      };
    },
  }),
  loadScenario({
    name: 'leaderboard-page',
    label: 'Leaderboard, first page: GET /api/leaderboard/{id}?limit=20',
    kind: 'read',
    minRatio: 0.5,
    request: (n, s) => ({
      method: 'GET',
      path: `/api/leaderboard/${big}?limit=20`,
      cookie: memberOf(n, s).cookie,
    }),
  }),
  loadScenario({
    name: 'leaderboard',
    label: 'Leaderboard, whole (1,000 rows): GET /api/leaderboard/{id}',
    kind: 'read',
    minRatio: 0.5,
    request: (n, s) => ({
      method: 'GET',
      path: `/api/leaderboard/${big}`,
      cookie: memberOf(n, s).cookie,
    }),
  }),
  loadScenario({
    name: 'leaderboard-small',
    label: 'Leaderboard of a 10-member group',
    kind: 'read',
    minRatio: 0.5,
    request: (n, s) => {
      const member = memberOf(n, s);
      return {
        method: 'GET',
        path: `/api/leaderboard/${member.ledGroupId}`,
        cookie: member.cookie,
      };
    },
  }),
  loadScenario({
    name: 'stats',
    label: 'Stats card: GET /api/groups/{id}/stats',
    kind: 'read',
    minRatio: 0.5,
    request: (n, s) => ({
      method: 'GET',
      path: `/api/groups/${big}/stats`,
      cookie: memberOf(n, s).cookie,
    }),
  }),
  loadScenario({
    name: 'activity',
    label: 'Activity, whole feed: GET /api/activity-events/{id}',
    kind: 'read',
    minRatio: 0.5,
    request: (n, s) => ({
      method: 'GET',
      path: `/api/activity-events/${big}`,
      cookie: memberOf(n, s).cookie,
    }),
  }),
  loadScenario({
    name: 'preview',
    label: 'Prop preview (signed out): GET /api/props-preview',
    kind: 'read',
    minRatio: 0.5,
    request: () => ({ method: 'GET', path: '/api/props-preview' }),
  }),
  loadScenario({
    name: 'pick-change',
    label: 'Pick change: PUT /api/user-predictions/{id}',
    kind: 'write',
    minRatio: 0.4,
    // Each member changes their picks on the big group's open props in turn.
    request: (n, s) => {
      const member = memberOf(n, s);
      const pick = member.openPicks[roundOf(n, s) % member.openPicks.length];
      if (!pick) throw new Error('bench: no open pick');
      pick.option = other(pick.option);
      return {
        method: 'PUT',
        path: `/api/user-predictions/${pick.id}`,
        cookie: member.cookie,
        body: { selectedOption: pick.option },
      };
    },
  }),
  loadScenario({
    name: 'result-change',
    label: "Leader's result change (10-member group): PUT /api/predictions/{id}",
    kind: 'write',
    minRatio: 0.4,
    request: (n, s) => {
      const member = memberOf(n, s);
      const prop = member.decidedProps[roundOf(n, s) % member.decidedProps.length];
      if (!prop) throw new Error('bench: no decided prop');
      prop.result = other(prop.result);
      return {
        method: 'PUT',
        path: `/api/predictions/${prop.id}`,
        cookie: member.cookie,
        body: { result: prop.result },
      };
    },
  }),
  {
    name: 'live-streams',
    label: 'A result reaching 1,000 open event streams of one group',
    run: timeLiveStreams,
  },
  {
    name: 'master-result',
    label: "Operator's master result to 500 groups: PATCH /api/admin/master-props/{id}",
    run: timeMasterResults,
    // Each sample changes the result (set, then changed), so every pass traces a real fan-out.
    sample: (() => {
      let samples = 0;
      return (seeded: Seeded) => masterResultRequest(seeded, MASTER_RESULTS[samples++ % 2] ?? null);
    })(),
  },
];

const MASTER_RESULT_TARGET_MS = 1000;

const masterResultRequest = (seeded: Seeded, result: string | null): BenchRequest => ({
  method: 'PATCH',
  path: `/api/admin/master-props/${MASTER_PROP_ID}`,
  cookie: seeded.operator.cookie,
  body: { result },
});

/** The operator's call, one at a time on an otherwise idle server: its duration is the measure. */
async function timeMasterResults(context: ScenarioContext): Promise<Measurement> {
  await settle(context.baseUrl);
  const callsMs: number[] = [];
  const copies: number[] = [];
  let failures = 0;
  for (const result of MASTER_RESULTS) {
    const request = masterResultRequest(context.seeded, result);
    const started = performance.now();
    const response = await fetch(context.baseUrl + request.path, {
      method: request.method,
      headers: { cookie: context.seeded.operator.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
    });
    const body = (await response.json()) as { updatedCopies?: number; message?: string };
    callsMs.push(Math.round(performance.now() - started));
    if (!response.ok) failures += 1;
    copies.push(body.updatedCopies ?? 0);
  }
  return {
    name: 'master-result',
    label: "Operator's master result to 500 groups",
    kind: 'timed',
    callsMs,
    failures,
    maxMs: MASTER_RESULT_TARGET_MS,
    note: `set, changed, cleared: ${callsMs.join(' / ')} ms; copies updated ${copies.join(' / ')}`,
  };
}

/** Waits until the previous scenario's backlog is served: the baseline answers in 100 ms. */
async function settle(baseUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const started = performance.now();
    const ok = await fetch(`${baseUrl}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && performance.now() - started < 100) return;
    await sleep(1000);
  }
}
