import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Comment, PropComments, ThreadPage } from '@shared/contract/conversation';
import { commentReactions, comments, groups, pickReactions, rateLimits } from '../../db/schema';
import { EventStreamReader } from '../../test/event-stream';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import { allEventsNumbered } from '../../test/numbered-events';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';
import { expectRefusal, snapshotOf } from '../props/props-test-kit';

/**
 * Comments on props (sealed until the lock), the group thread and reactions, through the
 * API as members see them, and the live stream over real HTTP.
 */
const { app, database } = await createTestApp({ live: { heartbeatMs: 1_000 } });
const db = database.db;
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
const opened: EventStreamReader[] = [];
afterAll(() => opened.forEach((stream) => stream.close()));

await registerUser(app); // the operator
const leader = await registerUser(app, { displayName: 'Lea' });
const max = await registerUser(app, { displayName: 'Max' });
const ora = await registerUser(app, { displayName: 'Ora' });
const outsider = await registerUser(app, { displayName: 'Out' });

const get = (user: TestUser, url: string) => user.request({ method: 'GET', url });
const send = (
  user: TestUser,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => user.request({ method, url, ...(payload && { payload }) });
const comment = (user: TestUser, propId: number, body: string) =>
  send(user, 'POST', `/api/predictions/${propId}/comments`, { body });

/** A fresh group (so the rate limit's minute is the only thing shared) and an open prop. */
async function world() {
  const group = await seedGroup(db, { leaderId: leader.id, memberIds: [max.id, ora.id] });
  const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
  await db.delete(rateLimits);
  return { group, prop };
}

const lockGroup = (groupId: number) =>
  db.update(groups).set({ lockType: 'leader', isLocked: true }).where(eq(groups.id, groupId));

/** Everything a comment route could change, beside what the props routes could. */
async function conversationSnapshot() {
  return {
    ...(await snapshotOf(db)),
    comments: await db.select().from(comments).orderBy(comments.id),
    commentReactions: await db.select().from(commentReactions).orderBy(commentReactions.commentId),
    pickReactions: await db.select().from(pickReactions).orderBy(pickReactions.pickId),
  };
}

async function expectNothingChanged(
  call: () => ReturnType<TestUser['request']>,
  status: number,
  message: string | RegExp,
) {
  const before = await conversationSnapshot();
  const response = await call();
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ message: string }>();
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  expect(await conversationSnapshot()).toEqual(before);
}

async function openStream(user: TestUser, groupId: number) {
  await allEventsNumbered(app, db);
  const stream = await EventStreamReader.open(`${origin}/api/groups/${groupId}/events`, {
    cookie: user.cookie ?? '',
  });
  opened.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

/** Every answer that could carry a comment, as `viewer`. */
async function everyConversationRoute(viewer: TestUser, groupId: number, propId: number) {
  return {
    comments: await get(viewer, `/api/predictions/${propId}/comments`),
    props: await get(viewer, `/api/predictions/group/${groupId}`),
    thread: await get(viewer, `/api/groups/${groupId}/thread`),
    summary: await get(viewer, `/api/groups/${groupId}/conversation`),
    activity: await get(viewer, `/api/activity-events/${groupId}`),
    picks: await get(viewer, `/api/predictions/${propId}/picks`),
    group: await get(viewer, `/api/groups/${groupId}`),
  };
}

describe('sealed comments', () => {
  it('before the lock no answer or event carries the text to another member; at the lock all do', async () => {
    const { group, prop } = await world();
    await seedPick(db, { userId: max.id, prop, selectedOption: 'B' });
    const stream = await openStream(ora, group.id);
    const posted = await comment(max, prop.id, 'Zanzibar is a lock');
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({
      body: 'Zanzibar is a lock',
      sealed: true,
      pick: null,
      author: { userId: max.id, displayName: 'Max' },
      canEdit: true,
      canDelete: true,
    });
    await allEventsNumbered(app, db);
    const event = await stream.next('comment');
    // Which prop, and nothing about the comment: not even who wrote it.
    expect(Object.keys(event.data).sort()).toEqual([
      'commentId',
      'groupId',
      'id',
      'propId',
      'type',
    ]);
    expect(event.data).toMatchObject({ propId: prop.id, type: 'comment' });

    for (const viewer of [ora, leader]) {
      const answers = await everyConversationRoute(viewer, group.id, prop.id);
      for (const [route, response] of Object.entries(answers)) {
        expect(response.body, route).not.toContain('Zanzibar');
      }
      expect(answers.comments.json()).toEqual({
        locked: false,
        comments: [],
        hasMore: false,
        sealedCount: 1,
        picks: null,
      });
      expect(answers.summary.json()).toEqual({
        thread: { count: 0, unread: 0 },
        props: [{ propId: prop.id, count: 0, sealed: 1, unread: 0 }],
      });
    }
    expect(JSON.stringify(stream.events)).not.toContain('Zanzibar');
    const own = (await get(max, `/api/predictions/${prop.id}/comments`)).json<PropComments>();
    expect(own.comments.map((entry) => [entry.body, entry.sealed])).toEqual([
      ['Zanzibar is a lock', true],
    ]);
    expect(own.sealedCount).toBe(0);

    await lockGroup(group.id);
    for (const viewer of [ora, leader, max]) {
      const answer = (
        await get(viewer, `/api/predictions/${prop.id}/comments`)
      ).json<PropComments>();
      expect(answer).toMatchObject({
        locked: true,
        sealedCount: 0,
        comments: [{ body: 'Zanzibar is a lock', sealed: false, pick: 'B' }],
        picks: [{ userId: max.id, displayName: 'Max', selectedOption: 'B', reactions: [] }],
      });
    }
    expect((await get(ora, `/api/groups/${group.id}/conversation`)).json()).toEqual({
      thread: { count: 0, unread: 0 },
      props: [{ propId: prop.id, count: 1, sealed: 0, unread: 1 }],
    });
  });

  it('after the lock a comment is open as written, and others read it at once', async () => {
    const { group, prop } = await world();
    await lockGroup(group.id);
    expect((await comment(ora, prop.id, 'Called it')).statusCode).toBe(201);
    const answer = (await get(max, `/api/predictions/${prop.id}/comments`)).json<PropComments>();
    expect(answer.comments).toMatchObject([{ body: 'Called it', sealed: false, canEdit: false }]);
  });
});

describe('pages', () => {
  it("answers a prop's comments newest page first, oldest at the top of each", async () => {
    const { group, prop } = await world();
    await lockGroup(group.id);
    for (const text of ['one', 'two', 'three']) await comment(ora, prop.id, text);
    const url = `/api/predictions/${prop.id}/comments`;
    const last = (await get(max, `${url}?limit=2`)).json<PropComments>();
    expect(last.comments.map((entry) => entry.body)).toEqual(['two', 'three']);
    expect(last.hasMore).toBe(true);
    const first = (
      await get(max, `${url}?limit=2&before=${last.comments[0]?.id}`)
    ).json<PropComments>();
    expect(first.comments.map((entry) => entry.body)).toEqual(['one']);
    expect(first.hasMore).toBe(false);
    await expectNothingChanged(
      () => get(max, `${url}?limit=101`),
      400,
      'limit must be a whole number from 1 to 100',
    );
  });
});

describe('the thread', () => {
  it('is never sealed, newest at the bottom, a page at a time', async () => {
    const { group } = await world();
    for (const text of ['one', 'two', 'three']) {
      const posted = await send(max, 'POST', `/api/groups/${group.id}/thread`, { body: text });
      expect(posted.statusCode, posted.body).toBe(201);
    }
    const last = (await get(ora, `/api/groups/${group.id}/thread?limit=2`)).json<ThreadPage>();
    expect(last.comments.map((entry) => entry.body)).toEqual(['two', 'three']);
    expect(last.hasMore).toBe(true);
    const before = last.comments[0]?.id;
    const first = (
      await get(ora, `/api/groups/${group.id}/thread?limit=2&before=${before}`)
    ).json<ThreadPage>();
    expect(first).toMatchObject({ comments: [{ body: 'one', propId: null }], hasMore: false });
    expect((await get(ora, `/api/groups/${group.id}/conversation`)).json()).toMatchObject({
      thread: { count: 3, unread: 3 },
    });
    const read = await send(ora, 'PUT', `/api/groups/${group.id}/conversation/read`, {
      propId: null,
      upTo: last.comments[1]?.id,
    });
    expect(read.statusCode, read.body).toBe(204);
    // The marker only moves forward.
    await send(ora, 'PUT', `/api/groups/${group.id}/conversation/read`, { propId: null, upTo: 1 });
    expect((await get(ora, `/api/groups/${group.id}/conversation`)).json()).toMatchObject({
      thread: { count: 3, unread: 0 },
    });
  });

  it('answers outsiders as a group that does not exist, and changes nothing', async () => {
    const { group } = await world();
    await expectNothingChanged(
      () => send(outsider, 'POST', `/api/groups/${group.id}/thread`, { body: 'hi' }),
      404,
      'Group not found',
    );
    expect((await get(outsider, `/api/groups/${group.id}/thread`)).statusCode).toBe(404);
  });
});

describe('editing and deleting', () => {
  it('lets the author edit for five minutes, then refuses', async () => {
    const { group } = await world();
    const posted = (
      await send(max, 'POST', `/api/groups/${group.id}/thread`, { body: 'Tyop' })
    ).json<Comment>();
    const edited = await send(max, 'PATCH', `/api/comments/${posted.id}`, { body: 'Typo' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ body: 'Typo', editedAt: expect.any(String) });
    await expectNothingChanged(
      () => send(ora, 'PATCH', `/api/comments/${posted.id}`, { body: 'Mine now' }),
      403,
      'You can only edit your own comments',
    );
    await db.execute(
      sql`update comments set created_at = now() - interval '301 seconds' where id = ${posted.id}`,
    );
    await expectNothingChanged(
      () => send(max, 'PATCH', `/api/comments/${posted.id}`, { body: 'Too late' }),
      409,
      'A comment can be edited only in the five minutes after posting',
    );
  });

  it('lets the author and the leader delete; the comment shows as removed', async () => {
    const { group } = await world();
    const post = async (user: TestUser, body: string) =>
      (await send(user, 'POST', `/api/groups/${group.id}/thread`, { body })).json<Comment>();
    const mine = await post(max, 'Oops');
    const rude = await post(ora, 'Rude words');
    await expectNothingChanged(
      () => send(max, 'DELETE', `/api/comments/${rude.id}`),
      403,
      'Only the author or the group leader can delete a comment',
    );
    expect((await send(max, 'DELETE', `/api/comments/${mine.id}`)).statusCode).toBe(204);
    expect((await send(leader, 'DELETE', `/api/comments/${rude.id}`)).statusCode).toBe(204);
    // Again: nothing left to do.
    expect((await send(leader, 'DELETE', `/api/comments/${rude.id}`)).statusCode).toBe(204);
    const page = (await get(ora, `/api/groups/${group.id}/thread`)).json<ThreadPage>();
    expect(page.comments).toMatchObject([
      { id: mine.id, removed: true, body: null, canDelete: false },
      { id: rude.id, removed: true, body: null, canEdit: false },
    ]);
    expect(page.comments[1]?.author.displayName).toBe('Ora');
    expect(JSON.stringify(page)).not.toContain('Rude words');
    await expectNothingChanged(
      () => send(ora, 'PATCH', `/api/comments/${rude.id}`, { body: 'Back' }),
      409,
      'This comment was removed',
    );
  });

  it('keeps a leaving member’s comments under their name and a deleted account’s as "deleted member"', async () => {
    const gone = await registerUser(app, { displayName: 'Gus' });
    const left = await registerUser(app, { displayName: 'Lou' });
    const group = await seedGroup(db, { leaderId: leader.id, memberIds: [gone.id, left.id] });
    await send(gone, 'POST', `/api/groups/${group.id}/thread`, { body: 'Bye all' });
    await send(left, 'POST', `/api/groups/${group.id}/thread`, { body: 'See ya' });
    const leaving = await send(left, 'POST', '/api/groups/leave', { groupId: group.id });
    expect(leaving.statusCode, leaving.body).toBe(200);
    const deleted = await send(gone, 'DELETE', `/api/users/${gone.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const page = (await get(leader, `/api/groups/${group.id}/thread`)).json<ThreadPage>();
    expect(page.comments.map((entry) => [entry.body, entry.author])).toEqual([
      ['Bye all', { userId: null, displayName: 'deleted member' }],
      ['See ya', { userId: left.id, displayName: 'Lou' }],
    ]);
  });
});

describe('reactions', () => {
  it('toggles one of each per member on a comment', async () => {
    const { group } = await world();
    const posted = (
      await send(max, 'POST', `/api/groups/${group.id}/thread`, { body: 'Big game' })
    ).json<Comment>();
    const url = `/api/comments/${posted.id}/reactions`;
    expect((await send(ora, 'PUT', `${url}/fire`)).statusCode).toBe(204);
    expect((await send(ora, 'PUT', `${url}/fire`)).statusCode).toBe(204);
    expect((await send(leader, 'PUT', `${url}/fire`)).statusCode).toBe(204);
    expect((await send(leader, 'PUT', `${url}/skull`)).statusCode).toBe(204);
    const reactionsAs = async (user: TestUser) =>
      (await get(user, `/api/groups/${group.id}/thread`)).json<ThreadPage>().comments[0]?.reactions;
    expect(await reactionsAs(ora)).toEqual([
      { name: 'fire', count: 2, mine: true },
      { name: 'skull', count: 1, mine: false },
    ]);
    expect((await send(ora, 'DELETE', `${url}/fire`)).statusCode).toBe(204);
    expect((await send(ora, 'DELETE', `${url}/fire`)).statusCode).toBe(204);
    expect(await reactionsAs(ora)).toEqual([
      { name: 'fire', count: 1, mine: false },
      { name: 'skull', count: 1, mine: false },
    ]);
    await expectNothingChanged(
      () => send(ora, 'PUT', `${url}/heart`),
      400,
      'A reaction is one of fire, laugh, wow, clap, sad, skull',
    );
    await expectNothingChanged(
      () => send(outsider, 'PUT', `${url}/fire`),
      404,
      'Comment not found',
    );
  });

  it('waits for the lock on a prop’s comments and on picks', async () => {
    const { group, prop } = await world();
    const pick = await seedPick(db, { userId: max.id, prop, selectedOption: 'A' });
    const posted = (await comment(max, prop.id, 'Sealed')).json<Comment>();
    // Another member's sealed comment is not there for them; the author's own waits.
    await expectNothingChanged(
      () => send(ora, 'PUT', `/api/comments/${posted.id}/reactions/wow`),
      404,
      'Comment not found',
    );
    await expectNothingChanged(
      () => send(max, 'PUT', `/api/comments/${posted.id}/reactions/wow`),
      409,
      'Reactions open when the prop locks',
    );
    await expectNothingChanged(
      () => send(ora, 'PUT', `/api/user-predictions/${pick.id}/reactions/clap`),
      409,
      'Picks stay hidden until the prop locks',
    );
    await lockGroup(group.id);
    expect((await send(ora, 'PUT', `/api/comments/${posted.id}/reactions/wow`)).statusCode).toBe(
      204,
    );
    const stream = await openStream(leader, group.id);
    const reacted = await send(ora, 'PUT', `/api/user-predictions/${pick.id}/reactions/clap`);
    expect(reacted.statusCode, reacted.body).toBe(204);
    await allEventsNumbered(app, db);
    expect((await stream.next('reaction')).data).toMatchObject({
      propId: prop.id,
      pickId: pick.id,
      commentId: null,
    });
    const answer = (await get(max, `/api/predictions/${prop.id}/comments`)).json<PropComments>();
    expect(answer.picks).toEqual([
      {
        pickId: pick.id,
        userId: max.id,
        displayName: 'Max',
        selectedOption: 'A',
        reactions: [{ name: 'clap', count: 1, mine: false }],
      },
    ]);
    expect(answer.comments[0]?.reactions).toEqual([{ name: 'wow', count: 1, mine: false }]);
    expect(
      (await send(ora, 'DELETE', `/api/user-predictions/${pick.id}/reactions/clap`)).statusCode,
    ).toBe(204);
    await expectNothingChanged(
      () => send(outsider, 'PUT', `/api/user-predictions/${pick.id}/reactions/clap`),
      404,
      'Pick not found',
    );
  });
});

describe('limits and bad input', () => {
  it('refuses empty, blank, 501 characters and control characters, changing nothing', async () => {
    const { group, prop } = await world();
    const cases: [unknown, string][] = [
      ['', 'Write something first'],
      ['   \n  ', 'Write something first'],
      ['x'.repeat(501), 'A comment can be at most 500 characters'],
      ['bell\u0007', 'A comment cannot contain control characters'],
      ['tab\there', 'A comment cannot contain control characters'],
      [42, 'Write something first'],
    ];
    for (const [body, message] of cases) {
      await expectNothingChanged(
        () => send(max, 'POST', `/api/predictions/${prop.id}/comments`, { body }),
        400,
        message,
      );
      await expectNothingChanged(
        () => send(max, 'POST', `/api/groups/${group.id}/thread`, { body }),
        400,
        message,
      );
    }
    await expectNothingChanged(
      () => send(max, 'POST', `/api/groups/${group.id}/thread`, {}),
      400,
      'Write something first',
    );
    // 500 characters, line breaks and emoji are fine.
    const longest = `${'😀'.repeat(10)}\n${'x'.repeat(489)}`;
    const posted = await send(max, 'POST', `/api/groups/${group.id}/thread`, { body: longest });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json<Comment>().body).toBe(longest);
  });

  it("refuses another group's prop and a non-member with the same 404", async () => {
    const { prop } = await world();
    const other = await seedGroup(db, { leaderId: outsider.id });
    const theirs = await seedProp(db, { groupId: other.id });
    await expectNothingChanged(() => comment(max, theirs.id, 'Hello'), 404, 'Prop not found');
    await expectNothingChanged(() => comment(outsider, prop.id, 'Hello'), 404, 'Prop not found');
    await expectNothingChanged(() => comment(max, 999_999, 'Hello'), 404, 'Prop not found');
    await expectNothingChanged(
      () =>
        send(max, 'PUT', `/api/groups/${prop.groupId}/conversation/read`, {
          propId: theirs.id,
          upTo: 1,
        }),
      404,
      'Prop not found',
    );
    expect((await get(outsider, `/api/predictions/${prop.id}/comments`)).statusCode).toBe(404);
    await expectRefusal(db, () => comment(max, prop.id, ''), 400, 'Write something first');
  });

  it('lets a member post 10 comments a minute, then answers 429 until the window passes', async () => {
    const { group, prop } = await world();
    for (let index = 0; index < 10; index += 1) {
      const target = index % 2 === 0 ? `/api/groups/${group.id}/thread` : undefined;
      const response = target
        ? await send(max, 'POST', target, { body: `Comment ${index}` })
        : await comment(max, prop.id, `Comment ${index}`);
      expect(response.statusCode, response.body).toBe(201);
    }
    await expectNothingChanged(
      () => comment(max, prop.id, 'One too many'),
      429,
      /^You can post 10 comments a minute\. Please wait \d+ seconds and try again\.$/,
    );
    // Another member has their own allowance.
    expect((await comment(ora, prop.id, 'My first')).statusCode).toBe(201);
    await db.execute(
      sql`update rate_limits set reset_at = now() where key = ${`comments:${max.id}`}`,
    );
    expect((await comment(max, prop.id, 'Next minute')).statusCode).toBe(201);
  });
});
