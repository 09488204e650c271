// @vitest-environment-options { "url": "http://127.0.0.1:9/" }
// (nothing listens there: the count the dialog asks for once a sport is chosen goes nowhere)
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('a second tap on the first day makes a one-day range; days before today cannot be chosen', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2030, 0, 15, 12) });
    try {
      const { user, dialog } = await openDialog();
      const range = dialog.getByTestId('import-range');
      const todayButton = dialog.getByRole('button', { name: /^Today, / });
      await user.click(todayButton);
      expect(range.textContent).toBe('From Jan 15, 2030: now choose the last day');
      await user.click(todayButton);
      expect(range.textContent).toBe('Jan 15, 2030 only');

      const yesterday = dialog.getByRole<HTMLButtonElement>('button', {
        name: /January 14th, 2030/,
      });
      expect(yesterday.disabled).toBe(true);
      await user.click(yesterday);
      expect(range.textContent).toBe('Jan 15, 2030 only');
      // No earlier month to go to.
      const previous = dialog.getByRole('button', { name: 'Go to the Previous Month' });
      expect(previous.getAttribute('aria-disabled')).toBe('true');
    } finally {
      vi.useRealTimers();
    }
  });
});
