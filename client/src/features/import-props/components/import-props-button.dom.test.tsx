// @vitest-environment-options { "url": "http://127.0.0.1:9/" }
// (nothing listens there: the count the dialog asks for once a sport is chosen goes nowhere)
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SELECT_SPORT } from '@shared/contract/master-props';
import { Toaster } from '@client/components/ui/toaster';
import { dismissToast } from '@client/lib/toast';
import { ImportPropsButton } from './import-props-button';

afterEach(() => {
  act(() => {
    dismissToast();
  });
});

async function openDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ImportPropsButton scope={{ groupId: 7, userId: 1 }} />
      <Toaster />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Import Props' }));
  return { user, dialog: within(await screen.findByRole('dialog', { name: 'Import Props' })) };
}

describe('the Import Props dialog', () => {
  it('asks for a sport first, under the field and in the spec’s toast; the message goes once one is chosen', async () => {
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Import Props' }));

    expect(await screen.findByText('Failed to import props')).toBeTruthy();
    const sport = dialog.getByLabelText('Sport');
    expect(sport.getAttribute('aria-invalid')).toBe('true');
    // Under the field and in the toast: the shared schema's words.
    expect(screen.getAllByText(SELECT_SPORT)).toHaveLength(2);

    await user.selectOptions(sport, 'NFL');
    expect(sport.getAttribute('aria-invalid')).toBe('false');
  });

  it('Import All empties and disables the number', async () => {
    const { user, dialog } = await openDialog();
    const count = dialog.getByLabelText<HTMLInputElement>('Number of props');
    await user.type(count, '5');
    expect(count.value).toBe('5');
    await user.click(dialog.getByRole('checkbox', { name: /^Import All/ }));
    expect(count.disabled).toBe(true);
    expect(count.value).toBe('');
    expect(count.placeholder).toBe('All');
    await user.click(dialog.getByRole('checkbox', { name: /^Import All/ }));
    expect(count.value).toBe('5');
  });
});
