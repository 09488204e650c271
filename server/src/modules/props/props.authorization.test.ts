import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { comments } from '../../db/schema';
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
  /** The member's pick on the locked prop. */
  lockedPickId: number;
  /** The member's comment on the locked prop (open to all) and on the open one (sealed). */
  commentId: number;
  sealedCommentId: number;
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
    // The fixture's prop is not linked to a game: the leader is told it has no feed.
    route: 'POST /api/predictions/:id/automatic',
    request: ({ propId }) => ({ method: 'POST', url: `/api/predictions/${propId}/automatic` }),
    expected: row(401, 404, 403, 409, 404),
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
    route: 'GET /api/predictions/:id/comments',
    request: ({ propId }) => ({ method: 'GET', url: `/api/predictions/${propId}/comments` }),
    expected: row(401, 404, 200, 200, 404),
  },
  {
    route: 'POST /api/predictions/:id/comments',
    request: ({ propId }) => ({
      method: 'POST',
      url: `/api/predictions/${propId}/comments`,
      payload: { body: 'Sealed until kickoff' },
    }),
    expected: row(401, 404, 201, 201, 404),
  },
  {
    route: 'PATCH /api/comments/:id',
    request: ({ commentId }) => ({
      method: 'PATCH',
      url: `/api/comments/${commentId}`,
      payload: { body: 'Edited' },
    }),
    // The author only.
    expected: row(401, 404, 200, 403, 404),
  },
  {
    route: 'PATCH /api/comments/:id (sealed)',
    request: ({ sealedCommentId }) => ({
      method: 'PATCH',
      url: `/api/comments/${sealedCommentId}`,
      payload: { body: 'Edited' },
    }),
    // Another member's sealed comment is not there for the leader.
    expected: row(401, 404, 200, 404, 404),
  },
  {
    route: 'DELETE /api/comments/:id',
    request: ({ commentId }) => ({ method: 'DELETE', url: `/api/comments/${commentId}` }),
    // The author, or the leader.
    expected: row(401, 404, 204, 204, 404),
  },
  {
    route: 'PUT /api/comments/:id/reactions/:name',
    request: ({ commentId }) => ({
      method: 'PUT',
      url: `/api/comments/${commentId}/reactions/fire`,
    }),
    expected: row(401, 404, 204, 204, 404),
  },
  {
    route: 'PUT /api/comments/:id/reactions/:name (sealed)',
    request: ({ sealedCommentId }) => ({
      method: 'PUT',
      url: `/api/comments/${sealedCommentId}/reactions/fire`,
    }),
    expected: row(401, 404, 409, 404, 404),
  },
  {
    route: 'DELETE /api/comments/:id/reactions/:name',
    request: ({ commentId }) => ({
      method: 'DELETE',
      url: `/api/comments/${commentId}/reactions/fire`,
    }),
    expected: row(401, 404, 204, 204, 404),
  },
  {
    route: 'PUT /api/user-predictions/:id/reactions/:name',
    request: ({ memberPickId }) => ({
      method: 'PUT',
      url: `/api/user-predictions/${memberPickId}/reactions/clap`,
    }),
    // A pick is revealed, and open to reactions, only once its prop locks.
    expected: row(401, 404, 409, 409, 404),
  },
  {
    route: 'PUT /api/user-predictions/:id/reactions/:name (locked)',
    request: ({ lockedPickId }) => ({
      method: 'PUT',
      url: `/api/user-predictions/${lockedPickId}/reactions/clap`,
    }),
    expected: row(401, 404, 204, 204, 404),
  },
  {
    route: 'DELETE /api/user-predictions/:id/reactions/:name',
    request: ({ lockedPickId }) => ({
      method: 'DELETE',
      url: `/api/user-predictions/${lockedPickId}/reactions/clap`,
    }),
    expected: row(401, 404, 204, 204, 404),
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

/** The member's comment on the open prop: sealed, so only the member may ever read it. */
const SEALED_TEXT = 'Wait and see';

/** A fresh group with one open prop the member has picked. */
async function freshFixture(role: Role): Promise<Fixture> {
  const group = await seedGroup(db, { leaderId: leader.id, memberIds: [member.id] });
  const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(12) });
  const pick = await seedPick(db, { userId: member.id, prop, selectedOption: 'A' });
  const locked = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-1) });
  const lockedPick = await seedPick(db, { userId: member.id, prop: locked, selectedOption: 'B' });
  const [open, sealed] = await db
    .insert(comments)
    .values([
      { groupId: group.id, propId: locked.id, authorId: member.id, body: 'Told you' },
      { groupId: group.id, propId: prop.id, authorId: member.id, body: SEALED_TEXT },
    ])
    .returning();
  const selfId = role === 'signedOut' ? member.id : callers[role].id;
  return {
    groupId: group.id,
    propId: prop.id,
    memberPickId: pick.id,
    lockedPropId: locked.id,
    lockedPickId: lockedPick.id,
    commentId: open?.id ?? 0,
    sealedCommentId: sealed?.id ?? 0,
    selfId,
  };
}

const PROPS_ROUTE_PREFIXES = [
  '/api/predictions',
  '/api/user-predictions',
  '/api/leaderboard',
  '/api/activity-events',
  '/api/comments',
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
    // Before the lock, no answer carries a sealed comment to anyone but its author.
    if (role !== 'member') expect(response.body).not.toContain(SEALED_TEXT);
    if (status >= 400) {
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(await snapshotOf(db)).toEqual(before);
    }
    if (status === 404) expect(response.json().message).toMatch(/not found/);
  });
});
