import { and, eq } from 'drizzle-orm';
import { GROUP_NOT_FOUND } from '@shared/contract/groups';
import { GAME_NOT_FOUND } from '@shared/contract/games';
import type { GeneratePropsBody, Prop } from '@shared/contract/props';
import { gameTitleOf } from '@shared/domain/game-props';
import type { CustomPropFields } from '@shared/domain/custom-prop';
import { propTermsChanged } from '@shared/domain/prop-terms';
import {
  SAMPLE_PROPS,
  SAMPLE_PROP_SPORTS,
  isSampleSport,
  nextGameDateFor,
  samplePropsForGame,
  type SampleSport,
} from '@shared/sample-props';
import type { Db, Tx } from '../../db/client';
import {
  games,
  groupMembers,
  groups,
  picks,
  props,
  type GroupRow,
  type PropRow,
} from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import type { SessionUser } from '../auth/sessions';
import { resetPicksOnLineChanges } from './line-changes';
import { assertUnlocked, canManage, lockPropForWrite, toPropView } from './prop-access';
import { pickSplitsOf } from './reveal.service';

export type PropFields = Pick<
  CustomPropFields,
  'sport' | 'title' | 'description' | 'gameDate' | 'options'
>;

const ONLY_LEADER_CREATES = 'Only the group leader can create props in this group';
const CANNOT_MANAGE = 'Only the group leader or the member who created this prop can change it';
const IMPORTED_NOT_EDITABLE =
  "Imported props cannot be edited: they follow the operator's master prop";

/** Held shared while props are added: the leader always, members where the group allows. */
export async function groupForNewProps(
  tx: Tx,
  user: SessionUser,
  groupId: number,
): Promise<{ group: GroupRow; isLeader: boolean }> {
  const [access] = await tx
    .select({ group: groups })
    .from(groups)
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, user.id)),
    )
    .where(eq(groups.id, groupId))
    .for('share');
  if (!access) throw notFound(GROUP_NOT_FOUND);
  const isLeader = access.group.leaderId === user.id;
  if (!isLeader && !access.group.allowMemberProps) throw forbidden(ONLY_LEADER_CREATES);
  return { group: access.group, isLeader };
}

/** Open and active, created by the caller; recorded as a 'new' activity event. */
export async function createProp(
  db: Db,
  user: SessionUser,
  groupId: number,
  fields: PropFields,
  now = new Date(),
): Promise<Prop> {
  return db.transaction(async (tx) => {
    const access = await groupForNewProps(tx, user, groupId);
    const { isLeader } = access;
    const [prop] = await tx
      .insert(props)
      .values({
        groupId,
        sport: fields.sport,
        title: fields.title,
        description: fields.description,
        options: fields.options,
        gameDate: fields.gameDate,
        result: null,
        isActive: true,
        isImported: false,
        createdBy: user.id,
      })
      .returning();
    if (!prop) throw new Error('insert into props returned no row');
    await recordActivity(tx, [
      {
        groupId,
        predictionId: prop.id,
        actorId: user.id,
        eventType: 'new',
        eventData: { type: 'custom', title: prop.title, sport: prop.sport },
      },
    ]);
    return toPropView(prop, access.group, { userId: user.id, isLeader }, null, now, {});
  });
}

/**
 * While unlocked. When options or line change, every pick on it is reset in the same
 * transaction and the feed says so, so no pick points at a bet nobody made.
 */
export async function editProp(
  db: Db,
  userId: number,
  propId: number,
  fields: PropFields,
  now = new Date(),
): Promise<Prop> {
  return db.transaction(async (tx) => {
    const { prop, group, isLeader } = await lockPropForWrite(tx, propId, userId, 'no key update');
    const viewer = { userId, isLeader };
    if (!canManage(prop, group, viewer)) throw forbidden(CANNOT_MANAGE);
    if (prop.isImported) throw forbidden(IMPORTED_NOT_EDITABLE);
    assertUnlocked(prop, group, now);
    if (prop.gameId !== null) await assertLinkedEditAllowed(tx, prop, fields);
    const [updated] = await tx
      .update(props)
      .set({
        sport: fields.sport,
        title: fields.title,
        description: fields.description,
        options: fields.options,
        gameDate: fields.gameDate,
      })
      .where(eq(props.id, propId))
      .returning();
    if (!updated) throw notFound('Prop not found');
    await resetPicksOnLineChanges(
      tx,
      [{ propId, groupId: prop.groupId, before: prop, after: updated, result: updated.result }],
      userId,
    );
    const [myPick] = await tx
      .select({ id: picks.id, selectedOption: picks.selectedOption })
      .from(picks)
      .where(and(eq(picks.propId, propId), eq(picks.userId, userId)));
    const splits = await pickSplitsOf(tx, { propIds: [propId] });
    const [game] =
      updated.gameId === null
        ? []
        : await tx.select().from(games).where(eq(games.id, updated.gameId));
    return toPropView(
      updated,
      group,
      viewer,
      myPick ?? null,
      now,
      splits.get(propId) ?? {},
      null,
      game ?? null,
    );
  });
}

export const LINKED_OPTIONS_KEPT =
  "A prop linked to a game keeps its market's options: the feed grades them";
export const LINKED_LINE_FROZEN =
  "Someone has picked this prop, so its game, market and line can't change any more";

/**
 * Product rules §4 'Game-linked props': a linked prop keeps its market's option values, and
 * its line and options once anyone has picked it (the feed grades those picks).
 */
async function assertLinkedEditAllowed(tx: Tx, prop: PropRow, fields: PropFields) {
  const values = (options: readonly { value: string }[]) => options.map((o) => o.value).sort();
  if (values(fields.options).join('\n') !== values(prop.options).join('\n')) {
    throw conflict(LINKED_OPTIONS_KEPT);
  }
  if (!propTermsChanged(prop, fields)) return;
  const [picked] = await tx
    .select({ id: picks.id })
    .from(picks)
    .where(eq(picks.propId, prop.id))
    .limit(1);
  if (picked) throw conflict(LINKED_LINE_FROZEN);
}

/** Recorded as prop_deleted (title, sport). */
export async function deleteProp(
  db: Db,
  userId: number,
  propId: number,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const { prop, group, isLeader } = await lockPropForWrite(tx, propId, userId, 'update');
    if (!canManage(prop, group, { userId, isLeader })) throw forbidden(CANNOT_MANAGE);
    assertUnlocked(prop, group, now);
    await tx.delete(props).where(eq(props.id, propId));
    await recordActivity(tx, [
      {
        groupId: prop.groupId,
        predictionId: prop.id,
        actorId: userId,
        eventType: 'prop_deleted',
        eventData: { title: prop.title, sport: prop.sport },
      },
    ]);
  });
}

/** The group's active sports that have samples, in catalogue order, with how many one game gets. */
export function samplePropsPreview(group: Pick<GroupRow, 'activeSports'>): {
  sports: { sport: SampleSport; total: number }[];
} {
  return {
    sports: SAMPLE_PROP_SPORTS.filter((sport) => group.activeSports.includes(sport)).map(
      (sport) => ({ sport, total: SAMPLE_PROPS[sport].length }),
    ),
  };
}

export interface GeneratedProps {
  count: number;
  /** As its titles name it ("Bills at Jets"). */
  game: string;
}

async function sampleGameOf(tx: Tx, choice: GeneratePropsBody['game'], now: Date) {
  if ('sport' in choice) {
    const teams = { away: { name: choice.away }, home: { name: choice.home } };
    return { sport: choice.sport, teams, gameDate: nextGameDateFor(choice.sport, now) };
  }
  const [game] = await tx.select().from(games).where(eq(games.id, choice.gameId));
  if (!game) throw notFound(GAME_NOT_FOUND);
  const teams = {
    away: { name: game.awayName, abbreviation: game.awayAbbreviation },
    home: { name: game.homeName, abbreviation: game.homeAbbreviation },
  };
  if (game.startsAt.getTime() <= now.getTime() || game.status !== 'scheduled') {
    throw conflict(`${gameTitleOf(teams)} has already started or is no longer scheduled`);
  }
  if (!isSampleSport(game.sport)) {
    throw unprocessable(`There are no sample props for ${game.sport}`);
  }
  return { sport: game.sport, teams, gameDate: game.startsAt };
}

/**
 * Product rules §3 'Sample props': locking at the feed game's start or the sport's next
 * slot (typed teams). A sample the group already has for that game is skipped, and the
 * group row is locked, so generating twice (or two clicks at once) adds nothing.
 */
export async function generateSampleProps(
  db: Db,
  groupId: number,
  leaderId: number,
  choice: GeneratePropsBody['game'],
  now = new Date(),
): Promise<GeneratedProps> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ activeSports: groups.activeSports })
      .from(groups)
      .where(eq(groups.id, groupId))
      .for('update');
    if (!group) throw notFound(GROUP_NOT_FOUND);
    const { sport, teams, gameDate } = await sampleGameOf(tx, choice, now);
    if (!group.activeSports.includes(sport)) {
      const message = `${sport} is not among this group's sports`;
      throw badRequest(message, { game: [message] });
    }
    const existing = await tx
      .select({ title: props.title })
      .from(props)
      .where(and(eq(props.groupId, groupId), eq(props.sport, sport), eq(props.gameDate, gameDate)));
    const present = new Set(existing.map((row) => row.title.toLowerCase()));
    const rows = samplePropsForGame(sport, teams)
      .filter((sample) => !present.has(sample.title.toLowerCase()))
      .map((sample) => ({
        groupId,
        sport,
        category: sample.category,
        title: sample.title,
        description: sample.description,
        options: sample.options,
        gameDate,
        createdBy: leaderId,
      }));
    const game = gameTitleOf(teams);
    if (rows.length === 0) return { count: 0, game };
    await tx.insert(props).values(rows);
    await recordActivity(tx, [
      {
        groupId,
        actorId: leaderId,
        eventType: 'new',
        eventData: { type: 'prebuilt', count: rows.length },
      },
    ]);
    return { count: rows.length, game };
  });
}
