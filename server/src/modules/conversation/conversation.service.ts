import { sql, type SQL } from 'drizzle-orm';
import {
  COMMENT_DELETE_REFUSED,
  COMMENT_EDIT_CLOSED,
  COMMENT_NOT_FOUND,
  COMMENT_NOT_YOURS,
  COMMENT_REMOVED,
  REACTIONS_SEALED,
  type Comment,
  type ConversationSummary,
  type PropComments,
  type ReactionCount,
  type RevealedPick,
  type ThreadPage,
} from '@shared/contract/conversation';
import { PICK_NOT_FOUND, PROP_NOT_FOUND } from '@shared/contract/props';
import { PICKS_HIDDEN_UNTIL_LOCK } from '@shared/contract/reveal';
import {
  COMMENTS_PER_MINUTE,
  DELETED_MEMBER,
  REACTIONS,
  canDeleteComment,
  canEditComment,
  isSealedFor,
  type ReactionName,
} from '@shared/domain/conversation';
import { lockStateOf, type GroupLockSettings } from '@shared/domain/lock-state';
import type { Db, Tx } from '../../db/client';
import type { GroupRow } from '../../db/schema';
import { HttpError, conflict, forbidden, notFound } from '../../http/errors';
import { countHit } from '../../plugins/rate-limit';

/**
 * Product rules §4 'Comments'. Before a prop locks, another member's comment text is never
 * selected, only counted. Live events carry ids only, never text.
 */

interface Viewer {
  userId: number;
  isLeader: boolean;
}

interface Topic {
  groupId: number;
  propId: number | null;
  /** null for the thread, which is never sealed. */
  locked: boolean | null;
}

type Row = Record<string, unknown>;

const toIso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());

const reactionsSql = (table: 'comment_reactions' | 'pick_reactions', key: SQL, viewerId: number) =>
  sql`(select coalesce(jsonb_agg(jsonb_build_object('name', r.name, 'count', r.n, 'mine', r.mine)), '[]'::jsonb)
    from (select name, count(*)::int as n, bool_or(user_id = ${viewerId}) as mine
      from ${sql.raw(table)} where ${key} group by name) r)`;

const inReactionOrder = (reactions: ReactionCount[]) =>
  [...reactions].sort((a, b) => REACTIONS.indexOf(a.name) - REACTIONS.indexOf(b.name));

/** One statement; the authors' picks only `withPicks` (once the prop locked). */
async function readComments(
  db: Db | Tx,
  where: SQL,
  viewerId: number,
  options: { withPicks: boolean; newestFirst?: boolean; limit?: number },
): Promise<Row[]> {
  const { rows } = await db.execute<Row>(sql`
    select c.id, c.prop_id, c.author_id, c.body, c.created_at, c.edited_at, c.removed_at,
      u.display_name,
      ${options.withPicks ? sql`(select k.selected_option from picks k where k.prop_id = c.prop_id and k.user_id = c.author_id)` : sql`null`} as pick,
      ${reactionsSql('comment_reactions', sql`comment_id = c.id`, viewerId)} as reactions
    from comments c left join users u on u.id = c.author_id
    where ${where}
    order by c.id ${options.newestFirst ? sql`desc` : sql`asc`}
    ${options.limit === undefined ? sql`` : sql`limit ${options.limit}`}`);
  return rows;
}

function toComment(row: Row, viewer: Viewer, topic: Topic, now: Date): Comment {
  const removed = row.removed_at !== null;
  const authorId = row.author_id as number | null;
  const createdAt = toIso(row.created_at) ?? '';
  return {
    id: row.id as number,
    propId: row.prop_id as number | null,
    author: {
      userId: authorId,
      displayName: authorId === null ? DELETED_MEMBER : (row.display_name as string),
    },
    body: removed ? null : (row.body as string),
    removed,
    sealed: topic.locked === false,
    createdAt,
    editedAt: toIso(row.edited_at),
    pick: (row.pick as string | null) ?? null,
    reactions: removed ? [] : inReactionOrder(row.reactions as ReactionCount[]),
    canEdit: canEditComment({ authorId, createdAt, removed }, viewer.userId, now),
    canDelete: canDeleteComment({ authorId, removed }, viewer),
  };
}

const lockedAt = (row: Row, group: GroupLockSettings, now: Date) =>
  lockStateOf(
    { result: row.result as string | null, gameDate: row.game_date as Date | null },
    group,
    now,
  ).locked;

const groupLockOf = (row: Row): GroupLockSettings => ({
  lockType: row.lock_type as GroupLockSettings['lockType'],
  lockValue: row.lock_value as Date | null,
  isLocked: row.is_locked as boolean,
});

/** In one of the caller's groups, else the same 404 as none. */
async function propTopicOf(db: Db | Tx, propId: number, userId: number, now: Date) {
  const { rows } = await db.execute<Row>(sql`
    select p.group_id, p.result, p.game_date, g.lock_type, g.lock_value, g.is_locked, g.leader_id
    from props p
    join groups g on g.id = p.group_id
    join group_members m on m.group_id = p.group_id and m.user_id = ${userId}
    where p.id = ${propId}`);
  const row = rows[0];
  if (!row) throw notFound(PROP_NOT_FOUND);
  const topic: Topic = {
    groupId: row.group_id as number,
    propId,
    locked: lockedAt(row, groupLockOf(row), now),
  };
  return { topic, viewer: { userId, isLeader: row.leader_id === userId } };
}

/** `forUpdate` locks it for a change. */
async function commentTargetOf(
  db: Db | Tx,
  commentId: number,
  userId: number,
  now: Date,
  forUpdate = false,
) {
  const { rows } = await db.execute<Row>(sql`
    select c.group_id, c.prop_id, c.author_id, c.created_at, c.removed_at,
      p.result, p.game_date, g.lock_type, g.lock_value, g.is_locked, g.leader_id
    from comments c
    join groups g on g.id = c.group_id
    join group_members m on m.group_id = c.group_id and m.user_id = ${userId}
    left join props p on p.id = c.prop_id
    where c.id = ${commentId}
    ${forUpdate ? sql`for update of c` : sql``}`);
  const row = rows[0];
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  const propId = row.prop_id as number | null;
  const topic: Topic = {
    groupId: row.group_id as number,
    propId,
    locked: propId === null ? null : lockedAt(row, groupLockOf(row), now),
  };
  const authorId = row.author_id as number | null;
  if (isSealedFor({ authorId }, topic.locked, userId)) throw notFound(COMMENT_NOT_FOUND);
  return {
    topic,
    authorId,
    createdAt: new Date(row.created_at as string),
    removed: row.removed_at !== null,
    viewer: { userId, isLeader: row.leader_id === userId },
  };
}

/** In the write's transaction, after its rows (lock order). */
async function emit(tx: Tx, groupId: number, type: 'comment' | 'reaction', payload: object) {
  await tx.execute(
    sql`select group_event_emit(${groupId}, ${type}, ${JSON.stringify(payload)}::jsonb)`,
  );
}

/** Counted in PostgreSQL, so all instances share the limit. */
async function countComment(db: Db, userId: number) {
  const { current, ttl } = await countHit(db, `comments:${userId}`, 60_000);
  if (current > COMMENTS_PER_MINUTE) {
    const seconds = Math.max(1, Math.ceil(ttl / 1000));
    throw new HttpError(
      429,
      `You can post ${COMMENTS_PER_MINUTE} comments a minute. Please wait ${seconds} seconds and try again.`,
    );
  }
}

async function insertComment(
  db: Db,
  topic: Topic,
  viewer: Viewer,
  body: string,
  now: Date,
): Promise<Comment> {
  await countComment(db, viewer.userId);
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into comments (group_id, prop_id, author_id, body)
      values (${topic.groupId}, ${topic.propId}, ${viewer.userId}, ${body}) returning id`);
    const id = rows[0]?.id as number;
    await emit(tx, topic.groupId, 'comment', {
      propId: topic.propId,
      commentId: id,
    });
    const [row] = await readComments(tx, sql`c.id = ${id}`, viewer.userId, {
      withPicks: topic.locked === true,
    });
    return toComment(row as Row, viewer, topic, now);
  });
}

interface Page {
  before?: number;
  limit: number;
}

async function readPage(
  db: Db,
  where: SQL,
  viewerId: number,
  page: Page,
  withPicks: boolean,
): Promise<{ rows: Row[]; hasMore: boolean }> {
  const rows = await readComments(
    db,
    page.before === undefined ? where : sql`${where} and c.id < ${page.before}`,
    viewerId,
    { withPicks, newestFirst: true, limit: page.limit + 1 },
  );
  return { rows: rows.slice(0, page.limit).reverse(), hasMore: rows.length > page.limit };
}

/** Before the lock: the caller's own comments and a count. */
export async function listPropComments(
  db: Db,
  userId: number,
  propId: number,
  page: Page,
  now = new Date(),
): Promise<PropComments> {
  const { topic, viewer } = await propTopicOf(db, propId, userId, now);
  if (!topic.locked) {
    const [own, sealed] = await Promise.all([
      readPage(db, sql`c.prop_id = ${propId} and c.author_id = ${userId}`, userId, page, false),
      db.execute<{ n: number }>(sql`select count(*)::int as n from comments
        where prop_id = ${propId} and author_id is distinct from ${userId} and removed_at is null`),
    ]);
    return {
      locked: false,
      comments: own.rows.map((row) => toComment(row, viewer, topic, now)),
      hasMore: own.hasMore,
      sealedCount: sealed.rows[0]?.n ?? 0,
      picks: null,
    };
  }
  const [all, picks] = await Promise.all([
    readPage(db, sql`c.prop_id = ${propId}`, userId, page, true),
    revealedPicksOf(db, propId, userId),
  ]);
  return {
    locked: true,
    comments: all.rows.map((row) => toComment(row, viewer, topic, now)),
    hasMore: all.hasMore,
    sealedCount: 0,
    picks,
  };
}

async function revealedPicksOf(db: Db, propId: number, viewerId: number): Promise<RevealedPick[]> {
  const { rows } = await db.execute<Row>(sql`
    select k.id, k.user_id, u.display_name, k.selected_option,
      ${reactionsSql('pick_reactions', sql`pick_id = k.id`, viewerId)} as reactions
    from picks k join users u on u.id = k.user_id
    where k.prop_id = ${propId}
    order by k.selected_option, lower(u.display_name), k.user_id`);
  return rows.map((row) => ({
    pickId: row.id as number,
    userId: row.user_id as number,
    displayName: row.display_name as string,
    selectedOption: row.selected_option as string,
    reactions: inReactionOrder(row.reactions as ReactionCount[]),
  }));
}

export async function commentOnProp(db: Db, userId: number, propId: number, body: string) {
  const now = new Date();
  const { topic, viewer } = await propTopicOf(db, propId, userId, now);
  return insertComment(db, topic, viewer, body, now);
}

/** The route's guard checked the membership. */
export async function postToThread(db: Db, group: GroupRow, userId: number, body: string) {
  const topic: Topic = { groupId: group.id, propId: null, locked: null };
  return insertComment(
    db,
    topic,
    { userId, isLeader: group.leaderId === userId },
    body,
    new Date(),
  );
}

export async function threadPage(
  db: Db,
  group: GroupRow,
  userId: number,
  page: Page,
  now = new Date(),
): Promise<ThreadPage> {
  const { rows, hasMore } = await readPage(
    db,
    sql`c.group_id = ${group.id} and c.prop_id is null`,
    userId,
    page,
    false,
  );
  const topic: Topic = { groupId: group.id, propId: null, locked: null };
  const viewer = { userId, isLeader: group.leaderId === userId };
  return { comments: rows.map((row) => toComment(row, viewer, topic, now)), hasMore };
}

/** The author, within five minutes of posting. */
export async function editComment(db: Db, userId: number, commentId: number, body: string) {
  const now = new Date();
  return db.transaction(async (tx) => {
    const target = await commentTargetOf(tx, commentId, userId, now, true);
    if (target.removed) throw conflict(COMMENT_REMOVED);
    if (target.authorId !== userId) throw forbidden(COMMENT_NOT_YOURS);
    if (!canEditComment({ ...target, removed: false }, userId, now)) {
      throw conflict(COMMENT_EDIT_CLOSED);
    }
    await tx.execute(
      sql`update comments set body = ${body}, edited_at = now() where id = ${commentId}`,
    );
    await emit(tx, target.topic.groupId, 'comment', {
      propId: target.topic.propId,
      commentId,
    });
    const [row] = await readComments(tx, sql`c.id = ${commentId}`, userId, {
      withPicks: target.topic.locked === true,
    });
    return toComment(row as Row, target.viewer, target.topic, now);
  });
}

/** The row stays, shown as removed, its text erased; removing it again changes nothing. */
export async function removeComment(db: Db, userId: number, commentId: number): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const target = await commentTargetOf(tx, commentId, userId, now, true);
    if (target.removed) return;
    if (!canDeleteComment(target, target.viewer)) throw forbidden(COMMENT_DELETE_REFUSED);
    await tx.execute(
      sql`update comments set body = '', removed_at = now() where id = ${commentId}`,
    );
    await emit(tx, target.topic.groupId, 'comment', {
      propId: target.topic.propId,
      commentId,
    });
  });
}

/** Once the comment is open to all. */
export async function toggleCommentReaction(
  db: Db,
  userId: number,
  commentId: number,
  name: ReactionName,
  on: boolean,
): Promise<void> {
  const target = await commentTargetOf(db, commentId, userId, new Date());
  if (target.topic.locked === false) throw conflict(REACTIONS_SEALED);
  if (target.removed) throw conflict(COMMENT_REMOVED);
  await db.transaction(async (tx) => {
    const changed = on
      ? await tx.execute(sql`insert into comment_reactions (comment_id, user_id, name)
          values (${commentId}, ${userId}, ${name}) on conflict do nothing`)
      : await tx.execute(sql`delete from comment_reactions
          where comment_id = ${commentId} and user_id = ${userId} and name = ${name}`);
    if (!changed.rowCount) return;
    await emit(tx, target.topic.groupId, 'reaction', {
      propId: target.topic.propId,
      commentId,
      pickId: null,
    });
  });
}

/** On a pick revealed by the lock. */
export async function togglePickReaction(
  db: Db,
  userId: number,
  pickId: number,
  name: ReactionName,
  on: boolean,
): Promise<void> {
  const { rows } = await db.execute<Row>(sql`
    select k.group_id, k.prop_id, p.result, p.game_date, g.lock_type, g.lock_value, g.is_locked
    from picks k
    join props p on p.id = k.prop_id
    join groups g on g.id = k.group_id
    join group_members m on m.group_id = k.group_id and m.user_id = ${userId}
    where k.id = ${pickId}`);
  const row = rows[0];
  if (!row) throw notFound(PICK_NOT_FOUND);
  if (!lockedAt(row, groupLockOf(row), new Date())) throw conflict(PICKS_HIDDEN_UNTIL_LOCK);
  await db.transaction(async (tx) => {
    const changed = on
      ? await tx.execute(sql`insert into pick_reactions (pick_id, user_id, name)
          values (${pickId}, ${userId}, ${name}) on conflict do nothing`)
      : await tx.execute(sql`delete from pick_reactions
          where pick_id = ${pickId} and user_id = ${userId} and name = ${name}`);
    if (!changed.rowCount) return;
    await emit(tx, row.group_id as number, 'reaction', {
      propId: row.prop_id,
      commentId: null,
      pickId,
    });
  });
}

/** Others' readable comments after the viewer's read marker are unread. One grouped statement. */
export async function conversationSummary(
  db: Db,
  group: GroupRow,
  userId: number,
  now = new Date(),
): Promise<ConversationSummary> {
  const { rows } = await db.execute<Row>(sql`
    select c.prop_id, p.result, p.game_date,
      count(*) filter (where c.author_id = ${userId})::int as mine,
      count(*) filter (where c.author_id is distinct from ${userId})::int as others,
      count(*) filter (where c.author_id is distinct from ${userId}
        and c.id > coalesce(r.last_read_id, 0))::int as unread
    from comments c
    left join props p on p.id = c.prop_id
    left join comment_reads r
      on r.user_id = ${userId} and r.group_id = c.group_id and r.topic = coalesce(c.prop_id, 0)
    where c.group_id = ${group.id} and c.removed_at is null
    group by c.prop_id, p.result, p.game_date
    order by c.prop_id nulls first`);
  const summary: ConversationSummary = { thread: { count: 0, unread: 0 }, props: [] };
  for (const row of rows) {
    const mine = row.mine as number;
    const others = row.others as number;
    const unread = row.unread as number;
    if (row.prop_id === null) {
      summary.thread = { count: mine + others, unread };
    } else if (lockedAt(row, group, now)) {
      summary.props.push({
        propId: row.prop_id as number,
        count: mine + others,
        sealed: 0,
        unread,
      });
    } else {
      summary.props.push({ propId: row.prop_id as number, count: mine, sealed: others, unread: 0 });
    }
  }
  return summary;
}

/** The marker only moves forward. */
export async function markRead(
  db: Db,
  group: GroupRow,
  userId: number,
  propId: number | null,
  upTo: number,
): Promise<void> {
  if (propId !== null) {
    const { rows } = await db.execute(
      sql`select 1 from props where id = ${propId} and group_id = ${group.id}`,
    );
    if (rows.length === 0) throw notFound(PROP_NOT_FOUND);
  }
  await db.execute(sql`
    insert into comment_reads (user_id, group_id, topic, last_read_id)
    values (${userId}, ${group.id}, ${propId ?? 0}, ${upTo})
    on conflict (user_id, group_id, topic) do update
      set last_read_id = greatest(comment_reads.last_read_id, excluded.last_read_id)`);
}
