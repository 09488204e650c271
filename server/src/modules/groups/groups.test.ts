import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GROUP_SPORTS } from '@shared/sports';
import { INVITE_CODE_ALPHABET } from '@shared/domain/invite-code';
import { activityEvents, groupMembers, groups, picks, props } from '../../db/schema';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import {
  createTestApp,
  groupWithMember as createGroupWithMember,
  registerUser,
  type TestUser,
} from '../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;
// The first account of a fresh database is the operator (product rules §6).
const admin = await registerUser(app, { displayName: 'Operator' });

const groupRow = async (id: number) => (await db.select().from(groups).where(eq(groups.id, id)))[0];
const memberIdsOf = async (groupId: number) =>
  (await db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId)))
    .map((row) => row.userId)
    .sort((a, b) => a - b);
const membership = async (groupId: number, userId: number) =>
  (
    await db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
  )[0];
const eventsOf = async (groupId: number) =>
  db.select().from(activityEvents).where(eq(activityEvents.groupId, groupId));
const groupCount = async () => (await db.select({ id: groups.id }).from(groups)).length;

const groupWithMember = (settings: Record<string, unknown> = {}) =>
  createGroupWithMember(app, settings);

const put = (user: TestUser, url: string, payload: unknown) =>
  user.request({ method: 'PUT', url, payload: payload as Record<string, unknown> });

describe('POST /api/groups', () => {
  it('creates a group with the spec defaults; the creator leads it and is its first member', async () => {
    const leader = await registerUser(app, { displayName: 'Creator' });
    const response = await leader.request({
      method: 'POST',
      url: '/api/groups',
      payload: { name: '  Office Pool  ' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({ id: leader.id, displayName: 'Creator' });
    expect(body.group).toMatchObject({
      name: 'Office Pool',
      leaderId: leader.id,
      isOfficial: false,
      isLocked: false,
      isManuallyLocked: false,
      lockType: 'game',
      lockValue: null,
      invitePermission: 'leader',
      allowMemberProps: false,
      listType: 'prebuilt',
      trackPaymentStatus: false,
      activeSports: [...GROUP_SPORTS],
      memberCount: 1,
      isJoined: true,
      isLeader: true,
      isPaid: false,
    });
    expect(body.group.code).toMatch(new RegExp(`^[${INVITE_CODE_ALPHABET}]{8}$`));
    expect(await memberIdsOf(body.group.id)).toEqual([leader.id]);
    expect((await groupRow(body.group.id))?.code).toBe(body.group.code);
  });

  it('honours the settings sent, allowMemberProps included', async () => {
    const leader = await registerUser(app);
    const response = await leader.request({
      method: 'POST',
      url: '/api/groups',
      payload: {
        name: 'Family',
        activeSports: ['NFL', 'NBA', 'NFL'],
        invitePermission: 'all',
        listType: 'private',
        lockType: 'leader',
        allowMemberProps: true,
        trackPaymentStatus: true,
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().group).toMatchObject({
      activeSports: ['NFL', 'NBA'],
      invitePermission: 'all',
      listType: 'private',
      lockType: 'leader',
      allowMemberProps: true,
      trackPaymentStatus: true,
    });
  });

  it('makes the signed-in user the leader whatever leaderId or userId the body names', async () => {
    const victim = await registerUser(app);
    const caller = await registerUser(app);
    const response = await caller.request({
      method: 'POST',
      url: '/api/groups',
      headers: { 'x-user-id': String(victim.id) },
      payload: { name: 'Mine', leaderId: victim.id, userId: victim.id },
    });
    expect(response.statusCode).toBe(201);
    const group = await groupRow(response.json().group.id);
    expect(group?.leaderId).toBe(caller.id);
    expect(await memberIdsOf(response.json().group.id)).toEqual([caller.id]);
  });

  it.each([
    [{ name: '   ' }, 'Group name is required', 'name'],
    [{}, 'Group name is required', 'name'],
    [{ name: 'x'.repeat(61) }, 'Group name must be at most 60 characters', 'name'],
    [{ name: 'Ok', activeSports: [] }, 'At least one sport must be selected', 'activeSports'],
    [{ name: 'Ok', activeSports: ['Cricket'] }, undefined, 'activeSports.0'],
    [
      { name: 'Ok', invitePermission: 'everyone' },
      "Invite permission must be 'leader' or 'all'",
      'invitePermission',
    ],
    [
      { name: 'Ok', lockType: 'sometimes' },
      "Lock type must be 'game', 'time' or 'leader'",
      'lockType',
    ],
    [{ name: 'Ok', lockType: 'time' }, 'Choose the lock time for a time-locked group', 'lockValue'],
    [
      { name: 'Ok', lockType: 'time', lockValue: 'tomorrow' },
      'Lock time must be a date and time',
      'lockValue',
    ],
    [
      { name: 'Ok', lockType: 'time', lockValue: '0000-01-01T00:00:00Z' },
      'Lock time must be a date and time',
      'lockValue',
    ],
    [{ name: '\u0007\u001b ' }, 'Group name is required', 'name'],
    [
      { name: 'Ok', allowMemberProps: 'yes' },
      'allowMemberProps must be true or false',
      'allowMemberProps',
    ],
  ])('refuses %j with 400 and creates nothing', async (payload, message, field) => {
    const user = await registerUser(app);
    const before = await groupCount();
    const response = await user.request({ method: 'POST', url: '/api/groups', payload });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    if (message) expect(body.message).toBe(message);
    expect(Object.keys(body.fieldErrors)).toContain(field);
    expect(await groupCount()).toBe(before);
  });

  it('strips control characters from the name rather than failing on them', async () => {
    const user = await registerUser(app);
    const response = await user.request({
      method: 'POST',
      url: '/api/groups',
      payload: { name: 'Bell\u0007 Pool\n' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().group.name).toBe('Bell Pool');
  });

  it('accepts a time lock with its time', async () => {
    const user = await registerUser(app);
    const lockValue = hoursFromNow(24).toISOString();
    const response = await user.request({
      method: 'POST',
      url: '/api/groups',
      payload: { name: 'Timed', lockType: 'time', lockValue },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().group).toMatchObject({ lockType: 'time', lockValue, isLocked: false });
  });

  it('answers malformed JSON with 400 and creates nothing', async () => {
    const user = await registerUser(app);
    const before = await groupCount();
    const response = await user.request({
      method: 'POST',
      url: '/api/groups',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is not valid JSON');
    expect(await groupCount()).toBe(before);
  });
});

describe('POST /api/groups/join', () => {
  it('joins with the code typed in lower case and with spaces', async () => {
    const leader = await registerUser(app);
    const joiner = await registerUser(app, { displayName: 'Joiner' });
    const group = await seedGroup(db, { leaderId: leader.id, name: 'Lowercase Club' });
    const response = await joiner.request({
      method: 'POST',
      url: '/api/groups/join',
      payload: { code: `  ${group.code.toLowerCase()} `, userId: leader.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { id: joiner.id, displayName: 'Joiner' },
      group: { id: group.id, name: 'Lowercase Club', isLeader: false, memberCount: 2 },
      alreadyMember: false,
    });
    expect(await memberIdsOf(group.id)).toEqual([leader.id, joiner.id].sort((a, b) => a - b));
  });

  it('hides the code from members when only the leader may invite, and shows it when all may', async () => {
    const leaderOnly = await groupWithMember({ invitePermission: 'leader' });
    const forMember = await leaderOnly.member.request({
      method: 'GET',
      url: `/api/groups/${leaderOnly.groupId}`,
    });
    expect(forMember.json().code).toBeNull();
    const forLeader = await leaderOnly.leader.request({
      method: 'GET',
      url: `/api/groups/${leaderOnly.groupId}`,
    });
    expect(forLeader.json().code).toBe(leaderOnly.code);

    const open = await groupWithMember({ invitePermission: 'all' });
    const openForMember = await open.member.request({
      method: 'GET',
      url: `/api/groups/${open.groupId}`,
    });
    expect(openForMember.json().code).toBe(open.code);
  });

  it('answers a member entering the code again with the group, and adds nothing', async () => {
    const { member, leader, groupId, code } = await groupWithMember();
    for (const user of [member, leader]) {
      const response = await user.request({
        method: 'POST',
        url: '/api/groups/join',
        payload: { code: code.toLowerCase() },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        alreadyMember: true,
        user: { id: user.id },
        group: { id: groupId, isJoined: true, isLeader: user === leader },
      });
    }
    expect(await memberIdsOf(groupId)).toHaveLength(2);
    const activity = await member.request({
      method: 'GET',
      url: `/api/activity-events/${groupId}`,
    });
    expect(activity.json()).toEqual([]);
  });

  it('takes a member to their group even once it has expired; a newcomer is refused', async () => {
    const leader = await registerUser(app);
    const outsider = await registerUser(app);
    const group = await seedGroup(db, { leaderId: leader.id, expiresAt: hoursFromNow(-1) });
    const again = await leader.request({
      method: 'POST',
      url: '/api/groups/join',
      payload: { code: group.code },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ alreadyMember: true, group: { id: group.id } });
    const newcomer = await outsider.request({
      method: 'POST',
      url: '/api/groups/join',
      payload: { code: group.code },
    });
    expect(newcomer.statusCode).toBe(422);
  });

  it('answers an unknown code with 404 and a blank one with 400', async () => {
    const user = await registerUser(app);
    const unknown = await user.request({
      method: 'POST',
      url: '/api/groups/join',
      payload: { code: 'ZZZZ9999' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No group has that code. Check the code and try again.');
    const blank = await user.request({
      method: 'POST',
      url: '/api/groups/join',
      payload: { code: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Group code is required');
    for (const code of ['AB\u0007CD', 'ABC-DEF', 'ÅBCDEF']) {
      const odd = await user.request({
        method: 'POST',
        url: '/api/groups/join',
        payload: { code },
      });
      expect(odd.statusCode).toBe(400);
      expect(odd.json().message).toBe('Group codes contain only letters and numbers');
    }
    const missing = await user.request({ method: 'POST', url: '/api/groups/join', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Group code is required');
    expect(
      await db.select().from(groupMembers).where(eq(groupMembers.userId, user.id)),
    ).toHaveLength(0);
  });

  it('refuses the code of an official event: those are joined with a social username', async () => {
    const joiner = await registerUser(app);
    const event = await seedGroup(db, { leaderId: admin.id, isOfficial: true, name: 'Big Event' });
    const response = await joiner.request({
      method: 'POST',
      url: '/api/groups/join',
      payload: { code: event.code },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('official event');
    expect(await membership(event.id, joiner.id)).toBeUndefined();
  });

  it('refuses an expired group', async () => {
    const leader = await registerUser(app);
    const joiner = await registerUser(app);
    const group = await seedGroup(db, { leaderId: leader.id, expiresAt: hoursFromNow(-1) });
    const response = await joiner.request({
      method: 'POST',
      url: '/api/groups/join',
      payload: { code: group.code },
    });
    expect(response.statusCode).toBe(422);
    expect(await membership(group.id, joiner.id)).toBeUndefined();
  });

  it('limits guessing: after 10 attempts in the window the next is 429, even with a good code', async () => {
    const leader = await registerUser(app);
    const guesser = await registerUser(app);
    const group = await seedGroup(db, { leaderId: leader.id });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await guesser.request({
        method: 'POST',
        url: '/api/groups/join',
        payload: { code: `GUESS${attempt}AA` },
      });
      expect(response.statusCode).toBe(404);
    }
    const blocked = await guesser.request({
      method: 'POST',
      url: '/api/groups/join',
      payload: { code: group.code },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts/);
    expect(await membership(group.id, guesser.id)).toBeUndefined();

    // The budget is the guesser's own: someone else can still join.
    const other = await registerUser(app);
    const allowed = await other.request({
      method: 'POST',
      url: '/api/groups/join',
      payload: { code: group.code },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('is 401 when signed out', async () => {
    const leader = await registerUser(app);
    const group = await seedGroup(db, { leaderId: leader.id });
    const response = await app.inject({
      method: 'POST',
      url: '/api/groups/join',
      payload: { code: group.code },
    });
    expect(response.statusCode).toBe(401);
    expect(await memberIdsOf(group.id)).toEqual([leader.id]);
  });
});

describe('POST /api/groups/join-official', () => {
  it('joins an official event and stores the trimmed social username with the membership', async () => {
    const fan = await registerUser(app, { displayName: 'Fan' });
    const event = await seedGroup(db, {
      leaderId: admin.id,
      isOfficial: true,
      name: 'Playoff Challenge',
    });
    const response = await fan.request({
      method: 'POST',
      url: '/api/groups/join-official',
      payload: { groupId: event.id, userId: admin.id, socialUsername: '  u/fan_123 ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { id: fan.id },
      group: { id: event.id, name: 'Playoff Challenge', isOfficial: true, isLeader: false },
    });
    expect((await membership(event.id, fan.id))?.socialUsername).toBe('u/fan_123');

    const again = await fan.request({
      method: 'POST',
      url: '/api/groups/join-official',
      payload: { groupId: event.id, socialUsername: '@other' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are already in this group');
    expect((await membership(event.id, fan.id))?.socialUsername).toBe('u/fan_123');
  });

  it.each([
    [{ socialUsername: '   ' }, 'Please enter your Discord or Reddit username'],
    [{}, 'Please enter your Discord or Reddit username'],
    [{ socialUsername: 'x'.repeat(65) }, 'Username must be at most 64 characters'],
    [{ socialUsername: '\u0007\t' }, 'Please enter your Discord or Reddit username'],
  ])('refuses %j with 400 and joins nothing', async (fields, message) => {
    const fan = await registerUser(app);
    const event = await seedGroup(db, { leaderId: admin.id, isOfficial: true });
    const response = await fan.request({
      method: 'POST',
      url: '/api/groups/join-official',
      payload: { groupId: event.id, ...fields },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await membership(event.id, fan.id)).toBeUndefined();
  });

  it('refuses ordinary groups and unknown ids alike with 404', async () => {
    const leader = await registerUser(app);
    const fan = await registerUser(app);
    const ordinary = await seedGroup(db, { leaderId: leader.id });
    for (const groupId of [ordinary.id, 999_999]) {
      const response = await fan.request({
        method: 'POST',
        url: '/api/groups/join-official',
        payload: { groupId, socialUsername: '@fan' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Official event not found' });
    }
    expect(await membership(ordinary.id, fan.id)).toBeUndefined();
  });
});

describe('POST /api/groups/leave', () => {
  it("removes the membership and the member's picks in that group only, in one go", async () => {
    const { leader, member, groupId } = await groupWithMember();
    const prop = await seedProp(db, { groupId });
    await seedPick(db, { userId: member.id, prop, selectedOption: 'A' });
    await seedPick(db, { userId: leader.id, prop, selectedOption: 'B' });
    const elsewhere = await seedGroup(db, { leaderId: leader.id, memberIds: [member.id] });
    const otherProp = await seedProp(db, { groupId: elsewhere.id });
    await seedPick(db, { userId: member.id, prop: otherProp, selectedOption: 'A' });

    const response = await member.request({
      method: 'POST',
      url: '/api/groups/leave',
      payload: { groupId, userId: member.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: expect.objectContaining({ id: member.id }) });
    expect(await memberIdsOf(groupId)).toEqual([leader.id]);
    const remaining = await db.select().from(picks);
    expect(remaining.filter((pick) => pick.groupId === groupId).map((pick) => pick.userId)).toEqual(
      [leader.id],
    );
    expect(
      remaining.some((pick) => pick.groupId === elsewhere.id && pick.userId === member.id),
    ).toBe(true);
    expect(await membership(elsewhere.id, member.id)).toBeDefined();
  });

  it('refuses the leader with 403 and a clear message, changing nothing', async () => {
    const { leader, groupId } = await groupWithMember();
    const prop = await seedProp(db, { groupId });
    await seedPick(db, { userId: leader.id, prop, selectedOption: 'A' });
    const response = await leader.request({
      method: 'POST',
      url: '/api/groups/leave',
      payload: { groupId },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'The group leader cannot leave the group. Delete the group instead.',
    });
    expect(await memberIdsOf(groupId)).toHaveLength(2);
    expect(await db.select().from(picks).where(eq(picks.propId, prop.id))).toHaveLength(1);
  });

  it('only ever removes the caller: a userId in the body names nobody', async () => {
    const { leader, member, groupId } = await groupWithMember();
    const outsider = await registerUser(app);
    const response = await outsider.request({
      method: 'POST',
      url: '/api/groups/leave',
      payload: { groupId, userId: member.id },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Group not found' });
    expect(await memberIdsOf(groupId)).toEqual([leader.id, member.id].sort((a, b) => a - b));
  });

  it('answers a bad group id with 400 or 404, never 500', async () => {
    const user = await registerUser(app);
    const bad = await user.request({
      method: 'POST',
      url: '/api/groups/leave',
      payload: { groupId: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    const huge = await user.request({
      method: 'POST',
      url: '/api/groups/leave',
      payload: { groupId: 1e12 },
    });
    expect(huge.statusCode).toBe(400);
    const missing = await user.request({
      method: 'POST',
      url: '/api/groups/leave',
      payload: { groupId: 424242 },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /api/groups/:id', () => {
  it('gives members the group with their own membership: leader flag and payment status', async () => {
    const { leader, member, groupId } = await groupWithMember({ trackPaymentStatus: true });
    await db.update(groupMembers).set({ isPaid: true }).where(eq(groupMembers.userId, member.id));
    const forMember = await member.request({ method: 'GET', url: `/api/groups/${groupId}` });
    expect(forMember.statusCode).toBe(200);
    expect(forMember.json()).toMatchObject({
      id: groupId,
      leaderId: leader.id,
      isLeader: false,
      isPaid: true,
      trackPaymentStatus: true,
      memberCount: 2,
      isJoined: true,
    });
    const forLeader = await leader.request({ method: 'GET', url: `/api/groups/${groupId}` });
    expect(forLeader.json()).toMatchObject({ isLeader: true, isPaid: false });
  });

  it('reports the lock the server decides: a passed lock time locks without anyone sending isLocked', async () => {
    const leader = await registerUser(app);
    const group = await seedGroup(db, {
      leaderId: leader.id,
      lockType: 'time',
      lockValue: hoursFromNow(-1),
      isLocked: false,
    });
    const response = await leader.request({ method: 'GET', url: `/api/groups/${group.id}` });
    expect(response.json()).toMatchObject({
      isLocked: true,
      isManuallyLocked: false,
      lockType: 'time',
    });
  });

  it('answers outsiders exactly as it answers ids that do not exist', async () => {
    const { groupId } = await groupWithMember();
    const outsider = await registerUser(app);
    const responses = await Promise.all(
      [
        `/api/groups/${groupId}`,
        '/api/groups/987654',
        '/api/groups/abc',
        '/api/groups/99999999999',
      ].map((url) => outsider.request({ method: 'GET', url })),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Group not found' });
    }
  });
});

describe('PUT /api/groups/:id', () => {
  it('lets the leader change the writable settings', async () => {
    const { leader, groupId } = await groupWithMember();
    const lockValue = hoursFromNow(48).toISOString();
    const response = await put(leader, `/api/groups/${groupId}`, {
      name: 'Renamed',
      lockType: 'time',
      lockValue,
      isLocked: true,
      trackPaymentStatus: true,
      allowMemberProps: true,
      invitePermission: 'all',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Renamed',
      lockType: 'time',
      lockValue,
      isLocked: true,
      isManuallyLocked: true,
      trackPaymentStatus: true,
      allowMemberProps: true,
      invitePermission: 'all',
    });
    expect(await groupRow(groupId)).toMatchObject({
      name: 'Renamed',
      isLocked: true,
      lockType: 'time',
    });

    const unlock = await put(leader, `/api/groups/${groupId}`, { isLocked: false });
    expect(unlock.json()).toMatchObject({
      isLocked: false,
      name: 'Renamed',
      lockType: 'time',
      lockValue,
    });
  });

  it.each([
    [{ leaderId: 1 }, 'leaderId'],
    [{ code: 'AAAAAAAA' }, 'code'],
    [{ isOfficial: true, name: 'Sneaky' }, 'isOfficial'],
    [{ activeSports: ['NFL'] }, 'activeSports'],
  ])('refuses %j: only the listed settings are writable', async (payload, field) => {
    const { leader, groupId } = await groupWithMember();
    const before = await groupRow(groupId);
    const response = await put(leader, `/api/groups/${groupId}`, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toMatch(/^Only these group settings can be changed: name, isLocked/);
    expect(Object.keys(body.fieldErrors)).toContain(field);
    expect(await groupRow(groupId)).toEqual(before);
  });

  it('refuses a time lock without a time, judged on the stored settings too', async () => {
    const { leader, groupId } = await groupWithMember();
    const before = await groupRow(groupId);
    const noTime = await put(leader, `/api/groups/${groupId}`, { lockType: 'time' });
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json()).toEqual({
      message: 'Choose the lock time for a time-locked group',
      fieldErrors: { lockValue: ['Choose the lock time for a time-locked group'] },
    });
    expect(await groupRow(groupId)).toEqual(before);

    const lockValue = hoursFromNow(5).toISOString();
    expect(
      (await put(leader, `/api/groups/${groupId}`, { lockType: 'time', lockValue })).statusCode,
    ).toBe(200);
    const clear = await put(leader, `/api/groups/${groupId}`, { lockValue: null });
    expect(clear.statusCode).toBe(400);
    expect((await groupRow(groupId))?.lockValue?.toISOString()).toBe(lockValue);
    // Moving off the time lock may clear the time.
    const toLeader = await put(leader, `/api/groups/${groupId}`, {
      lockType: 'leader',
      lockValue: null,
    });
    expect(toLeader.statusCode).toBe(200);
    expect(toLeader.json()).toMatchObject({ lockType: 'leader', lockValue: null });
  });

  it.each([
    [{ name: '  ' }, 'Group name is required'],
    [{ isLocked: 'yes' }, 'isLocked must be true or false'],
    [{ lockValue: 'soon' }, 'Lock time must be a date and time'],
    [{ invitePermission: 'nobody' }, "Invite permission must be 'leader' or 'all'"],
  ])('refuses %j with 400 and changes nothing', async (payload, message) => {
    const { leader, groupId } = await groupWithMember();
    const before = await groupRow(groupId);
    const response = await put(leader, `/api/groups/${groupId}`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await groupRow(groupId)).toEqual(before);
  });

  it('treats an empty body as no change', async () => {
    const { leader, groupId } = await groupWithMember();
    const before = await groupRow(groupId);
    const response = await put(leader, `/api/groups/${groupId}`, {});
    expect(response.statusCode).toBe(200);
    expect(await groupRow(groupId)).toEqual(before);
  });

  it('refuses members with 403 and changes nothing', async () => {
    const { member, groupId } = await groupWithMember();
    const before = await groupRow(groupId);
    const response = await put(member, `/api/groups/${groupId}`, {
      isLocked: true,
      name: 'Mine now',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Only the group leader can do that' });
    expect(await groupRow(groupId)).toEqual(before);
  });
});

describe('DELETE /api/groups/:id', () => {
  it('deletes the group with its members, props, picks and activity', async () => {
    const { leader, member, groupId } = await groupWithMember({ trackPaymentStatus: true });
    const prop = await seedProp(db, { groupId });
    await seedPick(db, { userId: member.id, prop, selectedOption: 'A' });
    await put(leader, `/api/groups/${groupId}/payment-status`, { userId: member.id, isPaid: true });
    expect(await eventsOf(groupId)).toHaveLength(1);

    const response = await leader.request({ method: 'DELETE', url: `/api/groups/${groupId}` });
    expect(response.statusCode).toBe(204);
    expect(await groupRow(groupId)).toBeUndefined();
    expect(await memberIdsOf(groupId)).toEqual([]);
    expect(await db.select().from(props).where(eq(props.groupId, groupId))).toEqual([]);
    expect(await db.select().from(picks).where(eq(picks.groupId, groupId))).toEqual([]);
    expect(await eventsOf(groupId)).toEqual([]);
    const after = await member.request({ method: 'GET', url: `/api/groups/${groupId}` });
    expect(after.statusCode).toBe(404);
  });

  it('refuses members with 403 and deletes nothing', async () => {
    const { member, groupId } = await groupWithMember();
    const prop = await seedProp(db, { groupId });
    const response = await member.request({ method: 'DELETE', url: `/api/groups/${groupId}` });
    expect(response.statusCode).toBe(403);
    expect(await groupRow(groupId)).toBeDefined();
    expect(await memberIdsOf(groupId)).toHaveLength(2);
    expect(await db.select().from(props).where(eq(props.id, prop.id))).toHaveLength(1);
  });
});

describe('GET /api/groups/:id/members', () => {
  it('lists the members with the leader marked, and a member only their own payment status', async () => {
    const { leader, member, groupId } = await groupWithMember();
    await db.update(groupMembers).set({ isPaid: true }).where(eq(groupMembers.userId, member.id));
    const response = await member.request({ method: 'GET', url: `/api/groups/${groupId}/members` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: leader.id, displayName: 'Lead', isLeader: true },
      { id: member.id, displayName: 'Mem', isPaid: true, isLeader: false },
    ]);
  });
});

describe('PUT /api/groups/:id/payment-status', () => {
  it('marks a member PAID and UNPAID, recording each change with the leader and member names', async () => {
    const { leader, member, groupId } = await groupWithMember({ trackPaymentStatus: true });
    const paid = await put(leader, `/api/groups/${groupId}/payment-status`, {
      userId: member.id,
      isPaid: true,
      leaderId: member.id,
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({
      id: member.id,
      displayName: 'Mem',
      isPaid: true,
      isLeader: false,
    });
    expect((await membership(groupId, member.id))?.isPaid).toBe(true);

    // The same status again changes nothing and records nothing.
    expect(
      (
        await put(leader, `/api/groups/${groupId}/payment-status`, {
          userId: member.id,
          isPaid: true,
        })
      ).statusCode,
    ).toBe(200);
    const unpaid = await put(leader, `/api/groups/${groupId}/payment-status`, {
      userId: member.id,
      isPaid: false,
    });
    expect(unpaid.json().isPaid).toBe(false);

    const events = (await eventsOf(groupId)).sort((a, b) => a.id - b.id);
    expect(events.map((event) => [event.eventType, event.eventData, event.actorId])).toEqual([
      [
        'payment_status_update',
        {
          leaderName: 'Lead',
          leaderId: leader.id,
          targetUserName: 'Mem',
          targetUserId: member.id,
          newStatus: 'PAID',
        },
        leader.id,
      ],
      [
        'payment_status_update',
        {
          leaderName: 'Lead',
          leaderId: leader.id,
          targetUserName: 'Mem',
          targetUserId: member.id,
          newStatus: 'UNPAID',
        },
        leader.id,
      ],
    ]);
    // The member sees their own status on the group page.
    const details = await member.request({ method: 'GET', url: `/api/groups/${groupId}` });
    expect(details.json().isPaid).toBe(false);
  });

  it('shows a payment change in the feed to the leader and that member only', async () => {
    const { leader, member, groupId, code } = await groupWithMember({ trackPaymentStatus: true });
    const other = await registerUser(app, { displayName: 'Other' });
    expect(
      (await other.request({ method: 'POST', url: '/api/groups/join', payload: { code } }))
        .statusCode,
    ).toBe(200);
    for (const target of [member, other]) {
      const marked = await put(leader, `/api/groups/${groupId}/payment-status`, {
        userId: target.id,
        isPaid: true,
      });
      expect(marked.statusCode).toBe(200);
    }
    // A prop deleted: an event everyone sees, newer than the payment events.
    const prop = await seedProp(db, { groupId, title: 'Coin toss' });
    await leader.request({ method: 'DELETE', url: `/api/predictions/${prop.id}` });

    const feedOf = async (user: TestUser, limit?: number) => {
      const response = await user.request({
        method: 'GET',
        url: `/api/activity-events/${groupId}${limit ? `?limit=${limit}` : ''}`,
      });
      expect(response.statusCode).toBe(200);
      return response
        .json<{ eventType: string; eventData: Record<string, unknown> }[]>()
        .map((event) =>
          event.eventType === 'payment_status_update'
            ? `paid:${String(event.eventData.targetUserName)}`
            : event.eventType,
        );
    };
    expect(await feedOf(leader)).toEqual(['prop_deleted', 'paid:Other', 'paid:Mem']);
    expect(await feedOf(member)).toEqual(['prop_deleted', 'paid:Mem']);
    expect(await feedOf(other)).toEqual(['prop_deleted', 'paid:Other']);
    // The limit counts what the viewer may see: the member's two newest are theirs.
    expect(await feedOf(member, 2)).toEqual(['prop_deleted', 'paid:Mem']);

    // An event written before the target was recorded reaches the leader only.
    await db.insert(activityEvents).values({
      groupId,
      actorId: leader.id,
      eventType: 'payment_status_update',
      eventData: { leaderName: 'Lead', targetUserName: 'Mem', newStatus: 'UNPAID' },
    });
    expect(await feedOf(leader)).toHaveLength(4);
    expect(await feedOf(member)).toEqual(['prop_deleted', 'paid:Mem']);
  });

  it('refuses while payment tracking is off, changing and recording nothing', async () => {
    const { leader, member, groupId } = await groupWithMember({ trackPaymentStatus: false });
    const response = await put(leader, `/api/groups/${groupId}/payment-status`, {
      userId: member.id,
      isPaid: true,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Payment tracking is off for this group. Turn it on in the group settings first.',
    );
    expect((await membership(groupId, member.id))?.isPaid).toBe(false);
    expect(await eventsOf(groupId)).toEqual([]);
  });

  it('refuses a target who is not a member, changing and recording nothing', async () => {
    const { leader, groupId } = await groupWithMember({ trackPaymentStatus: true });
    const stranger = await registerUser(app);
    const elsewhere = await seedGroup(db, { leaderId: stranger.id });
    const response = await put(leader, `/api/groups/${groupId}/payment-status`, {
      userId: stranger.id,
      isPaid: true,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('That person is not a member of this group');
    expect((await membership(elsewhere.id, stranger.id))?.isPaid).toBe(false);
    expect(await eventsOf(groupId)).toEqual([]);
  });

  it.each([
    [{ isPaid: true }, 'Choose the member to mark'],
    [{ userId: 2, isPaid: 'yes' }, 'isPaid must be true or false'],
  ])('refuses %j with 400', async (payload, message) => {
    const { leader, groupId } = await groupWithMember({ trackPaymentStatus: true });
    const response = await put(leader, `/api/groups/${groupId}/payment-status`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await eventsOf(groupId)).toEqual([]);
  });

  it('refuses members with 403', async () => {
    const { member, groupId } = await groupWithMember({ trackPaymentStatus: true });
    const response = await put(member, `/api/groups/${groupId}/payment-status`, {
      userId: member.id,
      isPaid: true,
    });
    expect(response.statusCode).toBe(403);
    expect((await membership(groupId, member.id))?.isPaid).toBe(false);
  });
});

describe('DELETE /api/groups/:id/unlocked-props', () => {
  it('deletes the props that are unlocked right now, with their picks, and records how many', async () => {
    const { leader, member, groupId } = await groupWithMember({ lockType: 'game' });
    const upcoming = await seedProp(db, { groupId, gameDate: hoursFromNow(2), title: 'upcoming' });
    const undated = await seedProp(db, { groupId, gameDate: null, title: 'undated' });
    const started = await seedProp(db, { groupId, gameDate: hoursFromNow(-2), title: 'started' });
    const decided = await seedProp(db, {
      groupId,
      gameDate: hoursFromNow(2),
      result: 'A',
      title: 'decided',
    });
    const voided = await seedProp(db, {
      groupId,
      gameDate: hoursFromNow(2),
      result: 'N/A',
      title: 'void',
    });
    for (const prop of [upcoming, undated, started, decided, voided]) {
      await seedPick(db, { userId: member.id, prop, selectedOption: 'A' });
    }

    const response = await leader.request({
      method: 'DELETE',
      url: `/api/groups/${groupId}/unlocked-props`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Deleted 2 unlocked props', count: 2 });
    const left = await db.select().from(props).where(eq(props.groupId, groupId));
    expect(left.map((prop) => prop.title).sort()).toEqual(['decided', 'started', 'void']);
    const leftPicks = await db.select().from(picks).where(eq(picks.groupId, groupId));
    expect(leftPicks.map((pick) => pick.propId).sort()).toEqual(
      [started.id, decided.id, voided.id].sort(),
    );
    const events = await eventsOf(groupId);
    expect(events.map((event) => [event.eventType, event.eventData])).toEqual([
      ['props_bulk_deleted', { count: 2, type: 'unlocked' }],
    ]);
  });

  it.each([
    ['a passed lock time', { lockType: 'time' as const, lockValue: hoursFromNow(-1) }],
    ['a manual lock under lock type leader', { lockType: 'leader' as const, isLocked: true }],
  ])('deletes nothing when the group is locked by %s', async (_name, settings) => {
    const leader = await registerUser(app);
    const group = await seedGroup(db, { leaderId: leader.id, ...settings });
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(5) });
    const response = await leader.request({
      method: 'DELETE',
      url: `/api/groups/${group.id}/unlocked-props`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'There were no unlocked props to delete',
      count: 0,
    });
    expect(await db.select().from(props).where(eq(props.groupId, group.id))).toHaveLength(1);
    expect(await eventsOf(group.id)).toEqual([]);
  });

  it('refuses members with 403 and deletes nothing', async () => {
    const { member, groupId } = await groupWithMember();
    await seedProp(db, { groupId, gameDate: hoursFromNow(3) });
    const response = await member.request({
      method: 'DELETE',
      url: `/api/groups/${groupId}/unlocked-props`,
    });
    expect(response.statusCode).toBe(403);
    expect(await db.select().from(props).where(eq(props.groupId, groupId))).toHaveLength(1);
    expect(await eventsOf(groupId)).toEqual([]);
  });
});

describe('POST /api/admin/groups/official', () => {
  it('lets the operator create an official event, which everyone else sees as not joined', async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/groups/official',
      payload: {
        name: ' Super Bowl Challenge ',
        leaderId: 12345,
        activeSports: ['NFL', 'NCAAF'],
        invitePermission: 'leader',
        listType: 'prebuilt',
        lockType: 'game',
      },
    });
    expect(response.statusCode).toBe(201);
    const { group } = response.json();
    expect(group).toEqual({
      id: expect.any(Number),
      name: 'Super Bowl Challenge',
      code: expect.any(String),
    });
    expect(await groupRow(group.id)).toMatchObject({
      isOfficial: true,
      leaderId: admin.id,
      listType: 'prebuilt',
      activeSports: ['NFL', 'NCAAF'],
      allowMemberProps: false,
    });

    const fan = await registerUser(app);
    const cards = await fan.request({ method: 'GET', url: `/api/users/${fan.id}/groups` });
    expect(cards.json()).toContainEqual(
      expect.objectContaining({ id: group.id, isOfficial: true, isJoined: false, isLeader: false }),
    );
  });

  it.each([
    [{ name: '', activeSports: ['NFL'] }, 'Group name is required'],
    [{ name: '   ', activeSports: [] }, 'Group name is required'],
    [{ name: 'Event', activeSports: [] }, 'At least one sport must be selected'],
    [{ name: 'Event' }, 'At least one sport must be selected'],
    [
      { name: 'Event', activeSports: ['Crazy Props'] },
      'Sports must be among NFL, NCAAF, NBA, MLB, NHL',
    ],
    [
      { name: 'Event', activeSports: ['NFL'], invitePermission: 'x' },
      "Invite permission must be 'leader' or 'all'",
    ],
    [
      { name: 'Event', activeSports: ['NFL'], lockType: 'x' },
      "Lock type must be 'game', 'time' or 'leader'",
    ],
    [
      { name: 'Event', activeSports: ['NFL'], listType: 'private' },
      'Official events are always prebuilt',
    ],
  ])('refuses %j with the form message and creates nothing', async (payload, message) => {
    const before = await groupCount();
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/groups/official',
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await groupCount()).toBe(before);
  });

  it('refuses everyone but the operator with 403', async () => {
    const user = await registerUser(app);
    const before = await groupCount();
    const response = await user.request({
      method: 'POST',
      url: '/api/admin/groups/official',
      payload: { name: 'Fake Event', activeSports: ['NFL'] },
    });
    expect(response.statusCode).toBe(403);
    expect(await groupCount()).toBe(before);
  });
});
