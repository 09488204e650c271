import type { FastifyRequest } from 'fastify';
import { isSerialId } from '@shared/contract/ids';
import { GROUP_NOT_FOUND } from '@shared/contract/groups';
import { jsonRow } from '../db/json-row';
import type { Db } from '../db/client';
import { eventCountOf, groupVersionSql } from '../db/group-versions';
import { groups, type GroupRow } from '../db/schema';
import { forbidden, notFound, unauthorized } from './errors';
import { readSession, type SessionReadAlong, type SessionUser } from '../modules/auth/sessions';
import { sessionTokenOf, setRequestUser } from './session';

/**
 * onRequest hooks that decide who may call a route, before its input is even read. Every /api route names one of these
 * or is declared public (`config: { public: true }`); app.ts refuses to build otherwise.
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

/** A path parameter as it arrived: these guards run before the contract validates it. */
function rawParam(request: FastifyRequest, name: string): unknown {
  const params: unknown = request.params;
  return typeof params === 'object' && params !== null ? Reflect.get(params, name) : undefined;
}

/** The signed-in user, for handlers behind a guard. */
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

/** For routes whose :id names a user: only that user may call them. */
const selfGuard = (name: string, refusal: string): Guard =>
  guard(name, (request) => {
    const user = currentUser(request);
    if (Number(rawParam(request, 'id')) !== user.id) throw forbidden(refusal);
  });

/** For /api/users/:id routes: a user acts only on their own account. */
export const requireSelf = selfGuard('requireSelf', 'You can only change your own account');

const alongRows = new WeakMap<FastifyRequest, object>();

/**
 * requireSelf for a route whose answer starts from a read about the caller (`along`, its
 * parameters from `$4` on by `values`): read with the session in one statement, for the
 * handler as `alongRowOf(request)`. Must be the route's first guard (it reads the session).
 */
export const requireSelfReading = (
  db: Db,
  along: SessionReadAlong,
  values: (request: FastifyRequest) => readonly unknown[],
): Guard => readingGuard('requireSelf', db, along, values, requireSelf);

/**
 * requireUser for a route whose work starts from a read about the caller (`along`, as for
 * requireSelfReading): one statement for both. The route's own validation still runs
 * after it, so `values` must cope with any path parameter (null where it names nothing).
 */
export const requireUserReading = (
  db: Db,
  along: SessionReadAlong,
  values: (request: FastifyRequest) => readonly unknown[],
): Guard => readingGuard('requireUser', db, along, values, requireUser);

function readingGuard(
  name: string,
  db: Db,
  along: SessionReadAlong,
  values: (request: FastifyRequest) => readonly unknown[],
  check: Guard,
): Guard {
  return readingSession(
    guard(name, async (request) => {
      if (request.user !== null) throw new Error(`${along.name}: the session was already read`);
      alongRows.set(request, await readSessionAlong(db, request, along, values(request)));
      await check(request);
    }),
  );
}

/** The route's :id when it can name a row (a serial id), else null. */
export function serialIdParam(request: FastifyRequest): number | null {
  const id = rawParam(request, 'id');
  if (typeof id !== 'string' || !/^\d{1,10}$/.test(id)) return null;
  const value = Number(id);
  return isSerialId(value) ? value : null;
}

/** The row a requireSelfReading or requireUserReading guard read with the session. */
export function alongRowOf<Row extends object>(request: FastifyRequest): Row {
  const row = alongRows.get(request);
  if (!row) throw new Error(`${request.routeOptions.url ?? request.url} has no reading guard`);
  return row as Row;
}

/** For /api/user-predictions/:id: a member sees only their own picks listed this way. */
export const requireOwnPicks = selfGuard('requireOwnPicks', 'You can only list your own picks');

/** A group route's group and the caller's place in it, loaded once by its guard. */
export interface GroupAccess {
  group: GroupRow;
  isLeader: boolean;
  isPaid: boolean;
  /** Contestants (decision 0013), read with the group so its details need no second query. */
  memberCount: number;
  /**
   * The group's version when the guard read it (groupVersionSql): its count of events
   * (decisions 0017, 0032), which every change a member can see moves in the writer's
   * transaction, and the group row's xmin, which a restore changes too. The read caches
   * compare it with what they keep (decision 0027).
   */
  version: string;
  /** The version's count of events alone (0 before the group's first event): it only grows. */
  eventCount: number;
}

// Kept beside the request rather than decorated on it, so any module's routes can use the
// group guards without each plugin context having to declare the decoration.
const groupAccessByRequest = new WeakMap<FastifyRequest, GroupAccess>();

/** The group loaded by requireMember / requireLeader, for the handlers behind them. */
export function currentGroup(request: FastifyRequest): GroupAccess {
  const access = groupAccessByRequest.get(request);
  if (!access) throw new Error(`${request.routeOptions.url ?? request.url} has no group guard`);
  return access;
}

/** The group's row, read as one JSON array and put back together as drizzle's GroupRow. */
const GROUP_ROW = jsonRow(groups, 'g', 'g_row');

/**
 * The group, the caller's membership, the group's member count and its version: what every
 * group route's guard reads, one row (none when the caller is not in the group). Joined on
 * `u.id` (the caller) with the group's id as `$4`, so the same text serves after the
 * session's own read (`SessionReadAlong`) and alone.
 */
const GROUP_ACCESS: SessionReadAlong = {
  name: 'group-access',
  columns: [
    'g.id as g_id',
    GROUP_ROW.sql,
    'm.is_paid as m_is_paid',
    't.contestants as t_contestants',
    `${groupVersionSql('g.id', 'g.xmin::text')} as g_version`,
  ].join(', '),
  joins: `left join group_members m on m.group_id = $4 and m.user_id = u.id
    left join groups g on g.id = m.group_id
    left join group_tallies t on t.group_id = g.id`,
};

/** GROUP_ACCESS for a caller already known (its user as `u`, by id). */
const GROUP_ACCESS_BY_USER = {
  name: 'group-access-by-user',
  // The group's id is this statement's second parameter, not the fourth.
  text: `select ${GROUP_ACCESS.columns} from users u ${GROUP_ACCESS.joins.replace('$4', '$2')}
    where u.id = $1`,
};

type GroupAccessRow = Record<string, unknown> & {
  g_id: number | null;
  m_is_paid: boolean | null;
  t_contestants: number | null;
  g_version: string | null;
};

/**
 * A group that does not exist and a group the caller is not in answer the same 404, so ids
 * cannot be probed for existence. The operator gets no exception here: being admin is about
 * master props and official events, not about reading other people's groups.
 */
function groupAccessOf(row: GroupAccessRow | undefined, user: SessionUser): GroupAccess {
  if (!row || row.g_id === null) throw notFound(GROUP_NOT_FOUND);
  const group = GROUP_ROW.rowOf(row);
  return {
    group,
    isPaid: row.m_is_paid ?? false,
    isLeader: group.leaderId === user.id,
    memberCount: row.t_contestants ?? 0,
    version: row.g_version ?? '0',
    eventCount: eventCountOf(row.g_version ?? '0'),
  };
}

/**
 * The session and `along` in one statement, for a guard the session hook left the session
 * to (`sessionReadByGuard`): the caller becomes the request's user, or it is a 401.
 */
async function readSessionAlong<Row extends object>(
  db: Db,
  request: FastifyRequest,
  along: SessionReadAlong,
  values: readonly unknown[],
): Promise<Row> {
  const token = sessionTokenOf(request);
  const read = token ? await readSession<Row>(db, token, { read: along, values }) : null;
  if (!read || !token) throw unauthorized();
  setRequestUser(request, read.user, token);
  return read.row;
}

/**
 * The caller and their access to the route's group. When the session hook has left the
 * session to this guard (`sessionReadByGuard`), both are one statement; otherwise the
 * access alone, by the known user's id.
 */
async function loadGroupAccess(
  db: Db,
  request: FastifyRequest,
  groupId: number | null = serialIdParam(request),
): Promise<GroupAccess> {
  if (request.user === null) {
    const row = await readSessionAlong<GroupAccessRow>(db, request, GROUP_ACCESS, [groupId]);
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

/**
 * Marks a guard that reads the session itself with what it checks (`loadGroupAccess`):
 * first in a route's guards, the session hook leaves the session to it (defineRoute).
 */
const readingSession = <Checked extends Guard>(checked: Checked) =>
  Object.assign(checked, { readsSession: true as const });

export function readsSession(value: Guard): boolean {
  return (value as Guard & { readsSession?: boolean }).readsSession === true;
}

/** For /api/groups/:id routes any member may call. */
export const requireMember = (db: Db): Guard =>
  readingSession(
    guard('requireMember', async (request) => {
      groupAccessByRequest.set(request, await loadGroupAccess(db, request));
    }),
  );

/** For /api/groups/:id routes only the group's leader may call; other members get 403. */
export const requireLeader = (db: Db): Guard =>
  readingSession(
    guard('requireLeader', async (request) => {
      const access = await loadGroupAccess(db, request);
      if (!access.isLeader) throw forbidden('Only the group leader can do that');
      groupAccessByRequest.set(request, access);
    }),
  );

/**
 * requireLeader for the routes that name their group in the query string or the body
 * (product rules §7's import and count calls) instead of the path. Put it in preHandler, after
 * requireUser in onRequest: it reads the validated value, so it runs after validation.
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
