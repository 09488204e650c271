import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedGroup } from './test/group-fixtures';
import { statementsDuring } from './test/statement-counter';
import { createTestApp, registerUser, type TestUser } from './test/test-app';

/**
 * Issue 10: no query per row on a request path. Each request below is made on a small
 * group (5 members, 4 props) and on a big one (50 members, 30 props, every member picking
 * every prop, half decided); the SQL statements it sends, counted at the driver and so
 * including those inside transactions, must be the same for both.
 */
const { app, database } = await createTestApp();
const db = database.db;
await registerUser(app, { displayName: 'Operator' });
const leader = await registerUser(app, { displayName: 'Lea' });
const viewer = await registerUser(app, { displayName: 'Val' });

/** `count` members straight in SQL (registering through the API hashes a password each). */
async function seedMembers(count: number, tag: string): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into users (username, display_name, password_hash)
    select ${tag} || '-' || n, 'Member ' || ${tag} || ' ' || n, 'not-a-hash'
    from generate_series(1, ${count}) n
    returning id`);
  return rows.map((row) => Number(row.id));
}

/** A group of the leader, the viewer and `members - 2` others, with `propCount` props. */
async function seedCrowd(members: number, propCount: number, tag: string) {
  const others = await seedMembers(members - 2, tag);
  const group = await seedGroup(db, { leaderId: leader.id, memberIds: [viewer.id, ...others] });
  // Half decided (games past), half open (games tomorrow); every member picks every prop.
  await db.execute(sql`
    insert into props (group_id, sport, title, description, options, game_date, result)
    select ${group.id}, 'NFL', 'Prop ' || n, 'Seeded',
      '[{"value":"A","label":"A","odds":""},{"value":"B","label":"B","odds":""}]'::jsonb,
      case when n % 2 = 0 then now() - interval '1 day' else now() + interval '1 day' end,
      case when n % 2 = 0 then 'A' end
    from generate_series(1, ${propCount}) n`);
  await db.execute(sql`
    insert into picks (user_id, prop_id, group_id, selected_option)
    select m.user_id, p.id, p.group_id, case when (m.user_id + p.id) % 2 = 0 then 'A' else 'B' end
    from group_members m join props p on p.group_id = m.group_id
    where m.group_id = ${group.id}`);
  await db.execute(sql`
    insert into activity_events (group_id, event_type, event_data)
    select ${group.id}, 'new', '{"type":"prebuilt","count":1}'::jsonb
    from generate_series(1, ${propCount})`);
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from props where group_id = ${group.id} and result is null order by id`,
  );
  return { id: group.id, openPropIds: rows.map((row) => Number(row.id)) };
}

const small = await seedCrowd(5, 4, 'small');
const big = await seedCrowd(50, 30, 'big');

type Group = typeof small;

/** The statements one request sends, after checking it succeeded. */
async function statementsOf(
  user: TestUser,
  request: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object },
) {
  let status = 0;
  const statements = await statementsDuring(async () => {
    status = (await user.request(request)).statusCode;
  });
  expect(status, `${request.method} ${request.url}`).toBeLessThan(300);
  return statements;
}

/** Asserts the request sends as many statements on the big group as on the small one. */
async function expectSameCost(
  name: string,
  request: (group: Group) => Parameters<typeof statementsOf>[1],
  user: TestUser = viewer,
) {
  const onSmall = await statementsOf(user, request(small));
  const onBig = await statementsOf(user, request(big));
  expect(onSmall.length, name).toBeGreaterThan(0);
  // The texts in the message show which statement was repeated.
  expect(onBig.length, `${name}:\n${onBig.join('\n')}`).toBe(onSmall.length);
  return onBig;
}

describe('statements per request do not grow with members or props', () => {
  it('the leaderboard, whole and paged, and the stats card', async () => {
    const whole = await expectSameCost('leaderboard', (g) => ({
      method: 'GET',
      url: `/api/leaderboard/${g.id}`,
    }));
    const paged = await expectSameCost('leaderboard page', (g) => ({
      method: 'GET',
      url: `/api/leaderboard/${g.id}?limit=5&offset=0`,
    }));
    // A page answers its total too: at most one statement more than the whole board.
    expect(paged.length).toBeLessThanOrEqual(whole.length + 1);
    // Read again at the same version, the board is the kept answer (decision 0027): the
    // session and the group guard's read, in one statement, and nothing else.
    const again = await statementsOf(viewer, { method: 'GET', url: `/api/leaderboard/${big.id}` });
    expect(again.length, again.join('\n')).toBe(1);
    await expectSameCost('stats', (g) => ({ method: 'GET', url: `/api/groups/${g.id}/stats` }));
  });

  it('the group, its props with the viewer’s picks, the picks and the activity', async () => {
    const details = await expectSameCost('group', (g) => ({
      method: 'GET',
      url: `/api/groups/${g.id}`,
    }));
    // The session and the group guard's read are one statement: nothing read twice.
    expect(details.length, details.join('\n')).toBe(1);
    await expectSameCost('props', (g) => ({
      method: 'GET',
      url: `/api/predictions/group/${g.id}`,
    }));
    await expectSameCost('picks', (g) => ({
      method: 'GET',
      url: `/api/user-predictions/${viewer.id}?groupId=${g.id}`,
    }));
    await expectSameCost('activity', (g) => ({
      method: 'GET',
      url: `/api/activity-events/${g.id}`,
    }));
  });

  it('the home cards, whatever the size of the groups the viewer is in', async () => {
    const newcomer = await registerUser(app, { displayName: 'New' });
    const cards = (user: TestUser) => ({
      method: 'GET' as const,
      url: `/api/users/${user.id}/groups`,
    });
    const alone = await statementsOf(newcomer, cards(newcomer));
    const inBoth = await statementsOf(viewer, cards(viewer));
    expect(inBoth.length, inBoth.join('\n')).toBe(alone.length);
  });

  it('a pick and a result', async () => {
    const made = await expectSameCost('pick', (g) => ({
      method: 'POST',
      url: '/api/user-predictions',
      payload: { predictionId: g.openPropIds[0], selectedOption: 'A' },
    }));
    // On an open prop: the session, the read the decision is made on, and one write that
    // holds only while nothing it read has changed (no BEGIN, no lock reads, no COMMIT).
    expect(made.length, made.join('\n')).toBe(3);
    const { rows } = await db.execute<{ id: number }>(
      sql`select id from picks where user_id = ${viewer.id} and prop_id = ${big.openPropIds[0]}`,
    );
    const changed = await statementsOf(viewer, {
      method: 'PUT',
      url: `/api/user-predictions/${rows[0]?.id}`,
      payload: { selectedOption: 'B' },
    });
    // Changing it: the pick is read with the session, then the same guarded write.
    expect(changed.length, changed.join('\n')).toBe(2);
    const result = await expectSameCost(
      'result',
      (g) => ({
        method: 'PUT',
        url: `/api/predictions/${g.openPropIds[1]}`,
        payload: { result: 'B' },
      }),
      leader,
    );
    // The session; BEGIN; the group (found by the prop) and the membership locked in one
    // statement; the prop locked; the leader's pick and the split in one; the update; the
    // activity (plus the names of a contrarian result's winners); COMMIT.
    expect(result.length, result.join('\n')).toBeLessThanOrEqual(9);
  });
});
