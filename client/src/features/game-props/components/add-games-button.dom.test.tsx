// @vitest-environment-options { "url": "http://127.0.0.1:9/" }
// (nothing listens there: the games the dialog asks for cannot be read)
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AddGamesButton } from './add-games-button';

describe('the Add games dialog', () => {
  it("offers the group's feed sports and a week from today, and says when games can't be read", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AddGamesButton scope={{ groupId: 7, userId: 1 }} sports={['NBA', 'Crazy Props', 'NFL']} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add games' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add games' }));

    const sport = dialog.getByLabelText<HTMLSelectElement>('Sport');
    expect([...sport.options].map((option) => option.value)).toEqual(['NFL', 'NBA']);
    const from = dialog.getByLabelText<HTMLInputElement>('From');
    const to = dialog.getByLabelText<HTMLInputElement>('To');
    const days = (Date.parse(to.value) - Date.parse(from.value)) / 86_400_000;
    expect(days).toBe(7);

    expect((await dialog.findByRole('alert')).textContent).toContain(
      "The scores feed can't be read right now",
    );
    expect(dialog.getByRole('button', { name: 'Create props' })).toHaveProperty('disabled', true);
  });
});
