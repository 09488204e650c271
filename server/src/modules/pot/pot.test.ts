import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { props, roundWinners, rounds } from '../../db/schema';
import { seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;

/**
 * A decided season: Ann won both props, Bea and Cal one each (tied for 2nd), the leader
 * Sam picked nothing. Ann, Bea and Cal are marked paid.
 */
async function decidedSeason(trackPaymentStatus = true) {
  const sam = await registerUser(app, { displayName: 'Sam' });
  const ann = await registerUser(app, { displayName: 'Ann' });
  const bea = await registerUser(app, { displayName: 'Bea' });
  const cal = await registerUser(app, { displayName: 'Cal' });
  const group = await seedGroup(db, {
    leaderId: sam.id,
    memberIds: [ann.id, bea.id, cal.id],
    trackPaymentStatus,
  });
  const first = await seedProp(db, { groupId: group.id });
  const second = await seedProp(db, { groupId: group.id });
  for (const [user, answers] of [
    [ann, ['A', 'A']],
    [bea, ['A', 'B']],
    [cal, ['A', 'B']],
  ] as const) {
    await seedPick(db, { userId: user.id, prop: first, selectedOption: answers[0] });
    await seedPick(db, { userId: user.id, prop: second, selectedOption: answers[1] });
  }
  await db.update(props).set({ result: 'A' }).where(eq(props.groupId, group.id));
  if (trackPaymentStatus) {
    for (const user of [ann, bea, cal]) {
      const marked = await sam.request({
        method: 'PUT',
        url: `/api/groups/${group.id}/payment-status`,
        payload: { userId: user.id, isPaid: true },
      });
      expect(marked.statusCode).toBe(200);
    }
  }
  return { sam, ann, bea, cal, group };
}

const readPot = (user: TestUser, groupId: number) =>
  user.request({ method: 'GET', url: `/api/groups/${groupId}/pot` });

const setPot = (user: TestUser, groupId: number, payload: Record<string, unknown>) =>
  user.request({ method: 'PUT', url: `/api/groups/${groupId}/pot`, payload });

describe('the pot', () => {
  it('is the entry times the paid members, split by place with ties sharing', async () => {
    const { sam, ann, bea, cal, group } = await decidedSeason();
    const saved = await setPot(sam, group.id, { entryCents: 2000, payoutSplit: [50, 30, 20] });
    expect(saved.statusCode).toBe(200);

    const pot = await readPot(ann, group.id);
    expect(pot.statusCode).toBe(200);
    expect(pot.json()).toEqual({
      trackPaymentStatus: true,
      entryCents: 2000,
      weeklyPrizeCents: 0,
      payoutSplit: [50, 30, 20],
      paidMembers: 3,
      potCents: 6000,
      weeklyPrizesCents: 0,
      seasonPoolCents: 6000,
      places: [
        { place: 1, sharePercent: 50, amountCents: 3000 },
        { place: 2, sharePercent: 30, amountCents: 1800 },
        { place: 3, sharePercent: 20, amountCents: 1200 },
      ],
      weeklyPrizes: [],
      payouts: [
        { user: { id: ann.id, displayName: 'Ann' }, position: 1, payoutCents: 3000 },
        // Tied for 2nd: they share 2nd and 3rd.
        { user: { id: bea.id, displayName: 'Bea' }, position: 2, payoutCents: 1500 },
        { user: { id: cal.id, displayName: 'Cal' }, position: 2, payoutCents: 1500 },
      ],
    });
    // The leader reads the same answer as the members.
    expect((await readPot(sam, group.id)).json()).toEqual(pot.json());
  });

  it('pays every cent: leftovers go to the higher place, then the tied member listed first', async () => {
    const { sam, ann, bea, cal, group } = await decidedSeason();
    const saved = await setPot(sam, group.id, { entryCents: 1001, payoutSplit: [50, 30, 20] });
    const pot = saved.json();
    expect(pot.potCents).toBe(3003);
    expect(pot.places.map((place: { amountCents: number }) => place.amountCents)).toEqual([
      1502, 901, 600,
    ]);
    expect(pot.payouts).toEqual([
      { user: { id: ann.id, displayName: 'Ann' }, position: 1, payoutCents: 1502 },
      { user: { id: bea.id, displayName: 'Bea' }, position: 2, payoutCents: 751 },
      { user: { id: cal.id, displayName: 'Cal' }, position: 2, payoutCents: 750 },
    ]);
  });

  it("pays each completed round's prize to its winners out of the pot", async () => {
    const { sam, ann, bea, group } = await decidedSeason();
    // The round's winners as recorded when it completed: Ann and Bea shared it.
    const [round] = await db
      .update(rounds)
      .set({ completedAt: new Date() })
      .where(eq(rounds.groupId, group.id))
      .returning();
    await db.insert(roundWinners).values([
      { roundId: round!.id, userId: ann.id, displayName: 'Ann', points: 2 },
      { roundId: round!.id, userId: bea.id, displayName: 'Bea', points: 2 },
    ]);
    const pot = await setPot(sam, group.id, {
      entryCents: 2000,
      weeklyPrizeCents: 1001,
      payoutSplit: [100],
    });
    expect(pot.json()).toMatchObject({
      potCents: 6000,
      weeklyPrizesCents: 1001,
      seasonPoolCents: 4999,
      weeklyPrizes: [
        {
          roundId: round!.id,
          label: `Week ${round!.index}`,
          winners: [
            { userId: ann.id, displayName: 'Ann', cents: 501 },
            { userId: bea.id, displayName: 'Bea', cents: 500 },
          ],
        },
      ],
      payouts: [{ user: { id: ann.id, displayName: 'Ann' }, position: 1, payoutCents: 4999 }],
    });
  });

  it('follows who is marked paid', async () => {
    const { sam, cal, group } = await decidedSeason();
    await setPot(sam, group.id, { entryCents: 2500 });
    await sam.request({
      method: 'PUT',
      url: `/api/groups/${group.id}/payment-status`,
      payload: { userId: cal.id, isPaid: false },
    });
    const pot = (await readPot(cal, group.id)).json();
    expect(pot).toMatchObject({ paidMembers: 2, potCents: 5000, payoutSplit: [100] });
  });

  it('is for the leader to set: a member is refused and nothing changes', async () => {
    const { sam, ann, group } = await decidedSeason();
    await setPot(sam, group.id, { entryCents: 1000 });
    const refused = await setPot(ann, group.id, { entryCents: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only the group leader can do that' });
    expect((await readPot(ann, group.id)).json().entryCents).toBe(1000);
  });

  it.each([
    [{ payoutSplit: [60, 30] }, "The places' shares must add up to 100% (they add up to 90%)."],
    [{ payoutSplit: [30, 70] }, 'A place cannot be paid more than the place above it.'],
    [{ payoutSplit: [] }, 'A payout split pays 1 to 10 places.'],
    [{ payoutSplit: [99.5, 0.5] }, "Each place's share must be a whole percentage from 1 to 100."],
    [{ entryCents: -100 }, 'An amount cannot be negative'],
    [{ entryCents: 12.5 }, 'Amounts are whole cents'],
    [{ weeklyPrizeCents: '500' }, 'Amounts are whole cents'],
    [{ weeklyPrizeCents: 10_000_001 }, 'An amount can be at most $100,000.00'],
    [
      { entryCents: 100, isPaid: true },
      'Only these pot settings can be changed: entryCents, weeklyPrizeCents, payoutSplit',
    ],
  ])('refuses %j with 400 and its reason', async (payload, message) => {
    const { sam, group } = await decidedSeason();
    const refused = await setPot(sam, group.id, payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(message);
    expect((await readPot(sam, group.id)).json()).toMatchObject({
      entryCents: 0,
      weeklyPrizeCents: 0,
      payoutSplit: [100],
    });
  });

  it('is empty and cannot be set while the group does not track payment', async () => {
    const { sam, ann, group } = await decidedSeason(false);
    const refused = await setPot(sam, group.id, { entryCents: 2000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Payment tracking is off for this group. Turn it on in the group settings first.',
    });
    expect((await readPot(ann, group.id)).json()).toMatchObject({
      trackPaymentStatus: false,
      paidMembers: 0,
      potCents: 0,
      payouts: [],
    });
  });
});
