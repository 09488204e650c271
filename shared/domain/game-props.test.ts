import { describe, expect, it } from 'vitest';
import { PROP_DESCRIPTION_MAX_LENGTH } from './custom-prop';
import {
  gameOptionsOf,
  gameStateLineOf,
  gameTitleOf,
  gradingRuleOf,
  marketNameOf,
  periodNameOf,
  signedLine,
} from './game-props';

const teams = {
  away: { abbreviation: 'BUF', name: 'Buffalo Bills' },
  home: { abbreviation: 'KC', name: 'Kansas City Chiefs' },
};
const labels = (link: Parameters<typeof gameOptionsOf>[1]) =>
  gameOptionsOf(teams, link).map((option) => `${option.value}: ${option.label}`);

describe('game props', () => {
  it('titles the game "Away at Home"', () => {
    expect(gameTitleOf(teams)).toBe('Buffalo Bills at Kansas City Chiefs');
  });

  it.each([
    [
      { market: 'winner', line: null, team: null },
      ['away: Buffalo Bills', 'home: Kansas City Chiefs'],
    ],
    [
      { market: 'spread', line: -2.5, team: null },
      ['away: Buffalo Bills +2.5', 'home: Kansas City Chiefs -2.5'],
    ],
    [
      { market: 'spread', line: 3, team: null },
      ['away: Buffalo Bills -3', 'home: Kansas City Chiefs +3'],
    ],
    [
      { market: 'spread', line: 0, team: null },
      ['away: Buffalo Bills PK', 'home: Kansas City Chiefs PK'],
    ],
    [{ market: 'total', line: 46.5, team: null }, ['over: Over 46.5', 'under: Under 46.5']],
    [{ market: 'team_total', line: 24.5, team: 'home' }, ['over: Over 24.5', 'under: Under 24.5']],
  ] as const)('labels %j', (link, expected) => {
    expect(labels(link)).toEqual(expected);
  });

  it('states every rule within a description', () => {
    for (const market of ['winner', 'spread', 'total', 'team_total'] as const) {
      const rule = gradingRuleOf(teams, { market, line: -12.5, team: 'away' });
      expect(rule.length).toBeLessThanOrEqual(PROP_DESCRIPTION_MAX_LENGTH);
      expect(rule).toMatch(/void/);
    }
    expect(gradingRuleOf(teams, { market: 'team_total', line: 21.5, team: 'away' })).toContain(
      'Over or under 21.5 points for Buffalo Bills?',
    );
  });

  it('names markets and signs lines', () => {
    expect(marketNameOf(teams, { market: 'team_total', team: 'home' })).toBe('Team total: KC');
    expect([signedLine(1.5), signedLine(-7), signedLine(0)]).toEqual(['+1.5', '-7', 'PK']);
  });
});

describe('gameStateLineOf', () => {
  const game = (fields: Partial<Parameters<typeof gameStateLineOf>[1]>) => ({
    status: 'in_progress' as const,
    period: 3,
    clock: '4:12',
    detail: null,
    away: { ...teams.away, score: 14 },
    home: { ...teams.home, score: 17 },
    ...fields,
  });

  it.each([
    ['NFL', game({}), 'BUF 14 – KC 17 · Q3 4:12'],
    ['NFL', game({ period: 5, clock: '2:00' }), 'BUF 14 – KC 17 · OT 2:00'],
    ['NHL', game({ period: 2, clock: '11:05' }), 'BUF 14 – KC 17 · P2 11:05'],
    ['MLB', game({ period: 7, clock: null }), 'BUF 14 – KC 17 · 7th'],
    ['NFL', game({ status: 'final', detail: 'Final/OT' }), 'Final/OT: BUF 14 – KC 17'],
    ['NFL', game({ status: 'final', detail: null }), 'Final: BUF 14 – KC 17'],
    ['NFL', game({ status: 'scheduled' }), null],
    ['NFL', game({ status: 'canceled' }), 'Canceled'],
  ] as const)('%s %j', (sport, state, expected) => {
    expect(gameStateLineOf(sport, state)).toBe(expected);
  });

  it('names periods', () => {
    expect(['1', '2', '3', '11', '12', '21'].map((p) => periodNameOf('MLB', Number(p)))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '11th',
      '12th',
      '21st',
    ]);
    expect(periodNameOf('NBA', 6)).toBe('2OT');
  });
});
