import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { sharedFixturePath } from '../test-fixtures';
import {
  automaticResultOf,
  gradeGameMarket,
  VOID_REASON_CANCELED,
  VOID_REASON_POSTPONED,
  VOID_REASON_SUSPENDED,
  type GameMarketLink,
  type GradableGame,
} from './game-grading';

const winner: GameMarketLink = { market: 'winner', line: null, team: null };
const spread = (line: number): GameMarketLink => ({ market: 'spread', line, team: null });
const total = (line: number): GameMarketLink => ({ market: 'total', line, team: null });
const teamTotal = (team: 'home' | 'away', line: number): GameMarketLink => ({
  market: 'team_total',
  line,
  team,
});

describe('gradeGameMarket', () => {
  const cases: [string, GameMarketLink, { home: number; away: number }, string | null][] = [
    ['winner: home higher', winner, { home: 27, away: 17 }, 'home'],
    ['winner: away higher', winner, { home: 17, away: 27 }, 'away'],
    ['winner: a tie is void', winner, { home: 20, away: 20 }, 'N/A'],
    ['spread: home favoured covers', spread(-2.5), { home: 27, away: 24 }, 'home'],
    ['spread: home favoured fails to cover', spread(-3.5), { home: 27, away: 24 }, 'away'],
    ['spread: landing on the line is void', spread(-3), { home: 27, away: 24 }, 'N/A'],
    ['spread: home underdog covers by losing close', spread(7), { home: 20, away: 24 }, 'home'],
    ['spread: home underdog loses by more', spread(2), { home: 20, away: 24 }, 'away'],
    ['spread: EVEN is the winner, a tie void', spread(0), { home: 20, away: 20 }, 'N/A'],
    ['total: over', total(45.5), { home: 24, away: 22 }, 'over'],
    ['total: under', total(46.5), { home: 24, away: 22 }, 'under'],
    ['total: equal is void', total(46), { home: 24, away: 22 }, 'N/A'],
    ['team total: home over', teamTotal('home', 23.5), { home: 24, away: 3 }, 'over'],
    ['team total: away under', teamTotal('away', 23.5), { home: 40, away: 3 }, 'under'],
    ['team total: equal is void', teamTotal('away', 3), { home: 40, away: 3 }, 'N/A'],
    [
      'a spread without a line cannot be graded',
      { ...winner, market: 'spread' },
      { home: 1, away: 0 },
      null,
    ],
    [
      'a team total without a team cannot be graded',
      { ...total(3), market: 'team_total' },
      { home: 1, away: 0 },
      null,
    ],
  ];
  it.each(cases)('%s', (_name, link, score, expected) => {
    expect(gradeGameMarket(link, score)).toBe(expected);
  });
});

describe('automaticResultOf', () => {
  const start = new Date('2026-10-04T17:00:00Z');
  const game = (overrides: Partial<GradableGame>): GradableGame => ({
    status: 'scheduled',
    homeScore: null,
    awayScore: null,
    startsAt: start,
    scheduledAt: start,
    ...overrides,
  });
  const hours = (n: number) => new Date(start.getTime() + n * 3_600_000);

  it('grades a final', () => {
    const final = game({ status: 'final', homeScore: 31, awayScore: 28 });
    expect(automaticResultOf(final, spread(-3.5), hours(4))).toEqual({
      result: 'away',
      reason: null,
    });
  });

  it('has nothing before the final', () => {
    expect(automaticResultOf(game({}), winner, hours(-1))).toBeNull();
    const live = game({ status: 'in_progress', homeScore: 7, awayScore: 0 });
    expect(automaticResultOf(live, winner, hours(1))).toBeNull();
  });

  it('voids a canceled game at once', () => {
    expect(automaticResultOf(game({ status: 'canceled' }), winner, hours(-5))).toEqual({
      result: 'N/A',
      reason: VOID_REASON_CANCELED,
    });
  });

  it('waits 48 hours from the original start for a postponed or suspended game', () => {
    const postponed = game({ status: 'postponed' });
    expect(automaticResultOf(postponed, winner, hours(47.9))).toBeNull();
    expect(automaticResultOf(postponed, winner, hours(48))).toEqual({
      result: 'N/A',
      reason: VOID_REASON_POSTPONED,
    });
    const suspended = game({ status: 'suspended', homeScore: 2, awayScore: 1 });
    expect(automaticResultOf(suspended, winner, hours(48))?.reason).toBe(VOID_REASON_SUSPENDED);
  });

  it('voids a game moved past the 48 hours, but not one moved within them', () => {
    const movedFar = game({ startsAt: hours(72) });
    expect(automaticResultOf(movedFar, winner, hours(49))?.reason).toBe(VOID_REASON_POSTPONED);
    const movedNear = game({ status: 'final', startsAt: hours(24), homeScore: 1, awayScore: 2 });
    expect(automaticResultOf(movedNear, winner, hours(49))).toEqual({
      result: 'away',
      reason: null,
    });
    expect(automaticResultOf(game({}), winner, hours(49))).toBeNull();
  });
});

/**
 * Every 2022 NFL final with its closing lines (nflverse): the app's rules against the CSV's
 * own arithmetic. nflverse's spread_line is positive when the home team is favoured, so the
 * home team's spread (ESPN's, the app's line) is its negative.
 */
describe('the 2022 NFL season', () => {
  const rows = parse<Record<string, string>>(
    readFileSync(sharedFixturePath('nflverse/games-2022.csv'), 'utf8'),
    { columns: true },
  );
  const graded = rows.map((row) => {
    const score = { home: Number(row.home_score), away: Number(row.away_score) };
    const result = Number(row.result);
    const totalPoints = Number(row.total);
    const spreadLine = Number(row.spread_line);
    const totalLine = Number(row.total_line);
    const expected = {
      winner: result > 0 ? 'home' : result < 0 ? 'away' : 'N/A',
      spread: result > spreadLine ? 'home' : result < spreadLine ? 'away' : 'N/A',
      total: totalPoints > totalLine ? 'over' : totalPoints < totalLine ? 'under' : 'N/A',
    };
    const actual = {
      winner: gradeGameMarket(winner, score),
      spread: gradeGameMarket(spread(-spreadLine), score),
      total: gradeGameMarket(total(totalLine), score),
    };
    return { id: row.game_id, expected, actual };
  });

  it('holds every game, each with both lines', () => {
    expect(rows).toHaveLength(284);
    for (const row of rows) {
      expect(row.spread_line, row.game_id).not.toBe('');
      expect(row.total_line, row.game_id).not.toBe('');
    }
  });

  it('grades every game as its final score and closing lines say', () => {
    for (const { id, expected, actual } of graded) expect(actual, id).toEqual(expected);
  });

  it('finds the season’s ties and pushes', () => {
    const count = (market: 'winner' | 'spread' | 'total', result: string) =>
      graded.filter((game) => game.actual[market] === result).length;
    expect(count('winner', 'N/A')).toBe(2);
    expect([count('spread', 'home'), count('spread', 'away'), count('spread', 'N/A')]).toEqual([
      135, 139, 10,
    ]);
    expect([count('total', 'over'), count('total', 'under'), count('total', 'N/A')]).toEqual([
      125, 156, 3,
    ]);
  });
});
