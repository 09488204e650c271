import { setTimeout as sleep } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { props } from '../../db/schema';
import { AppProcess, HttpUser } from '../../test/app-process';
import { seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import { startPushService, type PushService, type TestDevice } from '../../test/push-service';
import { createTestDatabase } from '../../test/test-app';

/**
 * Reminders and recaps end to end: real app processes on 127.0.0.1 sharing one database,
 * a real HTTPS push service that decrypts what it receives. Scans run every 200 ms and
 * recaps gather for 2 s here (configurable for this reason), so the file takes seconds.
 */
const { url, database } = await createTestDatabase();
const db = database.db;
let push: PushService;
const running: AppProcess[] = [];

const SCAN_MS = 200;
const startApp = async () => {
  const app = await AppProcess.start({
    DATABASE_URL: url,
    NODE_EXTRA_CA_CERTS: push.caFile,
    PUSH_SERVICE_HOSTS: '127.0.0.1',
    PUSH_SCAN_INTERVAL_MS: String(SCAN_MS),
    JOB_POLL_INTERVAL_MS: '500',
    RECAP_BATCH_SECONDS: '2',
  });
  running.push(app);
  return app;
};

beforeAll(async () => {
  push = await startPushService();
});
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop()));
  await push.close();
  await database.close();
});

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
async function waitFor(what: string, check: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; rejected: ${push.rejected.join('; ')}`);
    }
    await sleep(100);
  }
}

/** Long enough for several scans and delivery polls to have run after the last push. */
const settle = () => sleep(SCAN_MS * 5 + 1500);

/** A member who allowed notifications on one device, with these reminder lead times. */
async function memberWithDevice(
  app: AppProcess,
  name: string,
  settings: { reminders?: boolean; leadMinutes?: number[]; recaps?: boolean } = {},
  device: TestDevice = push.newDevice(),
) {
  const user = await HttpUser.register(app.origin, name);
  const saved = await user.call(app.origin, 'POST', '/api/push/subscriptions', device.subscription);
  expect(saved.status).toBe(201);
  const update = await user.call(app.origin, 'PUT', `/api/users/${user.id}/notifications`, {
    reminders: settings.reminders ?? true,
    leadMinutes: settings.leadMinutes ?? [60],
    recaps: settings.recaps ?? true,
  });
  expect(update.status).toBe(200);
  return { user, device };
}

// App processes take seconds to start on a busy machine.
const SLOW = { timeout: 90_000 };

describe('reminders', SLOW, () => {
  it('reach only members with unpicked props locking within their lead time, once, with two instances', async () => {
    const [first, second] = await Promise.all([startApp(), startApp()]);
    if (!first || !second) throw new Error('no app');
    const leader = await HttpUser.register(first.origin, 'Lee');
    const late = await memberWithDevice(first, 'Late Larry');
    const done = await memberWithDevice(first, 'Done Dana');
    const quiet = await memberWithDevice(first, 'Quiet Quinn', { reminders: false });
    const tight = await memberWithDevice(first, 'Tight Tess', { leadMinutes: [15] });
    const outsider = await memberWithDevice(first, 'Outside Olga');
    const members = [late, done, quiet, tight].map((member) => member.user.id);
    const group = await seedGroup(db, {
      leaderId: leader.id,
      memberIds: members,
      name: 'Sunday Crew',
    });
    // Created far ahead, picked by Dana, then the games move within the hour: a scan
    // never sees Dana's props unpicked.
    const later = minutesFromNow(300);
    const soon = [
      await seedProp(db, { groupId: group.id, gameDate: later, title: 'Bills at Jets' }),
      await seedProp(db, { groupId: group.id, gameDate: later, title: 'Chiefs at Raiders' }),
      await seedProp(db, { groupId: group.id, gameDate: later, title: 'Eagles at Giants' }),
    ];
    // Later the same day, outside a one-hour lead: not part of this reminder.
    await seedProp(db, { groupId: group.id, gameDate: minutesFromNow(180), title: 'Late game' });
    for (const prop of soon) {
      const pick = await done.user.call(second.origin, 'POST', '/api/user-predictions', {
        predictionId: prop.id,
        selectedOption: 'A',
      });
      expect(pick.status).toBe(201);
    }
    await db
      .update(props)
      .set({ gameDate: minutesFromNow(59) })
      .where(
        inArray(
          props.id,
          soon.map((prop) => prop.id),
        ),
      );

    await waitFor('the reminder', () => push.to(late.device).length > 0);
    await settle();
    expect(push.rejected).toEqual([]);
    const reminders = push.to(late.device);
    expect(reminders).toHaveLength(1);
    const [reminder] = reminders;
    expect(reminder?.message).toMatchObject({
      title: 'Make your picks',
      body: '3 props in Sunday Crew lock in 1 hour',
      url: `/group/${group.id}#prop-${soon[0]?.id}`,
      kind: 'reminder',
    });
    expect(reminder?.urgency).toBe('high');
    expect(Number(reminder?.ttl)).toBeGreaterThan(0);
    const key = await late.user.call(first.origin, 'GET', '/api/push/public-key');
    expect(reminder?.vapidPublicKey).toBe((key.body as { publicKey: string }).publicKey);
    for (const other of [done, quiet, tight, outsider]) {
      expect(push.to(other.device), other.device.id).toEqual([]);
    }
  });

  it('are not sent twice after a crash and a restart, and none is lost while no instance runs', async () => {
    const app = await startApp();
    const leader = await HttpUser.register(app.origin, 'Rita');
    const member = await memberWithDevice(app, 'Restart Rob', { leadMinutes: [15, 60] });
    const group = await seedGroup(db, {
      leaderId: leader.id,
      memberIds: [member.user.id],
      name: 'Crash Club',
    });
    await seedProp(db, { groupId: group.id, gameDate: minutesFromNow(50), title: 'Only game' });
    await waitFor('the first reminder', () => push.to(member.device).length === 1);
    await app.crash();

    // While nothing runs, another group's prop comes within the lead time.
    const second = await seedGroup(db, {
      leaderId: leader.id,
      memberIds: [member.user.id],
      name: 'Quiet Club',
    });
    await seedProp(db, { groupId: second.id, gameDate: minutesFromNow(14), title: 'Soon' });

    await startApp();
    await waitFor('the missed reminder', () => push.to(member.device).length === 2);
    await settle();
    expect(push.rejected).toEqual([]);
    expect(push.to(member.device).map((received) => received.message.body)).toEqual([
      '1 prop in Crash Club locks in 50 minutes',
      '1 prop in Quiet Club locks in 15 minutes',
    ]);
  });

  it('remove a device whose push service answers 410 Gone', async () => {
    const app = running.at(-1)!;
    const leader = await HttpUser.register(app.origin, 'Gina');
    const member = await memberWithDevice(app, 'Gone Gus', {}, push.newDevice(410));
    const before = await member.user.call(app.origin, 'GET', '/api/push/subscriptions');
    expect(before.body).toHaveLength(1);
    const group = await seedGroup(db, { leaderId: leader.id, memberIds: [member.user.id] });
    await seedProp(db, { groupId: group.id, gameDate: minutesFromNow(30) });
    await waitFor('the push to the gone device', () => push.to(member.device).length === 1);
    await waitFor('nothing', () => false, 1500).catch(() => undefined);
    const after = await member.user.call(app.origin, 'GET', '/api/push/subscriptions');
    expect(after.body).toEqual([]);
    expect(push.to(member.device)).toHaveLength(1);
  });
});

describe('recaps', SLOW, () => {
  it('gather the results that land in a group within the batch window into one push per member', async () => {
    const app = running.at(-1)!;
    const leader = await HttpUser.register(app.origin, 'Rex');
    const ann = await memberWithDevice(app, 'Ann');
    const bob = await memberWithDevice(app, 'Bob');
    const off = await memberWithDevice(app, 'Off Olly', { recaps: false });
    const group = await seedGroup(db, {
      leaderId: leader.id,
      memberIds: [ann.user.id, bob.user.id, off.user.id],
      name: 'Recap Crew',
      lockType: 'leader',
    });
    const props = [
      await seedProp(db, { groupId: group.id, title: 'Bills at Jets' }),
      await seedProp(db, { groupId: group.id, title: 'Chiefs at Raiders' }),
      await seedProp(db, { groupId: group.id, title: 'Eagles at Giants' }),
    ];
    for (const prop of props) {
      await seedPick(db, { userId: ann.user.id, prop, selectedOption: 'A' });
      await seedPick(db, { userId: off.user.id, prop, selectedOption: 'A' });
    }
    await seedPick(db, { userId: bob.user.id, prop: props[0]!, selectedOption: 'B' });

    const setResult = (propId: number, result: string) =>
      leader.call(app.origin, 'PUT', `/api/predictions/${propId}`, { result });
    expect((await setResult(props[0]!.id, 'A')).status).toBe(200);
    expect((await setResult(props[1]!.id, 'A')).status).toBe(200);
    await sleep(500);
    expect((await setResult(props[2]!.id, 'B')).status).toBe(200);

    await waitFor(
      'the recaps',
      () => push.to(ann.device).length > 0 && push.to(bob.device).length > 0,
    );
    await settle();
    expect(push.rejected).toEqual([]);
    expect(push.to(ann.device).map((received) => received.message)).toEqual([
      expect.objectContaining({
        title: 'Recap Crew',
        // The round is complete: its winner comes with the recap.
        body: "3 results: 2 right, 1 wrong — you're now #1 of 4. Week 1 winners: Ann and Off Olly",
        url: `/group/${group.id}`,
        kind: 'recap',
      }),
    ]);
    // Bob picked only the first prop: his recap names it; unpicked props count as losses.
    expect(push.to(bob.device).map((received) => received.message.body)).toEqual([
      "Bills at Jets: not this time — you're now #3 of 4. Week 1 winners: Ann and Off Olly",
    ]);
    expect(push.to(off.device)).toEqual([]);

    // A result corrected later is a new recap of its own.
    expect((await setResult(props[2]!.id, 'A')).status).toBe(200);
    await waitFor('the second recap', () => push.to(ann.device).length === 2);
    expect(push.to(ann.device)[1]?.message.body).toBe(
      "Eagles at Giants: you were right — you're now #1 of 4. Week 1 winners: Ann and Off Olly",
    );
  });
});

describe('nudges', SLOW, () => {
  it('reach the nudged member once, as a push', async () => {
    const app = running.at(-1) ?? (await startApp());
    const sam = await HttpUser.register(app.origin, 'Sam');
    const lee = await memberWithDevice(app, 'Lee');
    const group = await seedGroup(db, {
      leaderId: sam.id,
      memberIds: [lee.user.id],
      name: 'Nudge Crew',
    });
    const first = await seedProp(db, { groupId: group.id, gameDate: minutesFromNow(300) });
    await seedProp(db, { groupId: group.id, gameDate: minutesFromNow(360) });

    const path = `/api/groups/${group.id}/nudges`;
    expect((await sam.call(app.origin, 'POST', path, { userId: lee.user.id })).status).toBe(202);
    await waitFor('the nudge', () => push.to(lee.device).length > 0);
    expect((await sam.call(app.origin, 'POST', path, { userId: lee.user.id })).status).toBe(429);
    await settle();
    expect(push.rejected).toEqual([]);
    const [nudge, ...more] = push.to(lee.device);
    expect(more).toEqual([]);
    expect(nudge?.message).toMatchObject({
      title: 'Make your picks',
      body: 'Sam nudged you: 2 props in Nudge Crew lock in 5 hours',
      url: `/group/${group.id}#prop-${first.id}`,
      kind: 'nudge',
    });
    expect(nudge?.urgency).toBe('high');
  });
});
