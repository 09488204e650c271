import { generateInviteCode } from '@shared/domain/invite-code';
import type { Db } from '../db/client';
import { groupMembers, groups, picks, props, seasons } from '../db/schema';

type GroupInsert = typeof groups.$inferInsert;

/**
 * Groups, props and picks written straight to the database, for tests that need a state
 * the API cannot reach yet (props and picks arrive with the props issue) or that need
 * many fresh groups quickly.
 */
export async function seedGroup(
  db: Db,
  fields: { leaderId: number; memberIds?: number[] } & Partial<Omit<GroupInsert, 'leaderId'>>,
) {
  const { memberIds = [], ...values } = fields;
  const [group] = await db
    .insert(groups)
    .values({ name: 'Seeded group', code: generateInviteCode(), activeSports: ['NFL'], ...values })
    .returning();
  if (!group) throw new Error('group not created');
  await db
    .insert(groupMembers)
    .values([fields.leaderId, ...memberIds].map((userId) => ({ groupId: group.id, userId })));
  return group;
}

export async function seedProp(
  db: Db,
  fields: { groupId: number; result?: string | null; gameDate?: Date | null; title?: string },
) {
  const [prop] = await db
    .insert(props)
    .values({
      groupId: fields.groupId,
      sport: 'NFL',
      title: fields.title ?? 'Who wins?',
      description: 'Seeded prop',
      options: ['A', 'B', 'C'].map((value) => ({ value, label: value, odds: '' })),
      result: fields.result ?? null,
      gameDate: fields.gameDate ?? null,
    })
    .returning();
  if (!prop) throw new Error('prop not created');
  return prop;
}

export async function seedPick(
  db: Db,
  fields: { userId: number; prop: { id: number; groupId: number }; selectedOption: string },
) {
  const [pick] = await db
    .insert(picks)
    .values({
      userId: fields.userId,
      propId: fields.prop.id,
      groupId: fields.prop.groupId,
      selectedOption: fields.selectedOption,
    })
    .returning();
  if (!pick) throw new Error('pick not created');
  return pick;
}

export const HOUR = 60 * 60 * 1000;
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR);

/** A season the group played and ended about a year ago, without rounds. */
export async function seedEndedSeason(db: Db, groupId: number, name = 'Last year') {
  const [season] = await db
    .insert(seasons)
    .values({
      groupId,
      name,
      startedAt: hoursFromNow(-400 * 24),
      endedAt: hoursFromNow(-300 * 24),
    })
    .returning();
  if (!season) throw new Error('season not created');
  return season;
}
