import { expect, test } from './support/test';
import { expectToast, screenshots } from './support/app';
import { groupWithProps, savedPicksOf, sheetCard } from './support/sheet';

/**
 * Decision 0087: once a prop has locked, everyone has seen who picked what, so a prop that
 * holds picks never opens again. Found on a desktop, with the leader's dashboard open.
 */
test('a leader cannot unlock props whose picks everyone has seen; they are told why', async ({
  people,
}) => {
  const world = await groupWithProps(people, [
    {
      title: 'Bills at Jets',
      description: 'Who wins Bills at Jets?',
      options: ['Bills', 'Jets'],
      startsIn: 600,
    },
  ]);
  const { leader: lp, member: mp, groupId, propIds } = world;
  const [propId] = propIds;
  const picked = await mp.request.post('/api/user-predictions', {
    data: { predictionId: propId, selectedOption: 'Jets' },
  });
  expect(picked.status()).toBe(201);

  await lp.goto(world.path);
  await lp.getByRole('button', { name: /Leader Dashboard/ }).click();
  const dashboard = lp.getByRole('region', { name: 'Leader Dashboard' });
  await dashboard.getByRole('radio', { name: /^Leader/ }).click();
  await dashboard.getByRole('button', { name: 'Lock All Props' }).click();
  await expectToast(lp, 'Group updated successfully');

  await dashboard.getByRole('button', { name: 'Unlock All Props' }).click();
  await expectToast(lp, 'Failed to update group');
  await expectToast(
    lp,
    'Everyone has seen the picks on 1 locked prop ("Bills at Jets"), so they cannot open again. To take new picks on one, void it (N/A) and create it again.',
  );
  await screenshots(lp, 'reveal-01-unlock-refused');
  await expect(dashboard.getByRole('button', { name: 'Unlock All Props' })).toBeVisible();

  // The member's pick stands and the card stays locked for them.
  await mp.goto(world.path);
  await expect(
    sheetCard(mp, 'Who wins Bills at Jets?').getByRole('button', { name: /Bills/ }),
  ).toBeDisabled();
  expect(await savedPicksOf(mp, groupId)).toEqual({ [String(propId)]: 'Jets' });
});
