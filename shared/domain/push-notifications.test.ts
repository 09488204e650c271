import { describe, expect, it } from 'vitest';
import {
  dueLeadOf,
  leadLabelOf,
  recapMessageOf,
  reminderMessageOf,
  timeLeftText,
} from './push-notifications';

const now = new Date('2026-11-22T12:00:00Z');
const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('dueLeadOf', () => {
  it.each([
    { leads: [60], lockIn: 61, due: null },
    { leads: [60], lockIn: 60, due: 60 },
    { leads: [60], lockIn: 10, due: 60 },
    { leads: [15, 60], lockIn: 50, due: 60 },
    { leads: [15, 60], lockIn: 14, due: 15 },
    { leads: [15, 60, 1440], lockIn: 600, due: 1440 },
    { leads: [60], lockIn: 0, due: null },
    { leads: [60], lockIn: -5, due: null },
    { leads: [], lockIn: 5, due: null },
  ])('leads $leads, lock in $lockIn min: $due', ({ leads, lockIn, due }) => {
    expect(dueLeadOf(leads, inMinutes(lockIn), now)).toBe(due);
  });
});

describe('wording', () => {
  it('labels lead times', () => {
    expect([15, 60, 120, 1440].map(leadLabelOf)).toEqual([
      '15 minutes',
      '1 hour',
      '2 hours',
      '1 day',
    ]);
  });

  it('names the chosen lead at the start of its window and the real time left later', () => {
    expect(timeLeftText(59.5 * 60_000, 60)).toBe('1 hour');
    expect(timeLeftText(30 * 60_000, 60)).toBe('30 minutes');
    expect(timeLeftText(20 * 3600_000, 1440)).toBe('20 hours');
    expect(timeLeftText(10_000, 15)).toBe('1 minute');
  });

  it('writes the reminder the issue asks for and opens the first unpicked prop', () => {
    expect(
      reminderMessageOf({
        groupId: 7,
        groupName: 'Sunday Crew',
        propCount: 3,
        firstPropId: 41,
        timeLeft: '1 hour',
      }),
    ).toEqual({
      title: 'Make your picks',
      body: '3 props in Sunday Crew lock in 1 hour',
      url: '/group/7#prop-41',
    });
    expect(
      reminderMessageOf({
        groupId: 7,
        groupName: 'Sunday Crew',
        propCount: 1,
        firstPropId: 41,
        timeLeft: '15 minutes',
      }).body,
    ).toBe('1 prop in Sunday Crew locks in 15 minutes');
  });

  it('recaps one result by name and several by count, with the standing', () => {
    const base = { groupId: 7, groupName: 'Sunday Crew', position: 3, totalMembers: 20 };
    expect(recapMessageOf({ ...base, items: [{ title: 'Bills at Jets', correct: true }] })).toEqual(
      {
        title: 'Sunday Crew',
        body: "Bills at Jets: you were right — you're now #3 of 20",
        url: '/group/7',
      },
    );
    expect(
      recapMessageOf({
        ...base,
        items: [
          { title: 'A', correct: true },
          { title: 'B', correct: false },
          { title: 'C', correct: true },
        ],
      }).body,
    ).toBe("3 results: 2 right, 1 wrong — you're now #3 of 20");
    expect(
      recapMessageOf({
        ...base,
        items: [{ title: 'A', correct: true }],
        roundWinners: ['Week 3 winner: Sam'],
      }).body,
    ).toBe("A: you were right — you're now #3 of 20. Week 3 winner: Sam");
  });
});
