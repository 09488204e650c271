import { describe, expect, it } from 'vitest';
import { pointsOf, pointsOfPick, type ScoredPick, type ScoringMode } from './scoring-modes';

describe('pointsOfPick', () => {
  const right = { selectedOption: 'Over', confidence: 5, isLock: false };
  const rightLock = { ...right, isLock: true };
  const wrong = { selectedOption: 'Under', confidence: 5, isLock: true };
  const none = { selectedOption: null, confidence: null, isLock: false };

  it.each<[ScoringMode, string | null, ScoredPick, number]>([
    ['standard', 'Over', right, 1],
    ['standard', 'Over', rightLock, 1], // the lock means nothing in standard scoring
    ['standard', 'Over', wrong, 0],
    ['standard', 'Over', none, 0],
    ['confidence', 'Over', right, 5],
    ['confidence', 'Over', { selectedOption: 'Over' }, 1], // no confidence: as standard
    ['confidence', 'Over', wrong, 0],
    ['confidence', null, right, 0], // pending
    ['confidence', 'N/A', right, 0], // void
    ['lock', 'Over', right, 1],
    ['lock', 'Over', rightLock, 2],
    ['lock', 'Over', wrong, 0], // a wrong lock costs nothing more
    ['lock', 'N/A', rightLock, 0],
    ['lock', null, rightLock, 0],
  ])('%s scoring, result %s: %o earns %i', (mode, result, pick, points) => {
    expect(pointsOfPick(mode, result, pick)).toBe(points);
  });
});

describe('pointsOf', () => {
  const props = [
    { id: 1, result: 'A' },
    { id: 2, result: 'B' },
    { id: 3, result: 'N/A' },
    { id: 4, result: null },
  ];
  const picks = new Map<number, ScoredPick>([
    [1, { selectedOption: 'A', confidence: 3, isLock: false }],
    [2, { selectedOption: 'B', confidence: 1, isLock: true }],
    [3, { selectedOption: 'A', confidence: 4, isLock: false }],
    [4, { selectedOption: 'A', confidence: 2, isLock: false }],
  ]);

  it.each<[ScoringMode, number]>([
    ['standard', 2],
    ['confidence', 4],
    ['lock', 3],
  ])('adds up %s points over the decided props', (mode, points) => {
    expect(pointsOf(mode, props, picks)).toBe(points);
  });

  it('gives nothing for props not picked', () => {
    expect(pointsOf('standard', props, new Map())).toBe(0);
  });
});
