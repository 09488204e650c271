import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { propSchema, type Prop } from '@shared/contract/props';
import { eventCountOf, groupVersionSql } from '../../db/group-versions';
import { groups, props } from '../../db/schema';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';
import { listProps, propsListName } from './props-list';

/**
 * The props list's validator (decision 0073): its ETag is known before the answer is
 * built, a browser that holds the answer gets a 304, and every change the viewer could
 * see in it (their pick, anyone's pick count, a prop added, edited, decided or deleted, a
 * setting, a lock by time passing with no write at all) gives another tag and the new
 * answer, although the group's part of it is kept in memory between requests.
 */
const { app, database } = await createTestApp();
const db = database.db;
await registerUser(app); // the operator
const leader = await registerUser(app, { displayName: 'Lea' });
const max = await registerUser(app, { displayName: 'Max' });
const ora = await registerUser(app, { displayName: 'Ora' });

const list = (viewer: TestUser, groupId: number, etag?: string, query = '') =>
  viewer.request({
    method: 'GET',
    url: `/api/predictions/group/${groupId}${query}`,
    headers: etag ? { 'if-none-match': etag } : {},
  });

/** The answer and its tag; the answer must be the contract's props and nothing more. */
async function fetchList(viewer: TestUser, groupId: number, query = '') {
  const response = await list(viewer, groupId, undefined, query);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body: Prop[] = z.array(propSchema.strict()).parse(response.json());
  const etag = String(response.headers.etag);
  expect(etag).toMatch(/^W\/".+"$/);
  return { body, etag };
}

async function world() {
  const group = await seedGroup(db, { leaderId: leader.id, memberIds: [max.id, ora.id] });
  const open = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2), title: 'Open' });
  const later = await seedProp(db, {
    groupId: group.id,
    gameDate: hoursFromNow(5),
    title: 'Later',
  });
  return { group, open, later };
}

/**
 * The stamp as the route makes it, from the group and its event head as the group guard
 * reads them with the session.
 */
async function stampOf(groupId: number, viewer: { userId: number }, now: Date) {
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId));
  if (!group) throw new Error(`no group ${groupId}`);
  const { rows } = await db.execute<{ version: string }>(
    sql.raw(`select ${groupVersionSql(String(groupId))} as version`),
  );
  const version = rows[0]?.version ?? '0';
  const name = await propsListName(db, { group, version }, viewer.userId, undefined, now);
  return { group, version: eventCountOf(version), tag: JSON.stringify(name) };
}

const byTitle = (body: Prop[], title: string) => {
  const prop = body.find((candidate) => candidate.title === title);
  if (!prop) throw new Error(`no prop ${title}`);
  return prop;
};

describe('GET /api/predictions/group/{id}: the ETag', () => {
  it('answers 304 with no body to the tag it gave, as long as nothing changed', async () => {
    const { group } = await world();
    const { etag } = await fetchList(max, group.id);
    const again = await list(max, group.id, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of tags, and the tag without its weak prefix, match too.
    expect((await list(max, group.id, `W/"other", ${etag}`)).statusCode).toBe(304);
    expect((await list(max, group.id, etag.slice(2))).statusCode).toBe(304);
    expect((await list(max, group.id, 'W/"other"')).statusCode).toBe(200);
  });

  it('differs between viewers and between sports asked for', async () => {
    const { group } = await world();
    const maxTag = (await fetchList(max, group.id)).etag;
    expect((await fetchList(ora, group.id)).etag).not.toBe(maxTag);
    expect((await list(ora, group.id, maxTag)).statusCode).toBe(200);
    expect((await fetchList(max, group.id, '?sport=NCAAF')).etag).not.toBe(maxTag);
  });

  it('changes with every write the viewer can see, and the answer shows it', async () => {
    const { group, open, later } = await world();
    let { etag } = await fetchList(max, group.id);
    /** After `change`, the old tag is refused and the new answer passes `check`. */
    const expectNew = async (change: () => Promise<unknown>, check: (body: Prop[]) => void) => {
      await change();
      const stale = await list(max, group.id, etag);
      expect(stale.statusCode).toBe(200);
      const next = await fetchList(max, group.id);
      expect(next.etag).not.toBe(etag);
      check(next.body);
      expect((await list(max, group.id, next.etag)).statusCode).toBe(304);
      etag = next.etag;
    };

    // Someone else's pick: the count, never what.
    await expectNew(
      () => seedPick(db, { userId: ora.id, prop: open, selectedOption: 'A' }),
      (body) => expect(byTitle(body, 'Open').pickCount).toBe(1),
    );
    // The viewer's own pick, through the API.
    await expectNew(
      () =>
        max.request({
          method: 'POST',
          url: '/api/user-predictions',
          payload: { predictionId: open.id, selectedOption: 'B' },
        }),
      (body) => {
        expect(byTitle(body, 'Open').myPick?.selectedOption).toBe('B');
        expect(byTitle(body, 'Open').pickCount).toBe(2);
      },
    );
    // A prop added, edited, decided, deleted.
    await expectNew(
      () => seedProp(db, { groupId: group.id, gameDate: hoursFromNow(3), title: 'Added' }),
      (body) => expect(body.map((prop) => prop.title)).toContain('Added'),
    );
    await expectNew(
      () => db.update(props).set({ description: 'Edited' }).where(eq(props.id, later.id)),
      (body) => expect(byTitle(body, 'Later').description).toBe('Edited'),
    );
    await expectNew(
      () => db.update(props).set({ result: 'B' }).where(eq(props.id, open.id)),
      (body) => {
        expect(byTitle(body, 'Open').myPick?.isCorrect).toBe(true);
        expect(byTitle(body, 'Open').pickSplit).toEqual({ A: 1, B: 1 });
      },
    );
    await expectNew(
      () => db.delete(props).where(eq(props.id, later.id)),
      (body) => expect(body.map((prop) => prop.title)).not.toContain('Later'),
    );
    // A sheet dropping its master prop detaches the copy; its creator's account goes.
    await expectNew(
      () => db.update(props).set({ isImported: true }).where(eq(props.id, open.id)),
      (body) => expect(byTitle(body, 'Open').isImported).toBe(true),
    );
    await expectNew(
      () => db.update(props).set({ isImported: false }).where(eq(props.id, open.id)),
      (body) => expect(byTitle(body, 'Open').isImported).toBe(false),
    );
    await expectNew(
      () => db.update(props).set({ createdBy: max.id }).where(eq(props.id, open.id)),
      (body) => expect(byTitle(body, 'Open').createdBy).toBe(max.id),
    );
    // The leader locks picks; then hands the group to the viewer.
    await expectNew(
      () =>
        db
          .update(groups)
          .set({ lockType: 'leader', isLocked: true })
          .where(eq(groups.id, group.id)),
      (body) => expect(byTitle(body, 'Added').lock.reason).toBe('manually_locked'),
    );
    await expectNew(
      () => db.update(groups).set({ leaderId: max.id }).where(eq(groups.id, group.id)),
      (body) => expect(byTitle(body, 'Added').canSetResult).toBe(true),
    );
  });

  it('changes when a prop locks by time or the group’s lock time passes, with no write', async () => {
    const { group, open } = await world();
    const viewer = { userId: max.id };
    const stampAt = (hours: number) => stampOf(group.id, viewer, hoursFromNow(hours));
    const before = await stampAt(0);
    expect((await stampAt(1)).tag).toBe(before.tag);
    // The first game (in 2 hours) has started: that prop is locked now.
    const started = await stampAt(2.5);
    expect(started.tag).not.toBe(before.tag);
    expect(started.version).toBe(before.version);
    expect((await stampAt(4)).tag).toBe(started.tag);
    const six = await stampAt(6);
    expect(six.tag).not.toBe(started.tag);

    await db
      .update(groups)
      .set({ lockType: 'time', lockValue: hoursFromNow(1) })
      .where(eq(groups.id, group.id));
    const timed = await stampAt(0.5);
    expect((await stampAt(1.5)).tag).not.toBe(timed.tag);
    expect(open.gameDate).not.toBeNull();
  });
});

describe('GET /api/predictions/group/{id}: the answer', () => {
  it('is each viewer’s own, though the group’s part is kept between requests', async () => {
    const { group, open } = await world();
    await seedPick(db, { userId: ora.id, prop: open, selectedOption: 'C' });
    const forMax = (await fetchList(max, group.id)).body;
    const forOra = (await fetchList(ora, group.id)).body;
    expect(byTitle(forMax, 'Open').myPick).toBeNull();
    expect(byTitle(forOra, 'Open').myPick?.selectedOption).toBe('C');
    // Before the lock nobody sees the split, only the count.
    expect(byTitle(forMax, 'Open').pickSplit).toBeNull();
    expect(byTitle(forMax, 'Open').pickCount).toBe(1);
    // Unpicked and open first (spec §4), for the viewer who has not picked it.
    expect(forMax[0]?.title).toBe('Open');
    expect(forOra[0]?.title).toBe('Later');
  });

  it('filters by sport, case-insensitively', async () => {
    const { group } = await world();
    expect((await fetchList(max, group.id, '?sport=nfl')).body).toHaveLength(2);
    expect((await fetchList(max, group.id, '?sport=NCAAF')).body).toHaveLength(0);
    expect((await fetchList(max, group.id, '?sport=all')).body).toHaveLength(2);
  });

  it('is the text JSON.stringify makes of the views, with heads kept or not', async () => {
    const { group, open, later } = await world();
    await seedPick(db, { userId: max.id, prop: open, selectedOption: 'A' });
    await seedPick(db, { userId: ora.id, prop: later, selectedOption: 'B' });
    await db.update(props).set({ result: 'B' }).where(eq(props.id, later.id));
    const now = new Date();
    for (const viewer of [max, ora, leader, max]) {
      const stamp = await stampOf(group.id, { userId: viewer.id }, now);
      const answer = await listProps(db, stamp, { userId: viewer.id }, undefined, now);
      expect(answer.json).toBe(JSON.stringify(answer.props));
    }
  });
});
