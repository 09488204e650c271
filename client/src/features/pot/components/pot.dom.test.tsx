import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Pot } from '@shared/contract/pot';
import { PotCardView } from './pot-card';
import { centsOfDollars, PotSettingsForm } from './pot-settings-form';

const pot: Pot = {
  trackPaymentStatus: true,
  entryCents: 2000,
  weeklyPrizeCents: 500,
  payoutSplit: [60, 40],
  paidMembers: 6,
  potCents: 12000,
  weeklyPrizesCents: 1000,
  seasonPoolCents: 11000,
  places: [
    { place: 1, sharePercent: 60, amountCents: 6600 },
    { place: 2, sharePercent: 40, amountCents: 4400 },
  ],
  weeklyPrizes: [
    {
      roundId: 3,
      label: 'Week 1',
      winners: [
        { userId: 1, displayName: 'Ann', cents: 250 },
        { userId: 2, displayName: 'Bea', cents: 250 },
      ],
    },
    { roundId: 4, label: 'Week 2', winners: [{ userId: 3, displayName: 'Cal', cents: 500 }] },
  ],
  payouts: [
    { user: { id: 1, displayName: 'Ann' }, position: 1, payoutCents: 6600 },
    { user: { id: 3, displayName: 'Cal' }, position: 2, payoutCents: 4400 },
  ],
};

describe('the pot card', () => {
  it('shows the pot, the weekly prizes won and the projected payouts in dollars', () => {
    render(<PotCardView pot={pot} viewerId={3} />);
    expect(screen.getByTestId('pot-total').textContent).toBe('$120.00');
    expect(screen.getByText('($20.00 × 6 paid)')).toBeTruthy();
    expect(screen.getByText('Ann $2.50, Bea $2.50')).toBeTruthy();
    expect(screen.getByText('$110.00')).toBeTruthy();
    const payouts = within(screen.getByRole('list', { name: 'Projected payouts' }));
    const rows = payouts.getAllByRole('listitem').map((row) => row.textContent);
    expect(rows).toEqual(['1stAnn$66.00', '2ndCal$44.00']);
    expect(screen.getByRole('list', { name: 'Places' }).textContent).toContain('1st 60% · $66.00');
  });
});

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PotSettingsForm groupId={7} pot={pot} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the pot settings', () => {
  it('reads dollars as whole cents', () => {
    expect(centsOfDollars('20')).toBe(2000);
    expect(centsOfDollars('$1,234.5')).toBe(123450);
    expect(centsOfDollars('12.05')).toBe(1205);
    expect(centsOfDollars('12.345')).toBeNull();
    expect(centsOfDollars('twenty')).toBeNull();
  });

  it('opens on the saved amounts and split', () => {
    renderForm();
    expect(screen.getByLabelText<HTMLInputElement>('Entry amount ($)').value).toBe('20.00');
    expect(screen.getByLabelText<HTMLInputElement>('Weekly prize ($)').value).toBe('5.00');
    expect(screen.getByLabelText<HTMLInputElement>('Payout split (%)').value).toBe('60, 40');
  });

  it('says under the fields what is wrong with an amount or a split', async () => {
    const user = renderForm();
    await user.clear(screen.getByLabelText('Entry amount ($)'));
    await user.type(screen.getByLabelText('Entry amount ($)'), 'lots');
    await user.clear(screen.getByLabelText('Payout split (%)'));
    await user.type(screen.getByLabelText('Payout split (%)'), '50, 30');
    await user.click(screen.getByRole('button', { name: 'Save Pot' }));
    expect(await screen.findByText('Enter an amount in dollars, like 20 or 12.50')).toBeTruthy();

    await user.clear(screen.getByLabelText('Entry amount ($)'));
    await user.type(screen.getByLabelText('Entry amount ($)'), '25');
    await user.click(screen.getByRole('button', { name: 'Save Pot' }));
    expect(
      await screen.findByText("The places' shares must add up to 100% (they add up to 80%)."),
    ).toBeTruthy();
  });
});
