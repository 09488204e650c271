import { hash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { propSchema, type Prop } from '@shared/contract/props';
import { toDate } from '@shared/domain/lock-state';
import { ALL_SPORTS, sortPropsForGroupPage } from '@shared/domain/prop-order';
import type { PickSplit } from '@shared/domain/reveal';
import type { Db } from '../../db/client';
import { latestGamePassedSql } from '../../db/group-versions';
import { props, type GroupRow, type PropRow } from '../../db/schema';
import type { GroupAccess } from '../../plugins/guards';
import { keepRecent, perDatabase } from '../../plugins/shared-answer';
import { toPropView } from './prop-access';
import { pickSplitsOf } from './reveal.service';

/**
 * GET /api/predictions/group/:id, the group page's props with the viewer's own pick on each
 * (decision 0024). What costs the most is known before anything is read:
 *
 * - **The validator first.** The route's guard has read the group and its version with
 *   the session (one statement): the id of its latest live event (decision 0017: every change a member can see
 *   in the group adds one in the writer's transaction, so a pick, anyone's pick count, a
 *   prop added, edited, deleted or decided, a setting or a leader changing all move it) and
 *   the latest game time already passed, which moves when a prop locks by time with no write.
 *   With the viewer, whether they lead, whether the group's set lock time has passed, the
 *   sport asked for and the answer's format, that is the ETag. A browser revalidating
 *   (`If-None-Match`) gets its 304 after that query, with nothing else read or built.
 * - **The group's part is read once per version.** The props and their pick counts are the
 *   same for every member: kept in memory per group with the version they were read at
 *   (read after the stamp, so they are at least that new), read again when it moves.
 * - **The viewer's part is one query**: their picks and their line-change resets.
 * - **No second encoding.** The answer is built by toPropView (typed as the contract's Prop)
 *   and sent as JSON text: the zod serializer no longer walks 300 props again, and its ETag
 *   is not a hash of 200 KB.
 */

/** Changes when the answer's fields do, so a tag from another build never matches. */
const FORMAT = hash('sha1', Object.keys(propSchema.shape).join(','), 'base64url').slice(0, 8);

export interface PropsListStamp {
  group: GroupRow;
  /** The group's latest event id when read (0 before its first). */
  version: number;
  tag: string;
}

export interface PropsListViewer {
  userId: number;
}

const sportFilterOf = (sport: string | undefined) =>
  sport && sport.toLowerCase() !== ALL_SPORTS ? sport : undefined;

/** The latest game time already passed in the group: one prepared statement. */
const PASSED_QUERY = {
  name: 'props-list-passed',
  text: `select ${latestGamePassedSql('$1', '$2')} as passed`,
};

/**
 * The weak ETag of the viewer's props list at `now`, for the group and its version as the
 * route's guard read them (GroupAccess: the group row and its event head, in the session's
 * own statement): one query more, for the latest game time passed.
 */
export async function propsListStamp(
  db: Db,
  access: Pick<GroupAccess, 'group' | 'version' | 'eventCount'>,
  viewer: PropsListViewer,
  sport: string | undefined,
  now: Date,
): Promise<PropsListStamp> {
  const { group, eventCount } = access;
  const { rows } = await db.$client.query<{ passed: string }>({
    ...PASSED_QUERY,
    values: [group.id, now],
  });
  const lockAt = group.lockType === 'time' ? toDate(group.lockValue) : null;
  const timeLockPassed = lockAt !== null && lockAt.getTime() <= now.getTime();
  const key = [
    FORMAT,
    group.id,
    // The whole version (the head's xmin too, which a restore changes): answers are kept
    // under this tag (sendTagged), not only validated by it.
    access.version,
    viewer.userId,
    group.leaderId === viewer.userId ? 1 : 0,
    rows[0]?.passed,
    timeLockPassed ? 1 : 0,
    sportFilterOf(sport)?.toLowerCase() ?? ALL_SPORTS,
  ].join('\n');
  return { group, version: eventCount, tag: `W/"p.${hash('sha1', key, 'base64url')}"` };
}

interface GroupPart {
  version: number;
  props: PropRow[];
  splits: Map<number, PickSplit>;
  /** Each prop's fields that are the same for every viewer, as JSON text (see propsJson). */
  heads: Map<number, string>;
}

/**
 * The props and pick counts of recently read groups, at the version they were read; per
 * database (the tests run several apps in one process, each on its own database).
 */
const groupPartsOf = perDatabase(() => new Map<number, GroupPart>());
const GROUP_PARTS_KEPT = 200;

async function groupPartOf(db: Db, groupId: number, version: number): Promise<GroupPart> {
  const groupParts = groupPartsOf(db);
  const kept = groupParts.get(groupId);
  if (kept && kept.version >= version) {
    keepRecent(groupParts, groupId, kept, GROUP_PARTS_KEPT);
    return kept;
  }
  const [rows, splits] = await Promise.all([
    db.select().from(props).where(eq(props.groupId, groupId)),
    pickSplitsOf(db, { groupId }),
  ]);
  const part = { version, props: rows, splits, heads: new Map<number, string>() };
  const latest = groupParts.get(groupId);
  if (!latest || latest.version <= version) keepRecent(groupParts, groupId, part, GROUP_PARTS_KEPT);
  return part;
}

interface ViewerPart {
  picks: Map<number, { id: number; selectedOption: string }>;
  resets: Map<number, { previousOption: string; resetAt: Date }>;
}

/** The viewer's picks and line-change resets in the group: one query. */
async function viewerPartOf(db: Db, groupId: number, userId: number): Promise<ViewerPart> {
  const { rows } = await db.execute<{
    prop_id: number;
    pick_id: number | null;
    option: string;
    reset_at: string | null;
  }>(sql`
    select prop_id, id as pick_id, selected_option as option, null::timestamptz as reset_at
    from picks where group_id = ${groupId} and user_id = ${userId}
    union all
    select prop_id, null, previous_option, reset_at
    from pick_resets where group_id = ${groupId} and user_id = ${userId}`);
  const part: ViewerPart = { picks: new Map(), resets: new Map() };
  for (const row of rows) {
    const propId = Number(row.prop_id);
    if (row.pick_id !== null) {
      part.picks.set(propId, { id: Number(row.pick_id), selectedOption: row.option });
    } else if (row.reset_at !== null) {
      part.resets.set(propId, { previousOption: row.option, resetAt: new Date(row.reset_at) });
    }
  }
  return part;
}

/**
 * The group page's props with the viewer's own pick on each, judged at `now` with the
 * stamp's group, in the spec §4 order, and the same as the JSON text to send.
 */
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

/**
 * The fields toPropView copies from the prop row alone: the same for every viewer while
 * the group's version stands, and most of the text (title, description, options).
 */
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
/** The viewer's and the moment's, in toPropView's order. */
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
] as const satisfies readonly (keyof Prop)[];
// Every field of Prop is in one list or the other: a new one cannot be left out.
type Unlisted = Exclude<keyof Prop, (typeof HEAD_FIELDS)[number] | (typeof VIEWER_FIELDS)[number]>;
const everyFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyFieldListed;

/** `,"name":value` for each field, as JSON.stringify writes them. */
function fieldsJson(view: Prop, fields: readonly (keyof Prop)[]): string {
  let text = '';
  for (const field of fields) text += `,"${field}":${JSON.stringify(view[field])}`;
  return text;
}

/**
 * JSON.stringify(views), with each prop's head fields written once per group version:
 * the text is the head's (kept in `heads`) followed by the viewer's fields, each from the
 * very view toPropView made, so the two can never say different things.
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
