import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groupMembers, groups, sessions, users } from '../../db/schema';
import { createTestApp, registerUser } from '../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;

const displayNameOf = async (id: number) =>
  (await db.select({ name: users.displayName }).from(users).where(eq(users.id, id)))[0]?.name;

describe('PUT /api/users/:id', () => {
  it('renames the signed-in user and returns the user', async () => {
    const ann = await registerUser(app, { displayName: 'Ann' });
    const response = await ann.request({
      method: 'PUT',
      url: `/api/users/${ann.id}`,
      payload: { displayName: '  Annie\u0007 ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ann.id, displayName: 'Annie' });
    expect(await displayNameOf(ann.id)).toBe('Annie');
  });

  it('refuses a blank name with the spec message and changes nothing', async () => {
    const bob = await registerUser(app, { displayName: 'Bob' });
    const response = await bob.request({
      method: 'PUT',
      url: `/api/users/${bob.id}`,
      payload: { displayName: '   ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Display name is required');
    expect(await displayNameOf(bob.id)).toBe('Bob');
  });

  it('refuses to rename someone else, whatever the body or headers claim', async () => {
    const victim = await registerUser(app, { displayName: 'Victim' });
    const attacker = await registerUser(app);
    const response = await attacker.request({
      method: 'PUT',
      url: `/api/users/${victim.id}`,
      headers: { 'x-user-id': String(victim.id) },
      payload: { displayName: 'Pwned', userId: victim.id },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You can only change your own account' });
    expect(await displayNameOf(victim.id)).toBe('Victim');
  });

  it('is 401 when signed out', async () => {
    const someone = await registerUser(app, { displayName: 'Someone' });
    const response = await app.inject({
      method: 'PUT',
      url: `/api/users/${someone.id}`,
      payload: { displayName: 'Changed' },
    });
    expect(response.statusCode).toBe(401);
    expect(await displayNameOf(someone.id)).toBe('Someone');
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes the account and its sessions; the name is free again', async () => {
    const gone = await registerUser(app, { username: 'leaving', password: 'abc' });
    const response = await gone.request({ method: 'DELETE', url: `/api/users/${gone.id}` });
    expect(response.statusCode).toBe(204);
    expect(await displayNameOf(gone.id)).toBeUndefined();
    expect(await db.select().from(sessions).where(eq(sessions.userId, gone.id))).toHaveLength(0);
    expect((await gone.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'leaving', password: 'abc' },
    });
    expect(login.statusCode).toBe(401);
    const again = await registerUser(app, { username: 'leaving' });
    expect(again.id).not.toBe(gone.id);
  });

  it("refuses to delete someone else's account", async () => {
    const victim = await registerUser(app);
    const attacker = await registerUser(app);
    const response = await attacker.request({ method: 'DELETE', url: `/api/users/${victim.id}` });
    expect(response.statusCode).toBe(403);
    expect(await displayNameOf(victim.id)).toBeDefined();
  });

  it('hands the groups the user leads to the longest-standing member, and deletes groups left empty', async () => {
    const leader = await registerUser(app);
    const firstMember = await registerUser(app);
    const laterMember = await registerUser(app);
    const [shared] = await db
      .insert(groups)
      .values({ name: 'Shared', code: 'SHARED2', leaderId: leader.id, activeSports: ['NFL'] })
      .returning();
    const [solo] = await db
      .insert(groups)
      .values({ name: 'Solo', code: 'SOLO234', leaderId: leader.id, activeSports: ['NFL'] })
      .returning();
    if (!shared || !solo) throw new Error('groups not created');
    await db.insert(groupMembers).values([
      { groupId: shared.id, userId: leader.id, joinedAt: new Date('2026-01-01') },
      { groupId: shared.id, userId: firstMember.id, joinedAt: new Date('2026-01-02') },
      { groupId: shared.id, userId: laterMember.id, joinedAt: new Date('2026-01-03') },
      { groupId: solo.id, userId: leader.id },
    ]);

    const response = await leader.request({ method: 'DELETE', url: `/api/users/${leader.id}` });
    expect(response.statusCode).toBe(204);
    const remaining = await db.select().from(groups);
    expect(remaining.find((g) => g.id === solo.id)).toBeUndefined();
    expect(remaining.find((g) => g.id === shared.id)?.leaderId).toBe(firstMember.id);
    const members = await db
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, shared.id));
    expect(members.map((m) => m.userId).sort()).toEqual([firstMember.id, laterMember.id].sort());
  });
});

describe('GET /api/users/:id/groups', () => {
  it('lists nothing for a new user, and only for that user', async () => {
    const newcomer = await registerUser(app);
    const other = await registerUser(app);
    const own = await newcomer.request({ method: 'GET', url: `/api/users/${newcomer.id}/groups` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([]);
    const theirs = await newcomer.request({ method: 'GET', url: `/api/users/${other.id}/groups` });
    expect(theirs.statusCode).toBe(403);
  });

  it('refuses an id that is not a number as not being the caller', async () => {
    const user = await registerUser(app);
    const response = await user.request({ method: 'GET', url: '/api/users/abc/groups' });
    expect(response.statusCode).toBe(403);
  });
});
