import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TIME_LOCK_NEEDS_VALUE } from '@shared/contract/groups';
import { Toaster } from '@client/components/ui/toaster';
import { dismissToast } from '@client/lib/toast';
import { CreateOfficialEventDialog } from './create-official-event-dialog';

afterEach(() => {
  act(() => {
    dismissToast();
  });
});

function renderDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CreateOfficialEventDialog userId={1} open onOpenChange={() => undefined} />
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const create = () => screen.getByRole('button', { name: 'Create Event' });

describe('the Create Official Event form', () => {
  it('refuses a blank name under the field and in a Validation Error toast, and lets go once it is typed', async () => {
    const user = renderDialog();
    await user.click(create());

    const name = screen.getByLabelText('Event name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('Validation Error')).toBeTruthy();
    // Under the field and in the toast.
    expect(screen.getAllByText('Group name is required')).toHaveLength(2);

    await user.type(name, 'Bowl Season');
    expect(name.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('Group name is required', { selector: 'p' })).toBeNull();
  });

  it('needs a sport, and a lock time for a time lock: the shared schema’s words', async () => {
    const user = renderDialog();
    await user.type(screen.getByLabelText('Event name'), 'Bowl Season');
    for (const box of screen.getAllByRole('checkbox')) {
      if ((box as HTMLInputElement).checked) await user.click(box);
    }
    await user.click(screen.getByRole('radio', { name: /^Set time/ }));
    expect(screen.getByLabelText('Lock time')).toBeTruthy();
    await user.click(create());

    expect(
      await screen.findByText('At least one sport must be selected', { selector: 'p' }),
    ).toBeTruthy();
    expect(screen.getByText(TIME_LOCK_NEEDS_VALUE, { selector: 'p' })).toBeTruthy();

    // Game start needs no time: the field and its message go.
    await user.click(screen.getByRole('radio', { name: /^Game start/ }));
    expect(screen.queryByLabelText('Lock time')).toBeNull();
    expect(screen.queryByText(TIME_LOCK_NEEDS_VALUE)).toBeNull();
  });
});
