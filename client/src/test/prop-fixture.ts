import type { Prop } from '@shared/contract/props';

/**
 * A prop as the group page receives it, open and unpicked, for client tests: 'Bills at
 * Jets', Over / Under 44.5, locking far in the future. Tests override what they are about.
 */
export function testProp(overrides: Partial<Prop> = {}): Prop {
  return {
    id: 41,
    groupId: 7,
    sport: 'NFL',
    category: 'Game',
    title: 'Bills at Jets',
    description: 'Total points',
    options: [
      { value: 'over', label: 'Over 44.5', odds: '' },
      { value: 'under', label: 'Under 44.5', odds: '' },
    ],
    gameDate: '2099-01-01T18:00:00.000Z',
    result: null,
    isActive: true,
    isImported: false,
    createdBy: 1,
    createdAt: '2026-11-01T12:00:00.000Z',
    lock: { locked: false, reason: 'open', at: '2099-01-01T18:00:00.000Z' },
    myPick: null,
    pickReset: null,
    outcome: 'unpicked',
    canEdit: false,
    canDelete: false,
    canSetResult: false,
    pickCount: 0,
    pickSplit: null,
    game: null,
    ...overrides,
  };
}
