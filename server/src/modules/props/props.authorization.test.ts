import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';
import { snapshotOf } from './props-test-kit';

/**
 * Every props, picks, leaderboard and activity route, tried by every kind of caller on a
 * fresh group. Outsiders (the admin included: admin is about master props) get the same
 * 404 as for something that does not exist; members get 403 for leader actions. Every
 * refused call leaves the database exactly as it was.
 */
const { app, database } = await createTestApp();
const db = database.db;
const admin = await registerUser(app, { displayName: 'Operator' });
const leader = await registerUser(app, { displayName: 'Leader' });
const member = await registerUser(app, { displayName: 'Member' });
const outsider = await registerUser(app, { displayName: 'Outsider' });

const ROLES = ['signedOut', 'outsider', 'member', 'leader', 'admin'] as const;
type Role = (typeof ROLES)[number];
const callers: Record<Exclude<Role, 'signedOut'>, TestUser> = { outsider, member, leader, admin };

interface Fixture {
  groupId: number;
  propId: number;
  memberPickId: number;
  /** A prop whose game has started, picked by the member. */
  lockedPropId: number;
  /** The caller's own id (the member's for a signed-out caller). */
  selfId: number;
}

interface RouteCase {
  route: string;
  request: (fixture: Fixture) => InjectOptions;
  expected: Record<Role, number>;
}

const row = (
  signedOut: number,
  outsider: number,
  member: number,
  leader: number,
  admin: number,
) => ({
  signedOut,
  outsider,
  member,
  leader,
  admin,
});

const propForm = {
  sport: 'NFL',
  title: 'Edited',
  description: 'Edited prop',
  options: ['A', 'B', 'C'],
  gameDate: hoursFromNow(24).toISOString(),
};

const CASES: RouteCase[] = [
  //                                                       out  non  mem  lead adm
  {
    route: 'GET /api/predictions/group/:id',
    request: ({ groupId }) => ({ method: 'GET', url: `/api/predictions/group/${groupId}` }),
    expected: row(401, 404, 200, 200, 404),
  },
  {
    route: 'POST /api/predictions',
    request: ({ groupId }) => ({
      method: 'POST',
      url: '/api/predictions',
      payload: { ...propForm, groupId },
    }),
    expected: row(401, 404, 403, 201, 404),
  },
  {
    route: 'PUT /api/predictions/:id',
    request: ({ propId }) => ({
      method: 'PUT',
      url: `/api/predictions/${propId}`,
      payload: propForm,
    }),
    expected: row(401, 404, 403, 200, 404),
  },
  {
    route: 'PUT /api/predictions/:id (result)',
    request: ({ propId }) => ({
      method: 'PUT',
      url: `/api/predictions/${propId}`,
      payload: { result: 'B' },
    }),
    expected: row(401, 404, 403, 200, 404),
  },
  {
    route: 'DELETE /api/predictions/:id',
    request: ({ propId }) => ({ method: 'DELETE', url: `/api/predictions/${propId}` }),
    expected: row(401, 404, 403, 204, 404),
  },
  {
    route: 'GET /api/user-predictions/:id',
    request: ({ groupId, selfId }) => ({
      method: 'GET',
      url: `/api/user-predictions/${selfId}?groupId=${groupId}`,
    }),
    expected: row(401, 404, 200, 200, 404),
  },
  {
    route: "GET /api/user-predictions/:id (the member's)",
    request: ({ groupId }) => ({
      method: 'GET',
      url: `/api/user-predictions/${member.id}?groupId=${groupId}`,
    }),
    expected: row(401, 403, 200, 403, 403),
  },
  {
    route: 'POST /api/user-predictions',
    request: ({ propId }) => ({
      method: 'POST',
      url: '/api/user-predictions',
      payload: { predictionId: propId, selectedOption: 'C' },
    }),
    // The member changes their existing pick (200); the leader makes a first one (201).
    expected: row(401, 404, 200, 201, 404),
  },
  {
    route: 'PUT /api/user-predictions/:id',
    request: ({ memberPickId }) => ({
      method: 'PUT',
      url: `/api/user-predictions/${memberPickId}`,
      payload: { selectedOption: 'C' },
    }),
    expected: row(401, 404, 200, 404, 404),
  },
  {
    route: 'GET /api/predictions/:id/picks',
    request: ({ propId }) => ({ method: 'GET', url: `/api/predictions/${propId}/picks` }),
    // Hidden from everyone, the member who picked included, until the prop locks.
    expected: row(401, 404, 409, 409, 404),
  },
  {
    route: 'GET /api/predictions/:id/picks (locked)',
    request: ({ lockedPropId }) => ({
      method: 'GET',
      url: `/api/predictions/${lockedPropId}/picks`,
    }),
    expected: row(401, 404, 200, 200, 404),
  },
  {
    route: 'GET /api/predictions/:id/pickers',
    request: ({ propId }) => ({ method: 'GET', url: `/api/predictions/${propId}/pickers` }),
    expected: row(401, 404, 200, 200, 404),
  },
  {
    route: 'GET /api/leaderboard/:id',
    request: ({ groupId }) => ({ method: 'GET', url: `/api/leaderboard/${groupId}` }),
    expected: row(401, 404, 200, 200, 404),
  },
  {
    route: 'GET /api/activity-events/:id',
    request: ({ groupId }) => ({ method: 'GET', url: `/api/activity-events/${groupId}` }),
    expected: row(401, 404, 200, 200, 404),
  },
];

/** A fresh group with one open prop the member has picked. */
async function freshFixture(role: Role): Promise<Fixture> {
  const group = await seedGroup(db, { leaderId: leader.id, memberIds: [member.id] });
  const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(12) });
  const pick = await seedPick(db, { userId: member.id, prop, selectedOption: 'A' });
  const locked = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-1) });
  await seedPick(db, { userId: member.id, prop: locked, selectedOption: 'B' });
  const selfId = role === 'signedOut' ? member.id : callers[role].id;
  return {
    groupId: group.id,
    propId: prop.id,
    memberPickId: pick.id,
    lockedPropId: locked.id,
    selfId,
  };
}

const PROPS_ROUTE_PREFIXES = [
  '/api/predictions',
  '/api/user-predictions',
  '/api/leaderboard',
  '/api/activity-events',
];

describe('props authorization matrix', () => {
  it('covers every props route in the app', () => {
    const routes = app.routeTable
      .filter((route) => PROPS_ROUTE_PREFIXES.some((prefix) => route.url.startsWith(prefix)))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const tested = [...new Set(CASES.map((routeCase) => routeCase.route.replace(/ \(.*\)$/, '')))];
    expect(routes).toEqual(tested.sort());
  });

  const cells = CASES.flatMap((routeCase) =>
    ROLES.map((role) => ({ ...routeCase, role, status: routeCase.expected[role] })),
  );

  it.each(cells)('$route as $role → $status', async ({ request, role, status }) => {
    const fixture = await freshFixture(role);
    const before = await snapshotOf(db);
    const options = request(fixture);
    const response =
      role === 'signedOut' ? await app.inject(options) : await callers[role].request(options);
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) {
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(await snapshotOf(db)).toEqual(before);
    }
    if (status === 404) expect(response.json().message).toMatch(/not found/);
  });
});
