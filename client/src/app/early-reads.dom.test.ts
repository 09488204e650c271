import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import {
  activityEventsQueryOptions,
  RECENT_ACTIVITY_LIMIT,
} from '@client/features/activity/api/activity-events';
import { currentUserQueryOptions } from '@client/features/auth/api/current-user';
import { groupDetailsQueryOptions } from '@client/features/groups/api/group-details';
import { leaderboardTopQueryOptions } from '@client/features/leaderboard/api/leaderboard';
import { memberStatsQueryOptions } from '@client/features/leaderboard/api/member-stats';
import { groupPropsQueryOptions } from '@client/features/props/api/group-props';
import { ALL_SPORTS } from '@shared/domain/prop-order';

afterEach(() => {
  delete window.__pickemEarly;
  vi.unstubAllGlobals();
});

/** The addresses fetch is asked for while `run` runs (each answered with a 503). */
async function addressesAskedBy(run: () => unknown): Promise<string[]> {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    asked.push(
      (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).replace(
        location.origin,
        '',
      ),
    );
    return Promise.resolve(new Response('{}', { status: 503 }));
  });
  try {
    await run();
  } catch {
    // Only the address matters here.
  }
  vi.unstubAllGlobals();
  return asked;
}

it("early-data.js asks for exactly the group screen's first reads, as the app asks for them", async () => {
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(
    'http://localhost/group/7',
  );
  const script = readFileSync(path.join(import.meta.dirname, '../../public/early-data.js'), 'utf8');
  const early = await addressesAskedBy(() => {
    // The page's own classic script, run as the browser runs it.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- see above
    new Function(script)();
  });
  // The app would take those answers: it must ask the server itself here.
  delete window.__pickemEarly;
  const queries = [
    currentUserQueryOptions(),
    groupDetailsQueryOptions(7),
    groupPropsQueryOptions(7, ALL_SPORTS),
    memberStatsQueryOptions(7),
    leaderboardTopQueryOptions(7),
    activityEventsQueryOptions(7, RECENT_ACTIVITY_LIMIT),
  ];
  const app: string[] = [];
  for (const query of queries) {
    app.push(
      ...(await addressesAskedBy(() => (query.queryFn as unknown as () => Promise<unknown>)())),
    );
  }
  expect(early).toEqual(app);
  expect(early).toHaveLength(6);
});
