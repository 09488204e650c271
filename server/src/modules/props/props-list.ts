import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Prop } from '@shared/contract/props';
import { toDate } from '@shared/domain/lock-state';
import { ALL_SPORTS, sortPropsForGroupPage } from '@shared/domain/prop-order';
import type { PickSplit } from '@shared/domain/reveal';
import type { Db } from '../../db/client';
import { latestGamePassedSql } from '../../db/group-versions';
import { games, props, type GameRow, type GroupRow, type PropRow } from '../../db/schema';
import { keepRecent, perDatabase } from '../../db/per-database';
import type { AnswerName } from '../../http/answer';
import type { GroupAccess } from '../../http/guards';
import { notArchived } from '../seasons/seasons.service';
import { toPropView } from './prop-access';
import { pickSplitsOf } from './reveal.service';

/**
 * What costs the most is known before anything is read:
 * - The ETag first: the guard read the group's version with the session (its latest live
 *   event, which every visible change moves) and the latest game time passed (a lock by
 *   time writes nothing). A revalidating browser gets its 304 after that query.
 * - The group's part (props and pick counts, the same for every member) is kept in memory
 *   per group with the version it was read at. An archived season's props are not listed:
 *   a new season starts a fresh page (product rules §10 'Seasons').
 * - The viewer's part is one query: their picks and line-change resets.
 * - The answer is sent as JSON text built from toPropView's typed views, not serialized again.
 */

export interface PropsListStamp {
  group: GroupRow;
  /** 0 before the group's first event. */
  version: number;
}

export interface PropsListViewer {
  userId: number;
}

const sportFilterOf = (sport: string | undefined) =>
  sport && sport.toLowerCase() !== ALL_SPORTS ? sport : undefined;

/** One prepared statement. */
const PASSED_QUERY = {
  name: 'props-list-passed',
  text: `select ${latestGamePassedSql('$1', '$2')} as passed`,
};

/** One query more than the guard's: the latest game time passed. */
export async function propsListName(
  db: Db,
  access: Pick<GroupAccess, 'group' | 'version'>,
  userId: number,
  sport: string | undefined,
  now = new Date(),
): Promise<AnswerName> {
  const { group } = access;
  const { rows } = await db.$client.query<{ passed: string }>({
    ...PASSED_QUERY,
    values: [group.id, now],
  });
  const lockAt = group.lockType === 'time' ? toDate(group.lockValue) : null;
  const timeLockPassed = lockAt !== null && lockAt.getTime() <= now.getTime();
  return {
    key: [
      group.id,
      userId,
      group.leaderId === userId ? 1 : 0,
      sportFilterOf(sport)?.toLowerCase() ?? ALL_SPORTS,
    ],
    // The whole version (a restore changes the head's xmin): answers are kept under it.
    version: [access.version, rows[0]?.passed, timeLockPassed ? 1 : 0].join('\n'),
  };
}

interface GroupPart {
  version: number;
  props: PropRow[];
  splits: Map<number, PickSplit>;
  games: Map<number, GameRow>;
  /** The fields the same for every viewer, as JSON text (see propsJson). */
  heads: Map<number, string>;
}

/** Per database: the tests run several apps in one process. */
const groupPartsOf = perDatabase(() => new Map<number, GroupPart>());
const GROUP_PARTS_KEPT = 200;

async function groupPartOf(db: Db, groupId: number, version: number): Promise<GroupPart> {
  const groupParts = groupPartsOf(db);
  const kept = groupParts.get(groupId);
  if (kept && kept.version >= version) {
    keepRecent(groupParts, groupId, kept, GROUP_PARTS_KEPT);
    return kept;
  }
  const [rows, splits, linkedGames] = await Promise.all([
    db
      .select()
      .from(props)
      .where(and(eq(props.groupId, groupId), notArchived)),
    pickSplitsOf(db, { groupId }),
    db
      .select()
      .from(games)
      .where(
        inArray(
          games.id,
          db
            .select({ id: props.gameId })
            .from(props)
            .where(and(eq(props.groupId, groupId), isNotNull(props.gameId))),
        ),
      ),
  ]);
  const part = {
    version,
    props: rows,
    splits,
    games: new Map(linkedGames.map((game) => [game.id, game])),
    heads: new Map<number, string>(),
  };
  const latest = groupParts.get(groupId);
  if (!latest || latest.version <= version) keepRecent(groupParts, groupId, part, GROUP_PARTS_KEPT);
  return part;
}

interface ViewerPart {
  picks: Map<number, { id: number; selectedOption: string }>;
  resets: Map<number, { previousOption: string; resetAt: Date }>;
  /** The props that had locked when the viewer joined. */
  exempt: Set<number>;
}

async function viewerPartOf(db: Db, groupId: number, userId: number): Promise<ViewerPart> {
  const { rows } = await db.execute<{
    prop_id: number;
    pick_id: number | null;
    option: string | null;
    reset_at: string | null;
  }>(sql`
    select prop_id, id as pick_id, selected_option as option, null::timestamptz as reset_at
    from picks where group_id = ${groupId} and user_id = ${userId}
    union all
    select prop_id, null, previous_option, reset_at
    from pick_resets where group_id = ${groupId} and user_id = ${userId}
    union all
    select prop_id, null, null, null
    from standing_exemptions where group_id = ${groupId} and user_id = ${userId}`);
  const part: ViewerPart = { picks: new Map(), resets: new Map(), exempt: new Set() };
  for (const row of rows) {
    const propId = Number(row.prop_id);
    if (row.pick_id !== null && row.option !== null) {
      part.picks.set(propId, { id: Number(row.pick_id), selectedOption: row.option });
    } else if (row.reset_at !== null && row.option !== null) {
      part.resets.set(propId, { previousOption: row.option, resetAt: new Date(row.reset_at) });
    } else {
      part.exempt.add(propId);
    }
  }
  return part;
}

/** In product rules §4 order, and the same as the JSON text to send. */
export async function listProps(
  db: Db,
  stamp: Pick<PropsListStamp, 'group' | 'version'>,
  viewer: PropsListViewer,
  sport: string | undefined,
  now: Date,
): Promise<{ props: Prop[]; json: string }> {
  const { group } = stamp;
  const view = sportFilterOf(sport);
  const sportFilter = view?.toLowerCase();
  const [shared, mine] = await Promise.all([
    groupPartOf(db, group.id, stamp.version),
    viewerPartOf(db, group.id, viewer.userId),
  ]);
  const who = { userId: viewer.userId, isLeader: group.leaderId === viewer.userId };
  const views = shared.props
    .filter((prop) => sportFilter === undefined || prop.sport.toLowerCase() === sportFilter)
    .map((prop) =>
      toPropView(
        prop,
        group,
        who,
        mine.picks.get(prop.id) ?? null,
        now,
        shared.splits.get(prop.id) ?? {},
        mine.resets.get(prop.id) ?? null,
        prop.gameId === null ? null : (shared.games.get(prop.gameId) ?? null),
        mine.exempt.has(prop.id),
      ),
    );
  const sorted = sortPropsForGroupPage(views, {
    pickedPropIds: new Set(mine.picks.keys()),
    group,
    now,
    view: view ?? ALL_SPORTS,
  });
  return { props: sorted, json: propsJson(sorted, shared.heads) };
}

/** Copied from the prop row alone: the same for every viewer while the version stands. */
const HEAD_FIELDS = [
  'id',
  'groupId',
  'sport',
  'category',
  'title',
  'description',
  'options',
  'gameDate',
  'result',
  'isActive',
  'isImported',
  'createdBy',
  'createdAt',
] as const satisfies readonly (keyof Prop)[];
/** In toPropView's order. */
const VIEWER_FIELDS = [
  'lock',
  'myPick',
  'pickReset',
  'outcome',
  'canEdit',
  'canDelete',
  'canSetResult',
  'pickCount',
  'pickSplit',
  // The same for everyone, but last in toPropView's order.
  'game',
] as const satisfies readonly (keyof Prop)[];
// Every field of Prop is in one list or the other: a new one cannot be left out.
type Unlisted = Exclude<keyof Prop, (typeof HEAD_FIELDS)[number] | (typeof VIEWER_FIELDS)[number]>;
const everyFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyFieldListed;

function fieldsJson(view: Prop, fields: readonly (keyof Prop)[]): string {
  let text = '';
  for (const field of fields) text += `,"${field}":${JSON.stringify(view[field])}`;
  return text;
}

/**
 * JSON.stringify(views), each prop's head fields written once per group version and taken
 * from the very view toPropView made, so the two can never say different things.
 */
export function propsJson(views: readonly Prop[], heads: Map<number, string>): string {
  const parts: string[] = [];
  for (const view of views) {
    let head = heads.get(view.id);
    if (head === undefined) {
      head = `{${fieldsJson(view, HEAD_FIELDS).slice(1)}`;
      heads.set(view.id, head);
    }
    parts.push(`${head}${fieldsJson(view, VIEWER_FIELDS)}}`);
  }
  return `[${parts.join(',')}]`;
}
