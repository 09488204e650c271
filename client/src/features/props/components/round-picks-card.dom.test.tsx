import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserPrediction } from '@shared/contract/props';
import { testProp } from '@client/test/prop-fixture';
import type { PickWeight } from '../api/my-picks';
import type { RoundPicks } from '../round-picks';
import { RoundPicksView } from './round-picks-card';

const pick = (id: number, confidence: number, isLock = false): UserPrediction => ({
  id,
  userId: 5,
  predictionId: id,
  groupId: 7,
  selectedOption: 'Over 44.5',
  isCorrect: null,
  confidence,
  isLock,
  createdAt: '2026-12-01T12:00:00.000Z',
  updatedAt: '2026-12-01T12:00:00.000Z',
});

const round: RoundPicks = {
  size: 3,
  startsAt: new Date('2026-12-08T05:00:00.000Z'),
  endsAt: new Date('2026-12-15T05:00:00.000Z'),
  rows: [
    { prop: testProp({ id: 1, title: 'Bills at Jets' }), pick: pick(1, 3, true), locked: false },
    { prop: testProp({ id: 2, title: 'Chiefs at Raiders' }), pick: pick(2, 2), locked: true },
  ],
};

function renderView(scoring: 'confidence' | 'lock') {
  const sent: [number, PickWeight][] = [];
  render(
    <RoundPicksView
      round={round}
      scoring={scoring}
      pending={false}
      onChange={(row, weight) => sent.push([row.pick.id, weight])}
    />,
  );
  return { user: userEvent.setup(), sent };
}

describe("the round's weighted picks", () => {
  it('offers each open pick a confidence from 1 to the round size', async () => {
    const { user, sent } = renderView('confidence');
    const bills = screen.getByLabelText<HTMLSelectElement>('Confidence for Bills at Jets');
    expect(bills.value).toBe('3');
    expect(
      within(bills)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['3', '2', '1']);
    expect(screen.getByLabelText('Confidence for Chiefs at Raiders')).toHaveProperty(
      'disabled',
      true,
    );
    await user.selectOptions(bills, '1');
    expect(sent).toEqual([[1, { confidence: 1 }]]);
  });

  it('shows the lock of the week and moves it with a tap', async () => {
    const { user, sent } = renderView('lock');
    const bills = screen.getByRole('button', { name: 'Lock of the week: Bills at Jets' });
    expect(bills.getAttribute('aria-pressed')).toBe('true');
    expect(
      screen.getByRole('button', { name: 'Lock of the week: Chiefs at Raiders' }),
    ).toHaveProperty('disabled', true);
    await user.click(bills);
    expect(sent).toEqual([[1, { isLock: false }]]);
  });
});
