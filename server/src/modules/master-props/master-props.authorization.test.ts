import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { masterProps } from '../../db/schema';
import { seedGroup } from '../../test/group-fixtures';
import { daysFromNow, masterPropsSnapshot, sheetCsv } from '../../test/master-props-fixtures';
import { createTestApp, registerUser } from '../../test/test-app';

/**
 * Every master-props route, tried by every kind of caller. Admin routes are the
 * operator's alone: an ordinary user, a member and a group leader all get 403. Counting
 * and importing belong to the group's leader (outsiders and the operator, who is not in
 * the group, get the groups' 404; a member 403). The preview is open to all. Every
 * refused call must leave the database exactly as it was.
 */
const folder = await mkdtemp(path.join(os.tmpdir(), 'pickem-auth-sheets-'));
const sheetFile = path.join(folder, 'nfl.csv');
await writeFile(
  sheetFile,
  sheetCsv([
    { title: 'Upcoming', gameDate: daysFromNow(2) },
    { title: 'Later', gameDate: daysFromNow(3) },
  ]),
);
const { app, database } = await createTestApp({ masterProps: { sources: { NFL: sheetFile } } });
const db = database.db;
const admin = await registerUser(app, { displayName: 'Operator' }); // first account: admin
const leader = await registerUser(app, { displayName: 'Leader' });
const member = await registerUser(app, { displayName: 'Member' });
const user = await registerUser(app, { displayName: 'Ordinary user' });

const ROLES = ['signedOut', 'user', 'member', 'leader', 'admin'] as const;
type Role = (typeof ROLES)[number];

interface Fixture {
  groupId: number;
  masterPropId: number;
}

const row = (signedOut: number, user: number, member: number, leader: number, admin: number) => ({
  signedOut,
  user,
  member,
  leader,
  admin,
});

const RANGE = { dateFrom: daysFromNow(0).toISOString(), dateTo: daysFromNow(7).toISOString() };

const CASES: {
  route: string;
  request: (fixture: Fixture) => InjectOptions;
  expected: Record<Role, number>;
}[] = [
  //                                                             out  user mem  lead adm
  {
    route: 'GET /api/master-props',
    request: () => ({ method: 'GET', url: '/api/master-props' }),
    expected: row(401, 403, 403, 403, 200),
  },
  {
    route: 'PATCH /api/admin/master-props/:id',
    request: ({ masterPropId }) => ({
      method: 'PATCH',
      url: `/api/admin/master-props/${masterPropId}`,
      payload: { result: 'Home' },
    }),
    expected: row(401, 403, 403, 403, 200),
  },
  {
    // No such game: the operator's request is checked as far as the game (404).
    route: 'POST /api/admin/master-props/from-games',
    request: () => ({
      method: 'POST',
      url: '/api/admin/master-props/from-games',
      payload: { props: [{ gameId: 999_999, market: 'winner' }] },
    }),
    expected: row(401, 403, 403, 403, 404),
  },
  {
    // The synced master prop is not linked to a game: the operator is told it has no feed.
    route: 'POST /api/admin/master-props/:id/automatic',
    request: ({ masterPropId }) => ({
      method: 'POST',
      url: `/api/admin/master-props/${masterPropId}/automatic`,
    }),
    expected: row(401, 403, 403, 403, 409),
  },
  {
    route: 'GET /api/admin/sync-master-props',
    request: () => ({ method: 'GET', url: '/api/admin/sync-master-props' }),
    expected: row(401, 403, 403, 403, 200),
  },
  {
    route: 'POST /api/admin/sync-master-props',
    request: () => ({
      method: 'POST',
      url: '/api/admin/sync-master-props',
      payload: { sport: 'NFL' },
    }),
    expected: row(401, 403, 403, 403, 200),
  },
  {
    route: 'GET /api/master-props/count',
    request: ({ groupId }) => ({
      method: 'GET',
      url: `/api/master-props/count?${new URLSearchParams({ groupId: String(groupId), sport: 'NFL', ...RANGE })}`,
    }),
    expected: row(401, 404, 403, 200, 404),
  },
  {
    route: 'POST /api/import-props',
    request: ({ groupId }) => ({
      method: 'POST',
      url: '/api/import-props',
      payload: { groupId, sport: 'NFL', ...RANGE, count: 1 },
    }),
    expected: row(401, 404, 403, 200, 404),
  },
  {
    route: 'GET /api/props-preview',
    request: () => ({ method: 'GET', url: '/api/props-preview' }),
    expected: row(200, 200, 200, 200, 200),
  },
];

const callers = { user, member, leader, admin };
const send = (role: Role, options: InjectOptions) =>
  role === 'signedOut' ? app.inject(options) : callers[role].request(options);

const synced = await admin.request({
  method: 'POST',
  url: '/api/admin/sync-master-props',
  payload: { sport: 'NFL' },
});
if (synced.statusCode !== 200) throw new Error(`sync failed: ${synced.body}`);
const [master] = await db.select().from(masterProps).limit(1);

/** A fresh group whose leader is `leader` and with `member` in it. */
async function fixture(): Promise<Fixture> {
  const group = await seedGroup(db, { leaderId: leader.id, memberIds: [member.id] });
  return { groupId: group.id, masterPropId: master?.id ?? 0 };
}

const cells = CASES.flatMap((routeCase) =>
  ROLES.map((role) => ({ ...routeCase, role, status: routeCase.expected[role] })),
);

describe('master props authorization matrix', () => {
  it('covers every master-props route in the app', () => {
    const routes = app.routeTable
      .filter(
        (route) =>
          route.url.includes('master-props') ||
          route.url.includes('import-props') ||
          route.url.includes('props-preview'),
      )
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(routes).toEqual(CASES.map((routeCase) => routeCase.route).sort());
  });

  it.each(cells)('$route as $role → $status', async ({ request, role, status }) => {
    const before = await masterPropsSnapshot(db);
    const response = await send(role, request(await fixture()));
    expect(response.statusCode).toBe(status);
    if (status >= 400) {
      expect(Object.keys(response.json())).toEqual(['message']);
      const after = await masterPropsSnapshot(db);
      expect(after).toEqual(before);
    }
  });
});
