import { describe, expect, it } from 'vitest';
import { nextNudgeAt, nudgeMessageOf, sendsByEmail } from './nudges';

describe('nudgeMessageOf', () => {
  it('names the sender, the count, the group and the time left', () => {
    const message = nudgeMessageOf({
      senderName: 'Sam',
      groupId: 4,
      groupName: 'Sunday Crew',
      propCount: 3,
      firstPropId: 9,
      lockInMs: 2 * 60 * 60_000,
    });
    expect(message).toEqual({
      title: 'Make your picks',
      body: 'Sam nudged you: 3 props in Sunday Crew lock in 2 hours',
      url: '/group/4#prop-9',
    });
  });

  it.each([
    { count: 1, ms: 40 * 60_000, body: 'Ann nudged you: 1 prop in G locks in 40 minutes' },
    { count: 2, ms: 20 * 60 * 60_000, body: 'Ann nudged you: 2 props in G lock in 20 hours' },
  ])('$body', ({ count, ms, body }) => {
    const message = nudgeMessageOf({
      senderName: 'Ann',
      groupId: 1,
      groupName: 'G',
      propCount: count,
      firstPropId: 1,
      lockInMs: ms,
    });
    expect(message.body).toBe(body);
  });
});

describe('nextNudgeAt', () => {
  it('is six hours after the last nudge', () => {
    expect(nextNudgeAt(new Date('2026-11-22T12:00:00Z')).toISOString()).toBe(
      '2026-11-22T18:00:00.000Z',
    );
  });
});

describe('sendsByEmail', () => {
  it.each([
    { emailChosen: true, verified: true, failing: false, hasDevice: true, sends: true },
    { emailChosen: false, verified: true, failing: false, hasDevice: false, sends: true },
    { emailChosen: false, verified: true, failing: false, hasDevice: true, sends: false },
    { emailChosen: true, verified: false, failing: false, hasDevice: false, sends: false },
    { emailChosen: true, verified: true, failing: true, hasDevice: false, sends: false },
  ])('%o', ({ sends, ...member }) => {
    expect(sendsByEmail(member)).toBe(sends);
  });
});
