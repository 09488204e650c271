import type { FastifyRequest } from 'fastify';
import { isSerialId } from '@shared/contract/ids';
import { GROUP_NOT_FOUND } from '@shared/contract/groups';
import { jsonRow } from '../db/json-row';
import type { Db } from '../db/client';
import { eventCountOf, groupVersionSql } from '../db/group-versions';
import { groups, type GroupRow } from '../db/schema';
import { forbidden, notFound, unauthorized } from './errors';
import { readSession, type ReadWithSession, type SessionUser } from '../modules/auth/sessions';
import { sessionTokenOf, setRequestUser } from '../plugins/session';

/**
 * onRequest hooks that decide who may call a route, before its input is read. Every /api
 * route names one or is public (`config: { public: true }`); app.ts refuses to build otherwise.
 */
export type Guard<Request extends FastifyRequest = FastifyRequest> = ((
  request: Request,
) => Promise<void>) & { readonly isGuard: true };

const guard = <Request extends FastifyRequest = FastifyRequest>(
  name: string,
  check: (request: Request) => void | Promise<void>,
): Guard<Request> =>
  Object.assign(
    Object.defineProperty(async (request: Request) => check(request), 'name', {
      value: name,
    }),
    { isGuard: true as const },
  );

export function isGuard(value: unknown): value is Guard {
  return typeof value === 'function' && (value as Partial<Guard>).isGuard === true;
}

/** These guards run before the contract validates it. */
function rawParam(request: FastifyRequest, name: string): unknown {
  const params: unknown = request.params;
  return typeof params === 'object' && params !== null ? Reflect.get(params, name) : undefined;
}

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const requireUser = guard('requireUser', (request) => {
  currentUser(request);
});

export const requireAdmin = guard('requireAdmin', (request) => {
  if (!currentUser(request).isAdmin) throw forbidden('Only the operator can do that');
});

const selfGuard = (name: string, refusal: string): Guard =>
  guard(name, (request) => {
    const user = currentUser(request);
    if (Number(rawParam(request, 'id')) !== user.id) throw forbidden(refusal);
  });

/** For /api/users/:id routes: a user acts only on their own account. */
export const requireSelf = selfGuard('requireSelf', 'You can only change your own account');

const rowsReadWithSession = new WeakMap<FastifyRequest, object>();

/**
 * requireSelf plus the row `extra` reads about the caller (its parameters from `$4` on are
 * `values`), in the session's own statement; the handler gets it with rowReadWithSession.
 * Must be the route's first guard: it reads the session.
 */
export const requireSelfAndRead = (
  db: Db,
  extra: ReadWithSession,
  values: (request: FastifyRequest) => readonly unknown[],
): Guard => readingGuard('requireSelf', db, extra, values, requireSelf);

/**
 * requireUser plus `extra`, as requireSelfAndRead. The route's validation runs after it, so
 * `values` must cope with any path parameter (null where it names nothing).
 */
export const requireUserAndRead = (
  db: Db,
  extra: ReadWithSession,
  values: (request: FastifyRequest) => readonly unknown[],
): Guard => readingGuard('requireUser', db, extra, values, requireUser);

function readingGuard(
  name: string,
  db: Db,
  extra: ReadWithSession,
  values: (request: FastifyRequest) => readonly unknown[],
  check: Guard,
): Guard {
  return readingSession(
    guard(name, async (request) => {
      if (request.user !== null) throw new Error(`${extra.name}: the session was already read`);
      rowsReadWithSession.set(request, await readSessionWith(db, request, extra, values(request)));
      await check(request);
    }),
  );
}

export function serialIdParam(request: FastifyRequest): number | null {
  const id = rawParam(request, 'id');
  if (typeof id !== 'string' || !/^\d{1,10}$/.test(id)) return null;
  const value = Number(id);
  return isSerialId(value) ? value : null;
}

/** The row a requireSelfAndRead or requireUserAndRead guard read with the session. */
export function rowReadWithSession<Row extends object>(request: FastifyRequest): Row {
  const row = rowsReadWithSession.get(request);
  if (!row) throw new Error(`${request.routeOptions.url ?? request.url} has no reading guard`);
  return row as Row;
}

/** A member sees only their own picks listed this way. */
export const requireOwnPicks = selfGuard('requireOwnPicks', 'You can only list your own picks');

/** A group route's group and the caller's place in it, loaded once by its guard. */
export interface GroupAccess {
  group: GroupRow;
  isLeader: boolean;
  isPaid: boolean;
  /** False for the operator in an official event they run: they do not pick. */
  isContestant: boolean;
  /** Contestants, read with the group so its details need no second query. */
  memberCount: number;
  /**
   * groupVersionSql as the guard read it: every change a member can see moves it in the
   * writer's transaction. The answer caches compare it with what they keep.
   */
  version: string;
  /** 0 before the group's first event; it only grows. */
  eventCount: number;
}

// Beside the request rather than decorated on it, so any module's routes can use the group
// guards without declaring the decoration.
const groupAccessByRequest = new WeakMap<FastifyRequest, GroupAccess>();

export function currentGroup(request: FastifyRequest): GroupAccess {
  const access = groupAccessByRequest.get(request);
  if (!access) throw new Error(`${request.routeOptions.url ?? request.url} has no group guard`);
  return access;
}

const GROUP_ROW = jsonRow(groups, 'g', 'g_row');

/**
 * What every group route's guard reads, one row (none when the caller is not in the
 * group). Joined on `u.id` with the group's id as `$4`, so the same text serves with the
 * session's read and alone.
 */
const GROUP_ACCESS: ReadWithSession = {
  name: 'group-access',
  columns: [
    'g.id as g_id',
    GROUP_ROW.sql,
    'm.is_paid as m_is_paid',
    'm.is_contestant as m_is_contestant',
    't.contestants as t_contestants',
    `${groupVersionSql('g.id', 'g.xmin::text')} as g_version`,
  ].join(', '),
  joins: `left join group_members m on m.group_id = $4 and m.user_id = u.id
    left join groups g on g.id = m.group_id
    left join group_tallies t on t.group_id = g.id`,
};

const GROUP_ACCESS_BY_USER = {
  name: 'group-access-by-user',
  // The group's id is this statement's second parameter, not the fourth.
  text: `select ${GROUP_ACCESS.columns} from users u ${GROUP_ACCESS.joins.replace('$4', '$2')}
    where u.id = $1`,
};

type GroupAccessRow = Record<string, unknown> & {
  g_id: number | null;
  m_is_paid: boolean | null;
  m_is_contestant: boolean | null;
  t_contestants: number | null;
  g_version: string | null;
};

/**
 * A missing group and one the caller is not in answer the same 404, so ids cannot be
 * probed. The operator gets no exception: admin is about master props, not others' groups.
 */
function groupAccessOf(row: GroupAccessRow | undefined, user: SessionUser): GroupAccess {
  if (!row || row.g_id === null) throw notFound(GROUP_NOT_FOUND);
  const group = GROUP_ROW.rowOf(row);
  return {
    group,
    isPaid: row.m_is_paid ?? false,
    isContestant: row.m_is_contestant ?? true,
    isLeader: group.leaderId === user.id,
    memberCount: row.t_contestants ?? 0,
    version: row.g_version ?? '0',
    eventCount: eventCountOf(row.g_version ?? '0'),
  };
}

/**
 * The session and `extra` in one statement, for a guard the session hook left the session
 * to (`sessionReadByGuard`): the caller becomes the request's user, or it is a 401.
 */
async function readSessionWith<Row extends object>(
  db: Db,
  request: FastifyRequest,
  extra: ReadWithSession,
  values: readonly unknown[],
): Promise<Row> {
  const token = sessionTokenOf(request);
  const read = token ? await readSession<Row>(db, token, { read: extra, values }) : null;
  if (!read || !token) throw unauthorized();
  setRequestUser(request, read.user, token);
  return read.row;
}

/** One statement with the session when the session hook left it to this guard; else the access alone. */
async function loadGroupAccess(
  db: Db,
  request: FastifyRequest,
  groupId: number | null = serialIdParam(request),
): Promise<GroupAccess> {
  if (request.user === null) {
    const row = await readSessionWith<GroupAccessRow>(db, request, GROUP_ACCESS, [groupId]);
    if (groupId === null) throw notFound(GROUP_NOT_FOUND);
    return groupAccessOf(row, currentUser(request));
  }
  const user = currentUser(request);
  if (groupId === null) throw notFound(GROUP_NOT_FOUND);
  const { rows } = await db.$client.query<GroupAccessRow>({
    ...GROUP_ACCESS_BY_USER,
    values: [user.id, groupId],
  });
  return groupAccessOf(rows[0], user);
}

/** First in a route's guards, it reads the session itself, and the session hook leaves it alone. */
const readingSession = <Checked extends Guard>(checked: Checked) =>
  Object.assign(checked, { readsSession: true as const });

export function readsSession(value: Guard): boolean {
  return (value as Guard & { readsSession?: boolean }).readsSession === true;
}

export const requireMember = (db: Db): Guard =>
  readingSession(
    guard('requireMember', async (request) => {
      groupAccessByRequest.set(request, await loadGroupAccess(db, request));
    }),
  );

/** Other members get 403. */
export const requireLeader = (db: Db): Guard =>
  readingSession(
    guard('requireLeader', async (request) => {
      const access = await loadGroupAccess(db, request);
      if (!access.isLeader) throw forbidden('Only the group leader can do that');
      groupAccessByRequest.set(request, access);
    }),
  );

/**
 * requireLeader for routes naming their group in the query or body (product rules §7's
 * import and count). In preHandler, after requireUser: it reads the validated value.
 */
export const requireLeaderOf = <Request extends FastifyRequest>(
  db: Db,
  groupIdOf: (request: Request) => number,
): Guard<Request> =>
  guard<Request>('requireLeader', async (request) => {
    const groupId = groupIdOf(request);
    const access = await loadGroupAccess(db, request, isSerialId(groupId) ? groupId : null);
    if (!access.isLeader) throw forbidden('Only the group leader can do that');
    groupAccessByRequest.set(request, access);
  });
