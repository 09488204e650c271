import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@shared/contract/audit';
import { masterProps, resultAudit } from '../../db/schema';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';
import { recordActivity, resultChangeActivity } from '../activity/activity.service';

/**
 * The audit trail: every result set, changed, voided or removed and every pick reset,
 * whoever made it, read back through GET /api/groups/:id/audit as the leader (everything)
 * and as a member (the result entries).
 */
const { app, database } = await createTestApp();
const db = database.db;
const operator = await registerUser(app, { displayName: 'Operator' }); // first account: admin
const leader = await registerUser(app, { displayName: 'Lee Leader' });
const member = await registerUser(app, { displayName: 'Mo Member' });
const outsider = await registerUser(app, { displayName: 'Out Sider' });

async function freshGroup() {
  const group = await seedGroup(db, { leaderId: leader.id, memberIds: [member.id] });
  const prop = await seedProp(db, { groupId: group.id, title: 'Who wins?' });
  return { group, prop };
}

const setResult = (propId: number, result: string | null) =>
  leader.request({ method: 'PUT', url: `/api/predictions/${propId}`, payload: { result } });

async function auditAs(user: TestUser, groupId: number, query = '') {
  const response = await user.request({
    method: 'GET',
    url: `/api/groups/${groupId}/audit${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditEntry[]>();
}

describe('GET /api/groups/:id/audit', () => {
  it("records each of the leader's results, newest first, with who, from and to", async () => {
    const { group, prop } = await freshGroup();
    for (const result of ['A', 'B', 'N/A', null]) {
      expect((await setResult(prop.id, result)).statusCode).toBe(200);
    }
    // The same result again changes nothing and records nothing.
    expect((await setResult(prop.id, null)).statusCode).toBe(200);

    const entries = await auditAs(leader, group.id);
    expect(
      entries.map((entry) => [entry.kind, entry.from?.label ?? null, entry.to?.label ?? null]),
    ).toEqual([
      ['result_removed', 'N/A', null],
      ['result_voided', 'B', 'N/A'],
      ['result_changed', 'A', 'B'],
      ['result_set', null, 'A'],
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actor: { type: 'user', name: 'Lee Leader' },
        predictionId: prop.id,
        masterPropId: null,
        title: 'Who wins?',
        reason: null,
      });
    }
    expect(await auditAs(member, group.id)).toEqual(entries);

    const [newest] = entries;
    const older = await auditAs(leader, group.id, `?limit=2&before=${newest?.id}`);
    expect(older.map((entry) => entry.kind)).toEqual(['result_voided', 'result_changed']);
  });

  it('shows pick resets to the leader only', async () => {
    const { group, prop } = await freshGroup();
    await seedPick(db, { userId: member.id, prop, selectedOption: 'A' });
    const edited = await leader.request({
      method: 'PUT',
      url: `/api/predictions/${prop.id}`,
      payload: {
        sport: 'NFL',
        title: 'Who wins?',
        description: 'Seeded prop',
        options: ['A', 'B', 'D'],
        gameDate: hoursFromNow(24).toISOString(),
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    expect(await auditAs(leader, group.id)).toEqual([
      expect.objectContaining({
        kind: 'pick_reset',
        actor: { type: 'user', name: 'Lee Leader' },
        from: { value: '', label: 'A / B / C' },
        to: { value: '', label: 'A / B / D' },
        picksReset: 1,
      }),
    ]);
    expect(await auditAs(member, group.id)).toEqual([]);
  });

  it("names the feed for a result line written without a person (the feed's grading)", async () => {
    const { group, prop } = await freshGroup();
    const change = resultChangeActivity(prop, null, 'N/A');
    if (change?.eventType !== 'result_set') throw new Error('no result line');
    await db.transaction((tx) =>
      recordActivity(tx, [
        {
          groupId: group.id,
          predictionId: prop.id,
          actorId: null,
          eventType: change.eventType,
          eventData: { ...change.eventData, reason: 'Game canceled' },
        },
      ]),
    );
    expect(await auditAs(member, group.id)).toEqual([
      expect.objectContaining({
        kind: 'result_voided',
        actor: { type: 'feed' },
        to: { value: 'N/A', label: 'N/A' },
        reason: 'Game canceled',
      }),
    ]);
  });

  it("records the operator's master result in every group's copy and for the master", async () => {
    const masterId = await seedMaster();
    const { group } = await freshGroup();
    const imported = await leader.request({
      method: 'POST',
      url: '/api/import-props',
      payload: {
        groupId: group.id,
        sport: 'NFL',
        dateFrom: hoursFromNow(0).toISOString(),
        dateTo: hoursFromNow(48).toISOString(),
        importAll: true,
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const set = await operator.request({
      method: 'PATCH',
      url: `/api/admin/master-props/${masterId}`,
      payload: { result: 'Bills' },
    });
    expect(set.statusCode, set.body).toBe(200);

    expect(await auditAs(leader, group.id)).toEqual([
      expect.objectContaining({
        kind: 'result_set',
        actor: { type: 'user', name: 'Operator' },
        masterPropId: masterId,
        to: { value: 'Bills', label: 'Bills' },
      }),
    ]);
    const own = await db.select().from(resultAudit).where(isNull(resultAudit.groupId));
    expect(own.filter((row) => row.masterPropId === masterId)).toEqual([
      expect.objectContaining({ kind: 'result_set', actorId: operator.id, toResult: 'Bills' }),
    ]);
  });

  it('refuses who is not in the group, and bad input', async () => {
    const { group, prop } = await freshGroup();
    await setResult(prop.id, 'A');
    const signedOut = await app.inject({ method: 'GET', url: `/api/groups/${group.id}/audit` });
    expect(signedOut.statusCode).toBe(401);
    const stranger = await outsider.request({
      method: 'GET',
      url: `/api/groups/${group.id}/audit`,
    });
    expect(stranger.statusCode).toBe(404);
    const badLimit = await leader.request({
      method: 'GET',
      url: `/api/groups/${group.id}/audit?limit=0`,
    });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().message).toMatch(/limit/);
    const noGroup = await leader.request({ method: 'GET', url: '/api/groups/abc/audit' });
    expect(noGroup.statusCode).toBe(404);
    expect(
      await db.select().from(resultAudit).where(eq(resultAudit.groupId, group.id)),
    ).toHaveLength(1);
  });
});

/** A master prop as a sheet sync leaves it. */
async function seedMaster(): Promise<number> {
  const [row] = await db
    .insert(masterProps)
    .values({
      sport: 'NFL',
      title: 'Bills at Jets',
      description: 'Who wins?',
      options: ['Bills', 'Jets'].map((value) => ({ value, label: value, odds: '' })),
      gameDate: hoursFromNow(24),
    })
    .returning();
  if (!row) throw new Error('no master prop');
  return row.id;
}
