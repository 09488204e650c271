import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StartSeasonFormView } from './start-season-form';

const REFUSAL =
  '1 prop has no result yet ("Packers at Bears"). Set their results or void them (N/A) before starting a new season.';

describe('starting a new season', () => {
  it('asks for a name, confirms, and shows a refusal naming the open props', async () => {
    const tries: string[] = [];
    render(
      <StartSeasonFormView
        pending={false}
        onStart={(name) => {
          tries.push(name);
          return Promise.reject(new Error(REFUSAL));
        }}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Start New Season' }));
    expect(screen.getByText('Season name is required')).toBeTruthy();
    await user.type(screen.getByLabelText('New season name'), ' 2027 season ');
    await user.click(screen.getByRole('button', { name: 'Start New Season' }));
    await user.click(await screen.findByRole('button', { name: 'Start Season' }));
    expect(tries).toEqual(['2027 season']);
    expect((await screen.findByRole('alert')).textContent).toBe(REFUSAL);
    await user.type(screen.getByLabelText('New season name'), '!');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
