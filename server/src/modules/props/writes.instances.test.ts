import { describe, expect, it } from 'vitest';
import { HttpUser, twoAppProcesses } from '../../test/app-process';
import { hoursFromNow } from '../../test/group-fixtures';

/**
 * Decision 0033: each instance sends the picks and results that reach it together. Two
 * real server processes on one PostgreSQL, written to at the same moment on the same
 * props and groups: their shared statements wait for each other, every write lands once,
 * and the stored counts and standings agree with the picks.
 */
const apps = twoAppProcesses();
/** The instance a write goes through: the two in turn. */
const originFor = (turn: number) => (turn % 2 ? apps.second.origin : apps.first.origin);

interface ListedProp {
  id: number;
  pickCount: number;
  result: string | null;
}
interface Entry {
  user: { id: number };
  wins: number;
  losses: number;
}

/** A group of `members` led by a new leader, with `propCount` open props. */
async function pool(members: HttpUser[], propCount: number) {
  const first = apps.first.origin;
  const leader = await HttpUser.register(first, 'Lea');
  const created = await leader.call(first, 'POST', '/api/groups', { name: 'Game day' });
  const { group } = created.body as { group: { id: number; code: string } };
  for (const member of members) {
    expect(
      (await member.call(first, 'POST', '/api/groups/join', { code: group.code })).status,
    ).toBe(200);
  }
  const propIds: number[] = [];
  for (let index = 0; index < propCount; index += 1) {
    const prop = await leader.call(first, 'POST', '/api/predictions', {
      groupId: group.id,
      sport: 'NFL',
      title: `Game ${index + 1}`,
      description: 'Who wins?',
      options: ['Home', 'Away'],
      gameDate: hoursFromNow(24).toISOString(),
    });
    expect(prop.status).toBe(201);
    propIds.push((prop.body as { id: number }).id);
  }
  return { leader, groupId: group.id, propIds };
}

const listed = async (user: HttpUser, groupId: number) =>
  (await user.call(apps.second.origin, 'GET', `/api/predictions/group/${groupId}`))
    .body as ListedProp[];

describe('writes through two instances at the same moment', () => {
  it('land every pick and change once, with the counts they make', async () => {
    const members = await Promise.all(
      Array.from({ length: 8 }, (_, index) => HttpUser.register(apps.first.origin, `Fan ${index}`)),
    );
    const { groupId, propIds } = await pool(members, 4);
    const choice = (m: number, p: number, round: number) => ((m + p + round) % 2 ? 'Home' : 'Away');

    const made = await Promise.all(
      members.flatMap((member, m) =>
        propIds.map((propId, p) =>
          member.call(originFor(m + p), 'POST', '/api/user-predictions', {
            predictionId: propId,
            selectedOption: choice(m, p, 0),
          }),
        ),
      ),
    );
    expect(made.map((answer) => answer.status)).toEqual(made.map(() => 201));
    const pickIds = made.map((answer) => (answer.body as { id: number }).id);

    // Every pick changed, each through the other instance.
    const changed = await Promise.all(
      members.flatMap((member, m) =>
        propIds.map((_, p) =>
          member.call(
            originFor(m + p + 1),
            'PUT',
            `/api/user-predictions/${pickIds[m * propIds.length + p]}`,
            { selectedOption: choice(m, p, 1) },
          ),
        ),
      ),
    );
    expect(changed.map((answer) => answer.status)).toEqual(changed.map(() => 200));

    for (const [m, member] of members.entries()) {
      const own = (
        await member.call(
          apps.first.origin,
          'GET',
          `/api/user-predictions/${member.id}?groupId=${groupId}`,
        )
      ).body as { predictionId: number; selectedOption: string }[];
      expect(own.map((pick) => [pick.predictionId, pick.selectedOption]).sort()).toEqual(
        propIds.map((propId, p) => [propId, choice(m, p, 1)]).sort(),
      );
    }
    const props = await listed(members[0] as HttpUser, groupId);
    expect(props.map((prop) => prop.pickCount)).toEqual(propIds.map(() => members.length));
  });

  it("land every leader's results once, and the boards count them", async () => {
    const members = await Promise.all(
      Array.from({ length: 4 }, (_, index) => HttpUser.register(apps.first.origin, `Fan ${index}`)),
    );
    const pools = await Promise.all(Array.from({ length: 6 }, () => pool(members, 2)));
    // Each member picks Home on every prop of every group but the last member, Away.
    await Promise.all(
      pools.flatMap(({ propIds }) =>
        members.flatMap((member, m) =>
          propIds.map((propId) =>
            member.call(apps.first.origin, 'POST', '/api/user-predictions', {
              predictionId: propId,
              selectedOption: m === members.length - 1 ? 'Away' : 'Home',
            }),
          ),
        ),
      ),
    );
    const results = await Promise.all(
      pools.flatMap(({ leader, propIds }, g) =>
        propIds.map((propId, p) =>
          leader.call(originFor(g + p), 'PUT', `/api/predictions/${propId}`, {
            result: 'Home',
          }),
        ),
      ),
    );
    expect(results.map((answer) => answer.status)).toEqual(results.map(() => 200));

    for (const { groupId } of pools) {
      const props = await listed(members[0] as HttpUser, groupId);
      expect(props.map((prop) => prop.result)).toEqual(['Home', 'Home']);
      const board = (
        await (members[0] as HttpUser).call(
          apps.second.origin,
          'GET',
          `/api/leaderboard/${groupId}`,
        )
      ).body as Entry[];
      const recordOf = (user: HttpUser) => board.find((entry) => entry.user.id === user.id);
      members.forEach((member, m) => {
        const won = m === members.length - 1 ? 0 : 2;
        expect(recordOf(member)).toMatchObject({ wins: won, losses: 2 - won });
      });
    }
  });
});
