import { describe, expect, it } from 'vitest';
import {
  changeConfidence,
  changeLock,
  confidenceForNewPick,
  renumberConfidences,
  withUpdates,
  type RoundPick,
} from './confidence-and-lock';

const pick = (propId: number, confidence: number | null, flags = ''): RoundPick => ({
  propId,
  confidence,
  isLock: flags.includes('lock'),
  locked: flags.includes('locked'),
});

describe('confidenceForNewPick', () => {
  it.each<[RoundPick[], number]>([
    [[], 1],
    [[pick(1, 1), pick(2, 2)], 3],
    [[pick(1, 1), pick(2, 3)], 2],
    [[pick(1, 2), pick(2, 3)], 1],
    [[pick(1, null), pick(2, 1)], 2],
  ])('with %o takes %i', (picks, confidence) => {
    expect(confidenceForNewPick(picks)).toBe(confidence);
  });
});

describe('changeConfidence', () => {
  const round = [pick(1, 1), pick(2, 2), pick(3, 3, 'locked')];
  const change = (propId: number, confidence: number, picks = round, roundSize = 4) =>
    changeConfidence({ mode: 'confidence', roundSize, picks, propId, confidence });

  it('takes a free confidence', () => {
    expect(change(1, 4)).toEqual({ ok: true, updates: [{ propId: 1, confidence: 4 }] });
  });

  it('swaps with the member’s other pick holding it', () => {
    const result = change(1, 2);
    expect(result).toEqual({
      ok: true,
      updates: [
        { propId: 1, confidence: 2 },
        { propId: 2, confidence: 1 },
      ],
    });
    if (result.ok) {
      expect(withUpdates(round, result.updates).map((p) => p.confidence)).toEqual([2, 1, 3]);
    }
  });

  it('gives the other pick the lowest free one when the pick had none', () => {
    const picks = [pick(1, null), pick(2, 1), pick(3, 2)];
    expect(change(1, 1, picks)).toEqual({
      ok: true,
      updates: [
        { propId: 1, confidence: 1 },
        { propId: 2, confidence: 3 },
      ],
    });
  });

  it('changes nothing when the pick already holds it', () => {
    expect(change(2, 2)).toEqual({ ok: true, updates: [] });
  });

  it.each<[string, () => ReturnType<typeof changeConfidence>, string, string]>([
    [
      'a confidence held by a locked pick',
      () => change(1, 3),
      'held_by_locked_pick',
      'Confidence 3 is on your pick of a prop that has locked; choose another.',
    ],
    [
      'a locked pick',
      () => change(3, 4),
      'prop_locked',
      'This prop has locked, so its confidence can no longer change.',
    ],
    [
      'a prop not picked',
      () => change(9, 1),
      'no_pick',
      'Make a pick on this prop before giving it a confidence.',
    ],
    [
      'zero',
      () => change(1, 0),
      'out_of_range',
      "Confidence must be a whole number from 1 to 4, this round's number of props.",
    ],
    [
      'more than the round’s props',
      () => change(1, 5),
      'out_of_range',
      "Confidence must be a whole number from 1 to 4, this round's number of props.",
    ],
    [
      'a fraction',
      () => change(1, 1.5),
      'out_of_range',
      "Confidence must be a whole number from 1 to 4, this round's number of props.",
    ],
    [
      'a group without confidence points',
      () =>
        changeConfidence({ mode: 'lock', roundSize: 4, picks: round, propId: 1, confidence: 2 }),
      'wrong_mode',
      'This group does not play with confidence points.',
    ],
  ])('refuses %s', (_case, attempt, reason, message) => {
    expect(attempt()).toEqual({ ok: false, reason, message });
  });
});

describe('changeLock', () => {
  const change = (picks: RoundPick[], propId: number, isLock = true) =>
    changeLock({ mode: 'lock', picks, propId, isLock });

  it('marks the round’s first lock', () => {
    expect(change([pick(1, 1), pick(2, 2)], 2)).toEqual({
      ok: true,
      updates: [{ propId: 2, isLock: true }],
    });
  });

  it('moves the lock from the member’s other unlocked pick', () => {
    expect(change([pick(1, 1, 'lock'), pick(2, 2)], 2)).toEqual({
      ok: true,
      updates: [
        { propId: 1, isLock: false },
        { propId: 2, isLock: true },
      ],
    });
  });

  it('unmarks a lock, and changes nothing when already so', () => {
    expect(change([pick(1, 1, 'lock')], 1, false)).toEqual({
      ok: true,
      updates: [{ propId: 1, isLock: false }],
    });
    expect(change([pick(1, 1, 'lock')], 1, true)).toEqual({ ok: true, updates: [] });
    expect(change([pick(1, 1)], 1, false)).toEqual({ ok: true, updates: [] });
  });

  it.each<[string, () => ReturnType<typeof changeLock>, string, string]>([
    [
      'moving a lock off a locked prop',
      () => change([pick(1, 1, 'lock locked'), pick(2, 2)], 2),
      'held_by_locked_pick',
      'Your lock of this round is on a prop that has locked, so it cannot move.',
    ],
    [
      'unmarking a locked prop’s lock',
      () => change([pick(1, 1, 'lock locked')], 1, false),
      'prop_locked',
      'This prop has locked, so your lock can no longer change.',
    ],
    [
      'locking a locked prop',
      () => change([pick(1, 1, 'locked')], 1),
      'prop_locked',
      'This prop has locked, so your lock can no longer change.',
    ],
    [
      'a prop not picked',
      () => change([pick(1, 1)], 2),
      'no_pick',
      'Make a pick on this prop before making it your lock.',
    ],
    [
      'a group without locks',
      () => changeLock({ mode: 'confidence', picks: [pick(1, 1)], propId: 1, isLock: true }),
      'wrong_mode',
      'This group does not play with locks.',
    ],
  ])('refuses %s', (_case, attempt, reason, message) => {
    expect(attempt()).toEqual({ ok: false, reason, message });
  });
});

describe('renumberConfidences', () => {
  it.each<[string, RoundPick[], number, { propId: number; confidence: number }[]]>([
    ['nothing to do', [pick(1, 1), pick(2, 2)], 2, []],
    [
      'a prop deleted: 5 of 4',
      [pick(1, 1), pick(2, 2), pick(3, 5)],
      4,
      [{ propId: 3, confidence: 3 }],
    ],
    [
      'a prop moved in with a confidence taken',
      [pick(1, 1), pick(2, 2), pick(9, 2)],
      3,
      [{ propId: 9, confidence: 3 }],
    ],
    ['a pick without one', [pick(1, 2), pick(2, null)], 2, [{ propId: 2, confidence: 1 }]],
    [
      'a locked pick keeps its own',
      [pick(1, 2, 'locked'), pick(2, 2), pick(3, 1)],
      3,
      [{ propId: 2, confidence: 3 }],
    ],
    ['even out of range when locked', [pick(1, 5, 'locked'), pick(2, 1), pick(3, 2)], 3, []],
    [
      'the lowest free ones, in the old order',
      [pick(1, 9), pick(2, 7), pick(3, 2)],
      3,
      [
        { propId: 2, confidence: 1 },
        { propId: 1, confidence: 3 },
      ],
    ],
  ])('%s', (_case, picks, roundSize, updates) => {
    expect(renumberConfidences(picks, roundSize)).toEqual(updates);
    const after = withUpdates(picks, updates)
      .filter((p) => !p.locked)
      .map((p) => p.confidence);
    expect(new Set(after).size).toBe(after.length);
  });
});
