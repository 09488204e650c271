import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TIME_LOCK_NEEDS_VALUE, type GroupDetails } from '@shared/contract/groups';
import { LockSettingsForm } from './lock-settings-form';

const group: GroupDetails = {
  id: 7,
  name: 'Sunday Squad',
  code: 'ABC123',
  createdAt: '2026-11-01T12:00:00.000Z',
  expiresAt: null,
  leaderId: 1,
  isOfficial: false,
  isLocked: false,
  isManuallyLocked: false,
  lockType: 'game',
  lockValue: null,
  allowMemberProps: false,
  invitePermission: 'leader',
  activeSports: ['NFL'],
  listType: 'prebuilt',
  trackPaymentStatus: false,
  scoring: 'standard',
  dropWorstRounds: 0,
  memberCount: 1,
  isJoined: true,
  isLeader: true,
  isPaid: false,
  isContestant: true,
};

function renderForm(settings: Partial<GroupDetails> = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LockSettingsForm group={{ ...group, ...settings }} userId={1} props={[]} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const save = () => screen.getByRole('button', { name: 'Save Lock Settings' });

describe('the lock settings form', () => {
  it('has nothing to save until the lock type changes', async () => {
    const user = renderForm();
    expect(save()).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('radio', { name: /^Leader/ }));
    expect(save()).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('radio', { name: /^Game start/ }));
    expect(save()).toHaveProperty('disabled', true);
  });

  it('asks for the time of a time lock under the field, and the message goes with another type', async () => {
    const user = renderForm();
    await user.click(screen.getByRole('radio', { name: /^Set time/ }));
    const time = screen.getByLabelText('Lock time');
    expect(time.getAttribute('type')).toBe('datetime-local');
    await user.click(save());

    expect(await screen.findByText(TIME_LOCK_NEEDS_VALUE)).toBeTruthy();
    expect(screen.getByLabelText('Lock time').getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('radio', { name: /^Leader/ }));
    expect(screen.queryByText(TIME_LOCK_NEEDS_VALUE)).toBeNull();
    expect(screen.getByText('All props are open for picks.')).toBeTruthy();
  });

  it('shows the saved lock time in the viewer’s own time', () => {
    renderForm({ lockType: 'time', lockValue: '2026-12-01T18:30:00.000Z' });
    const time = screen.getByLabelText<HTMLInputElement>('Lock time');
    // 18:30 UTC, wherever the test runs: the half hour stays.
    expect(time.value).toMatch(/^2026-12-0[12]T\d\d:30$/);
  });
});
