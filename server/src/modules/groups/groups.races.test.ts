import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groupMembers, picks } from '../../db/schema';
import { hoursFromNow, seedGroup, seedProp } from '../../test/group-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;

const leader = await registerUser(app);
const joiners: TestUser[] = [];
for (let index = 0; index < 6; index += 1) joiners.push(await registerUser(app));

const deleteGroup = (groupId: number) =>
  leader.request({ method: 'DELETE', url: `/api/groups/${groupId}` });

describe('writes racing the deletion of their group', () => {
  it('a join answers 2xx or 4xx, never 5xx, and leaves no membership behind', async () => {
    for (let round = 0; round < 5; round += 1) {
      const group = await seedGroup(db, { leaderId: leader.id });
      const responses = await Promise.all([
        ...joiners.map((joiner) =>
          joiner.request({
            method: 'POST',
            url: '/api/groups/join',
            payload: { code: group.code },
          }),
        ),
        deleteGroup(group.id),
      ]);
      for (const response of responses) {
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(response.headers['content-type'] ?? 'application/json').toMatch(/json/);
      }
      expect(
        await db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id)),
      ).toEqual([]);
    }
  });

  it('a pick answers 2xx or 4xx, never 5xx, and leaves no pick behind', async () => {
    for (let round = 0; round < 5; round += 1) {
      const group = await seedGroup(db, {
        leaderId: leader.id,
        memberIds: joiners.map((joiner) => joiner.id),
      });
      const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(24) });
      const responses = await Promise.all([
        ...joiners.map((joiner, index) =>
          joiner.request({
            method: 'POST',
            url: '/api/user-predictions',
            payload: { predictionId: prop.id, selectedOption: ['A', 'B', 'C'][index % 3] },
          }),
        ),
        deleteGroup(group.id),
      ]);
      for (const response of responses) {
        expect(response.statusCode, response.body).toBeLessThan(500);
      }
      expect(await db.select().from(picks).where(eq(picks.groupId, group.id))).toEqual([]);
    }
  });
});

describe('payment status in the member list', () => {
  it('is every member’s for the leader, and only their own for a member', async () => {
    const [member, other] = joiners as [TestUser, TestUser];
    const group = await seedGroup(db, {
      leaderId: leader.id,
      memberIds: [member.id, other.id],
      trackPaymentStatus: true,
    });
    await db.update(groupMembers).set({ isPaid: true }).where(eq(groupMembers.userId, other.id));
    const list = async (user: TestUser) => {
      const response = await user.request({
        method: 'GET',
        url: `/api/groups/${group.id}/members`,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ id: number; isPaid?: boolean }[]>();
    };

    const seenByLeader = await list(leader);
    expect(seenByLeader.map((row) => [row.id, row.isPaid])).toEqual([
      [leader.id, false],
      [member.id, false],
      [other.id, true],
    ]);
    const seenByMember = await list(member);
    expect(seenByMember.map((row) => [row.id, row.isPaid])).toEqual([
      [leader.id, undefined],
      [member.id, false],
      [other.id, undefined],
    ]);
    expect(JSON.stringify(seenByMember)).not.toContain('"isPaid":true');
  });
});
