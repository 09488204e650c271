import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Prop } from '@shared/contract/props';
import { REASON_REQUIRED } from '@shared/contract/result-override';
import { testProp } from '@client/test/prop-fixture';
import { PropResultControls } from './prop-result-controls';

const prop = testProp({
  gameDate: '2020-01-01T18:00:00.000Z',
  lock: { locked: true, reason: 'result_set', at: null },
  canEdit: true,
  canDelete: true,
  canSetResult: true,
});

function renderControls(result: string | null, game: Prop['game'] = null) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PropResultControls
        prop={{ ...prop, result, game }}
        scope={{ groupId: 7, userId: 1 }}
        group={{ lockType: 'game', lockValue: null, isLocked: false }}
        now={new Date('2026-11-23T00:00:00.000Z')}
      />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const select = () => screen.getByRole('combobox', { name: 'Result for Bills at Jets' });
const setResult = () => screen.getByRole('button', { name: 'Set Result' });

describe('the result controls', () => {
  it('offer the options then N/A, and nothing to set until a result is chosen', async () => {
    const user = renderControls(null);
    const options = [...select().querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual(['Choose the result…', 'Over 44.5', 'Under 44.5', 'N/A (void)']);
    expect(setResult()).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Remove Result' })).toBeNull();
    await user.selectOptions(select(), 'Under 44.5');
    expect(setResult()).toHaveProperty('disabled', false);
  });

  it('start from the result, and ask before changing it, in the options’ words', async () => {
    const user = renderControls('over');
    expect(select()).toHaveProperty('value', 'over');
    expect(setResult()).toHaveProperty('disabled', true);

    await user.selectOptions(select(), 'Under 44.5');
    await user.click(setResult());
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the result?' });
    expect(dialog.textContent).toContain(
      'This prop already has a result: Over 44.5. Are you sure you want to change it to Under 44.5?',
    );
  });

  it('ask before removing the result, saying what removal does', async () => {
    const user = renderControls('over');
    await user.click(screen.getByRole('button', { name: 'Remove Result' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the result?' });
    expect(dialog.textContent).toContain('The result of "Bills at Jets" will be removed:');
  });

  it('ask for a reason on a prop linked to a game, and offer to give it back to the feed', async () => {
    const game: NonNullable<Prop['game']> = {
      id: 3,
      status: 'final',
      startsAt: '2020-01-01T18:00:00.000Z',
      period: null,
      clock: null,
      detail: 'Final',
      home: { abbreviation: 'NYJ', name: 'New York Jets', score: 20 },
      away: { abbreviation: 'BUF', name: 'Buffalo Bills', score: 27 },
      market: 'total',
      line: 44.5,
      team: null,
      overridden: true,
    };
    const user = renderControls('over', game);
    expect(screen.getByRole('button', { name: 'Return to automatic' })).toBeTruthy();
    await user.selectOptions(select(), 'Under 44.5');
    await user.click(setResult());
    const reason = screen.getByRole('textbox', { name: 'Reason for overriding the feed' });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(REASON_REQUIRED)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.type(reason, 'Stat correction');
    await user.click(setResult());
    expect(await screen.findByRole('alertdialog', { name: 'Change the result?' })).toBeTruthy();
  });
});
