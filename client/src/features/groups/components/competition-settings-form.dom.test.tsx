import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SETTINGS_FIXED_AFTER_FIRST_LOCK } from '@shared/domain/seasons';
import { Toaster } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api-client';
import { dismissToast } from '@client/lib/toast';
import { CompetitionSettingsView } from './competition-settings-form';

afterEach(() => {
  act(() => {
    dismissToast();
  });
});

type Settings = Parameters<typeof CompetitionSettingsView>[0]['saved'];

function renderForm(answer: (change: Settings) => Promise<unknown>) {
  const sent: Settings[] = [];
  render(
    <>
      <CompetitionSettingsView
        saved={{ scoring: 'standard', dropWorstRounds: 0 }}
        pending={false}
        save={(change) => {
          sent.push(change);
          return answer(change);
        }}
      />
      <Toaster />
    </>,
  );
  return { user: userEvent.setup(), sent };
}

const save = () => screen.getByRole('button', { name: 'Save Scoring' });

describe('the scoring settings', () => {
  it('sends the chosen scoring and dropped weeks', async () => {
    const { user, sent } = renderForm(() => Promise.resolve());
    expect(save()).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('radio', { name: /^Confidence/ }));
    await user.selectOptions(screen.getByLabelText('Dropped weeks'), 'The worst 2 weeks');
    await user.click(save());
    expect(sent).toEqual([{ scoring: 'confidence', dropWorstRounds: 2 }]);
    expect(await screen.findByText('Group updated successfully')).toBeTruthy();
  });

  it("keeps the server's refusal after the season's first lock under the form", async () => {
    const { user } = renderForm(() =>
      Promise.reject(
        new ApiError(409, SETTINGS_FIXED_AFTER_FIRST_LOCK, {
          message: SETTINGS_FIXED_AFTER_FIRST_LOCK,
        }),
      ),
    );
    await user.click(screen.getByRole('radio', { name: /^Lock of the week/ }));
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe(SETTINGS_FIXED_AFTER_FIRST_LOCK);
    expect(screen.getByText('Failed to update group')).toBeTruthy();
  });
});
