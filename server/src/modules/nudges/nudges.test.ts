import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nudges, pushNotifications } from '../../db/schema';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';

const { app, database } = await createTestApp({ push: { allowedHosts: ['push.example'] } });
const db = database.db;

async function withDevice(user: TestUser) {
  const saved = await user.request({
    method: 'POST',
    url: '/api/push/subscriptions',
    payload: {
      endpoint: `https://push.example/send/${Math.random()}`,
      keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    },
  });
  expect(saved.statusCode).toBe(201);
  return user;
}

async function crew() {
  const sam = await registerUser(app, { displayName: 'Sam' });
  const lee = await withDevice(await registerUser(app, { displayName: 'Lee' }));
  const ann = await registerUser(app, { displayName: 'Ann' });
  const group = await seedGroup(db, {
    leaderId: sam.id,
    memberIds: [lee.id, ann.id],
    name: 'Sunday Crew',
  });
  return { sam, lee, ann, group };
}

const nudge = (from: TestUser, groupId: number, payload: Record<string, unknown>) =>
  from.request({ method: 'POST', url: `/api/groups/${groupId}/nudges`, payload });

const notificationsOf = (userId: number) =>
  db.select().from(pushNotifications).where(eq(pushNotifications.userId, userId));

describe('nudges', () => {
  it('sends one nudge, then refuses another for six hours whoever asks', async () => {
    const { sam, lee, ann, group } = await crew();
    const first = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(3) });
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(4) });
    // Outside the 24 hours: not counted.
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(30) });

    const sent = await nudge(sam, group.id, { userId: lee.id });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ message: 'Nudged Lee' });
    const [notification, ...others] = await notificationsOf(lee.id);
    expect(others).toEqual([]);
    expect(notification).toMatchObject({
      kind: 'nudge',
      payload: {
        body: 'Sam nudged you: 3 props in Sunday Crew lock in 2 hours',
        url: `/group/${group.id}#prop-${first.id}`,
      },
    });

    const again = await nudge(ann, group.id, { userId: lee.id });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(
      'Lee was nudged less than 6 hours ago. The next nudge is possible in 6 hours.',
    );
    expect(await notificationsOf(lee.id)).toHaveLength(1);

    // Six hours later (the last nudge moved back), the next one goes.
    await db
      .update(nudges)
      .set({ sentAt: new Date(Date.now() - 6 * 60 * 60_000 - 1000) })
      .where(eq(nudges.targetId, lee.id));
    expect((await nudge(ann, group.id, { userId: lee.id })).statusCode).toBe(202);
    expect(await notificationsOf(lee.id)).toHaveLength(2);
  });

  it('gives one nudge when two members send at once', async () => {
    const { sam, lee, ann, group } = await crew();
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(1) });
    const answers = await Promise.all([
      nudge(sam, group.id, { userId: lee.id }),
      nudge(ann, group.id, { userId: lee.id }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 429]);
    expect(await notificationsOf(lee.id)).toHaveLength(1);
  });

  it('refuses when there is nothing to pick within 24 hours', async () => {
    const { sam, lee, group } = await crew();
    const soon = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(48) });
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-1) });
    await seedPick(db, { userId: lee.id, prop: soon, selectedOption: 'A' });
    const refused = await nudge(sam, group.id, { userId: lee.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Lee has no open props to pick that lock within 24 hours');
    expect(await notificationsOf(lee.id)).toEqual([]);
  });

  it('refuses a member who turned nudges off, or whom nothing can reach', async () => {
    const { sam, lee, ann, group } = await crew();
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    const off = await lee.request({
      method: 'PUT',
      url: `/api/users/${lee.id}/notifications`,
      payload: { reminders: true, leadMinutes: [60], recaps: true, nudges: false },
    });
    expect(off.json()).toMatchObject({ nudges: false, email: false });
    const refused = await nudge(sam, group.id, { userId: lee.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Lee has turned nudges off');

    const unreachable = await nudge(sam, group.id, { userId: ann.id });
    expect(unreachable.statusCode).toBe(409);
    expect(unreachable.json().message).toBe(
      'Ann has not turned on notifications, so a nudge cannot reach them',
    );
    expect(await db.select().from(nudges).where(eq(nudges.groupId, group.id))).toEqual([]);
  });

  it('answers bad input, strangers and self with clear 4xx and changes nothing', async () => {
    const { sam, lee, group } = await crew();
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    const stranger = await withDevice(await registerUser(app));
    const cases: [TestUser, Record<string, unknown>, number][] = [
      [sam, { userId: sam.id }, 422],
      [sam, { userId: stranger.id }, 404],
      // A group is not shown to someone outside it.
      [stranger, { userId: lee.id }, 404],
      [sam, {}, 400],
      [sam, { userId: 'lee' }, 400],
      [sam, { userId: -1 }, 400],
    ];
    for (const [caller, payload, status] of cases) {
      const answer = await nudge(caller, group.id, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(status);
      expect(answer.json().message).toEqual(expect.any(String));
    }
    const signedOut = await app.inject({
      method: 'POST',
      url: `/api/groups/${group.id}/nudges`,
      payload: { userId: lee.id },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await notificationsOf(lee.id)).toEqual([]);
  });
});
