import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CreateTiebreakerInput, Tiebreaker } from '@shared/contract/tiebreakers';
import { AskTiebreakerForm, TiebreakerView } from './tiebreaker-card';

const locksAt = '2026-12-14T01:15:00.000Z';
const before = new Date('2026-12-13T12:00:00.000Z');
const after = new Date('2026-12-14T02:00:00.000Z');

const open: Tiebreaker = {
  roundId: 3,
  question: 'Total points, Monday night?',
  locksAt,
  locked: false,
  gameId: null,
  actual: null,
  myAnswer: { value: 47, answeredAt: '2026-12-12T12:00:00.000Z' },
  answerCount: 2,
  answers: [],
};

function renderView(tiebreaker: Tiebreaker, now: Date, isLeader = false) {
  const answered: number[] = [];
  const figures: number[] = [];
  render(
    <TiebreakerView
      tiebreaker={tiebreaker}
      roundLabel="Week 2"
      canAnswer
      isLeader={isLeader}
      now={now}
      onAnswer={(value) => Promise.resolve(answered.push(value))}
      onSetActual={(value) => Promise.resolve(figures.push(value))}
    />,
  );
  return { user: userEvent.setup(), answered, figures };
}

describe('the round tiebreaker', () => {
  it('takes a whole number from 0 to 999 before it locks, refusing others in words', async () => {
    const { user, answered } = renderView(open, before);
    expect(screen.getByRole('heading', { name: 'Week 2 tiebreaker' })).toBeTruthy();
    expect(screen.getByText(/2 answers, sealed until then/)).toBeTruthy();
    const input = screen.getByLabelText<HTMLInputElement>('Your answer (0–999)');
    expect(input.value).toBe('47');
    await user.clear(input);
    await user.type(input, '1000');
    await user.click(screen.getByRole('button', { name: 'Change answer' }));
    expect(screen.getByText('The answer must be a whole number from 0 to 999')).toBeTruthy();
    expect(answered).toEqual([]);
    await user.clear(input);
    await user.type(input, '45');
    await user.click(screen.getByRole('button', { name: 'Change answer' }));
    expect(answered).toEqual([45]);
  });

  it('closes when its lock time passes, though the server said open', () => {
    renderView(open, after);
    expect(screen.queryByLabelText('Your answer (0–999)')).toBeNull();
    expect(screen.getByText(/Your answer:/).textContent).toBe('Your answer: 47');
    expect(screen.getByTestId('tiebreaker-actual').textContent).toBe('Actual: not set yet');
  });

  it('shows every answer and its distance after the lock; the leader sets the figure', async () => {
    const { user, figures } = renderView(
      {
        ...open,
        locked: true,
        actual: 45,
        answers: [
          { value: 47, answeredAt: '', user: { id: 1, displayName: 'Sam' }, distance: 2 },
          { value: 50, answeredAt: '', user: { id: 2, displayName: 'Kim' }, distance: 5 },
        ],
      },
      after,
      true,
    );
    const rows = within(screen.getByRole('list', { name: 'Tiebreaker answers' }))
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual(['Sam472 off', 'Kim505 off']);
    const figure = screen.getByLabelText<HTMLInputElement>('Actual figure (0–999)');
    expect(figure.value).toBe('45');
    await user.clear(figure);
    await user.type(figure, '44');
    await user.click(screen.getByRole('button', { name: 'Set figure' }));
    expect(figures).toEqual([44]);
  });

  it('shows a refusal under the field', async () => {
    render(
      <TiebreakerView
        tiebreaker={open}
        roundLabel="Week 2"
        canAnswer
        isLeader={false}
        now={before}
        onAnswer={() =>
          Promise.reject(new Error('The tiebreaker has locked: answers can no longer change'))
        }
        onSetActual={() => Promise.resolve()}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change answer' }));
    expect(
      await screen.findByText('The tiebreaker has locked: answers can no longer change'),
    ).toBeTruthy();
  });
});

describe("the leader's tiebreaker question", () => {
  it('asks a question linked to one of the round’s games', async () => {
    const asked: CreateTiebreakerInput[] = [];
    render(
      <AskTiebreakerForm
        roundLabel="Week 2"
        games={[[9, 'Bills at Jets']]}
        pending={false}
        onAsk={(input) => Promise.resolve(asked.push(input))}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ask tiebreaker' }));
    expect(screen.getByRole('alert').textContent).toBe('The tiebreaker question is required');
    await user.type(screen.getByLabelText('Question'), 'Total points?');
    await user.type(screen.getByLabelText('Answers lock at'), '2030-01-06T20:15');
    await user.selectOptions(screen.getByLabelText('Answer from a game'), '9');
    await user.click(screen.getByRole('button', { name: 'Ask tiebreaker' }));
    expect(asked).toEqual([
      {
        question: 'Total points?',
        locksAt: new Date('2030-01-06T20:15').toISOString(),
        gameId: 9,
      },
    ]);
  });
});
