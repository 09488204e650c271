import { and, eq, inArray } from 'drizzle-orm';
import { GROUP_NOT_FOUND } from '@shared/contract/groups';
import type { Prop } from '@shared/contract/props';
import type { CustomPropFields } from '@shared/domain/custom-prop';
import {
  SAMPLE_PROPS,
  SAMPLE_PROP_SPORTS,
  isSampleSport,
  nextGameDateFor,
  type SampleSport,
} from '@shared/sample-props';
import type { Db, Tx } from '../../db/client';
import { groupMembers, groups, picks, props, type GroupRow } from '../../db/schema';
import { badRequest, forbidden, notFound, unprocessable } from '../../plugins/errors';
import { recordActivity } from '../activity/activity.service';
import type { SessionUser } from '../auth/sessions';
import { resetPicksOnLineChanges } from './line-changes';
import { assertUnlocked, canManage, lockPropForWrite, toPropView } from './prop-access';
import { pickSplitsOf } from './reveal.service';

/** The fields a create or an edit stores, after the shared custom-prop schema. */
export type PropFields = Pick<
  CustomPropFields,
  'sport' | 'title' | 'description' | 'gameDate' | 'options'
>;

const ONLY_LEADER_CREATES = 'Only the group leader can create props in this group';
const CANNOT_MANAGE = 'Only the group leader or the member who created this prop can change it';
const IMPORTED_NOT_EDITABLE =
  "Imported props cannot be edited: they follow the operator's master prop";

/**
 * A custom prop: open (no result), active, created by the caller. Leaders always; other
 * members only where the group allows member props. Recorded as a 'new' activity event.
 */
export async function createProp(
  db: Db,
  user: SessionUser,
  groupId: number,
  fields: PropFields,
  now = new Date(),
): Promise<Prop> {
  return db.transaction(async (tx) => {
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
 * Edits a custom prop while it is unlocked. When its options or line change, every pick
 * on it is reset in the same transaction and the feed says so (decision 0020: those
 * members pick again), so no pick can point at nothing or at a bet nobody made.
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
    return toPropView(updated, group, viewer, myPick ?? null, now, splits.get(propId) ?? {});
  });
}

/** Deletes an unlocked prop and the picks on it, recording prop_deleted (title, sport). */
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
    // Picks go with the prop (foreign key cascade).
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

/** The catalogue's samples the group does not have yet (same sport and title), per sport. */
async function missingSamplesOf(tx: Db | Tx, groupId: number, sports: readonly SampleSport[]) {
  const existing =
    sports.length === 0
      ? []
      : await tx
          .select({ sport: props.sport, title: props.title })
          .from(props)
          .where(and(eq(props.groupId, groupId), inArray(props.sport, [...sports])));
  const present = new Set(existing.map((row) => `${row.sport}\n${row.title.toLowerCase()}`));
  return sports.map((sport) => ({
    sport,
    missing: SAMPLE_PROPS[sport].filter(
      (sample) => !present.has(`${sport}\n${sample.title.toLowerCase()}`),
    ),
  }));
}

/**
 * What Generate Props would add, per active sport of the group that has samples (in the
 * catalogue's order), so the leader chooses before anything is added.
 */
export async function samplePropsPreview(
  db: Db,
  group: Pick<GroupRow, 'id' | 'activeSports'>,
): Promise<{ sports: { sport: SampleSport; count: number; total: number }[] }> {
  const sports = SAMPLE_PROP_SPORTS.filter((sport) => group.activeSports.includes(sport));
  const missing = await missingSamplesOf(db, group.id, sports);
  return {
    sports: missing.map(({ sport, missing: samples }) => ({
      sport,
      count: samples.length,
      total: SAMPLE_PROPS[sport].length,
    })),
  };
}

/**
 * Prebuilt props from the sport catalogue for the group's active sports (or the ones
 * asked for, which must be among them), skipping any the group already has (same sport
 * and title). Each locks at its sport's next game slot. The group row is locked, so two
 * clicks at once cannot add the same samples twice.
 */
export async function generateSampleProps(
  db: Db,
  groupId: number,
  leaderId: number,
  requestedSports: readonly SampleSport[] | undefined,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ activeSports: groups.activeSports })
      .from(groups)
      .where(eq(groups.id, groupId))
      .for('update');
    if (!group) throw notFound(GROUP_NOT_FOUND);
    const inactive = (requestedSports ?? []).filter((sport) => !group.activeSports.includes(sport));
    if (inactive.length > 0) {
      const message = `${inactive.join(', ')} ${inactive.length === 1 ? 'is' : 'are'} not among this group's sports`;
      throw badRequest(message, { sports: [message] });
    }
    const sports = (requestedSports ?? group.activeSports).filter(isSampleSport);
    if (sports.length === 0) {
      throw unprocessable(
        `There are sample props only for ${Object.keys(SAMPLE_PROPS).join(', ')}; this group follows none of them`,
      );
    }
    const rows = (await missingSamplesOf(tx, groupId, sports)).flatMap(({ sport, missing }) =>
      missing.map((sample) => ({
        groupId,
        sport,
        category: sample.category,
        title: sample.title,
        description: sample.description,
        options: sample.options,
        gameDate: nextGameDateFor(sport, now),
        createdBy: leaderId,
      })),
    );
    if (rows.length === 0) return 0;
    await tx.insert(props).values(rows);
    await recordActivity(tx, [
      {
        groupId,
        actorId: leaderId,
        eventType: 'new',
        eventData: { type: 'prebuilt', count: rows.length },
      },
    ]);
    return rows.length;
  });
}
