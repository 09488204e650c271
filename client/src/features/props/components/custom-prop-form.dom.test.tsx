import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@client/components/ui/toaster';
import { dismissToast } from '@client/lib/toast';
import type { CustomPropPayload } from '../api/prop-mutations';
import { emptyCustomPropForm } from '../custom-prop-form-values';
import { CustomPropForm } from './custom-prop-form';

afterEach(() => {
  act(() => {
    dismissToast();
  });
});

function renderForm() {
  const saved: CustomPropPayload[] = [];
  render(
    <>
      <CustomPropForm
        initialValues={emptyCustomPropForm()}
        submitLabel="Create Prop"
        submitIcon={null}
        pending={false}
        onSave={(payload) => {
          saved.push(payload);
          return Promise.resolve();
        }}
      />
      <Toaster />
    </>,
  );
  return { user: userEvent.setup(), saved };
}

const create = () => screen.getByRole('button', { name: 'Create Prop' });

describe('the Custom Prop form', () => {
  it('refuses a blank prop with the spec’s toast and a message under each field; a field’s message goes once it is touched', async () => {
    const { user, saved } = renderForm();
    await user.click(create());

    expect(await screen.findByText('Missing required fields')).toBeTruthy();
    const title = screen.getByLabelText('Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    await user.type(title, 'W');
    expect(title.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByLabelText('Description').getAttribute('aria-invalid')).toBe('true');
    expect(saved).toEqual([]);
  });

  it('keeps two to five options', async () => {
    const { user } = renderForm();
    expect(screen.queryAllByRole('button', { name: /^Remove option/ })).toHaveLength(0);
    const add = screen.getByRole('button', { name: 'Add Option' });
    for (let count = 3; count <= 5; count += 1) await user.click(add);
    expect(screen.getAllByRole('button', { name: /^Remove option/ })).toHaveLength(5);
    expect(add).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Remove option 5' }));
    expect(screen.getByLabelText('Option 4')).toBeTruthy();
    expect(screen.queryByLabelText('Option 5')).toBeNull();
  });

  it('sends what was typed, judged by the shared schema', async () => {
    const { user, saved } = renderForm();
    await user.selectOptions(screen.getByLabelText('Sport'), 'Custom');
    await user.type(screen.getByLabelText('Custom sport name'), 'Golf');
    await user.type(screen.getByLabelText('Title'), 'Who wins?');
    await user.type(screen.getByLabelText('Description'), 'The Masters, final round.');
    await user.type(screen.getByLabelText('Option 1'), 'Scheffler');
    await user.type(screen.getByLabelText('Option 2'), 'McIlroy');
    // Half a year ahead: a lock time must be in the future and within a year.
    const day = new Date(Date.now() + 180 * 86_400_000);
    const local = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}T14:00`;
    await user.type(screen.getByLabelText('Game Lock Time'), local);
    await user.click(create());

    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      sport: 'Custom',
      customSport: 'Golf',
      title: 'Who wins?',
      options: ['Scheffler', 'McIlroy'],
    });
  });
});
