import { expect, test } from './support/test';
import { DESKTOP, screenshots } from './support/app';
import { groupWithProps } from './support/sheet';

/**
 * Decision 0091: a member with no decided picks yet shares the place of those without a
 * win (places go by wins); the board shows no 0 % for them and says why they tie.
 */
test('a newcomer with no decided picks reads "–", and the board says why they tie', async ({
  people,
}) => {
  const world = await groupWithProps(people, [
    {
      title: 'Coin toss',
      description: 'Heads or tails?',
      options: ['Heads', 'Tails'],
      startsIn: 600,
    },
  ]);
  const { leader: lp, member: mp, groupId, propIds } = world;
  const picked = await mp.request.post('/api/user-predictions', {
    data: { predictionId: propIds[0], selectedOption: 'Tails' },
  });
  expect(picked.status()).toBe(201);
  const result = await lp.request.put(`/api/predictions/${propIds[0]}`, {
    data: { result: 'Heads' },
  });
  expect(result.status()).toBe(200);
  const { code } = (await (await lp.request.get(`/api/groups/${groupId}`)).json()) as {
    code: string;
  };
  const { page: np } = await people.account('Nia Newcomer');
  expect((await np.request.post('/api/groups/join', { data: { code } })).status()).toBe(200);

  await np.setViewportSize(DESKTOP);
  await np.goto(world.path);
  const board = np.getByRole('region', { name: 'Leaderboard' });
  const newcomer = board.getByRole('listitem').filter({ hasText: 'Nia Newcomer' });
  await expect(newcomer.getByTestId('record')).toHaveText(/0–0/);
  await expect(newcomer.getByTestId('win-rate')).toHaveText(/–/);
  await expect(newcomer.getByTestId('win-rate')).not.toHaveText(/%/);
  await expect(board.getByTestId('tie-note')).toHaveText(
    'Places go by points, weeks won and the tiebreaker, then win rate: members with no decided picks yet (–) have none, so they share the place of those level with them.',
  );
  await screenshots(np, 'standings-01-no-decided-picks');
});
