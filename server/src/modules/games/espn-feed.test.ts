import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedFixturePath } from '@shared/test-fixtures';
import { parseEspnScoreboard } from './espn-feed';
import type { FeedGame } from './scores-feed';

const fixture = (name: string) =>
  parseEspnScoreboard(JSON.parse(readFileSync(sharedFixturePath(`espn/${name}`), 'utf8')));

const countBy = (games: FeedGame[]) =>
  games.reduce<Record<string, number>>(
    (counts, game) => ({ ...counts, [game.status]: (counts[game.status] ?? 0) + 1 }),
    {},
  );
const byMatchup = (games: FeedGame[], away: string, home: string) =>
  games.find((game) => game.away.abbreviation === away && game.home.abbreviation === home);

describe('the recorded ESPN scoreboards', () => {
  it('reads 2022 week 11 mid-Sunday: 8 in progress, 5 scheduled with lines, 1 final', () => {
    const day = fixture('nfl-2022-week11-midsunday.json');
    expect(day?.skipped).toBe(0);
    const games = day?.games ?? [];
    expect(games).toHaveLength(14);
    expect(countBy(games)).toEqual({ in_progress: 8, scheduled: 5, final: 1 });
    const scheduled = games.filter((game) => game.status === 'scheduled');
    // This file has no `spread` field: the line comes from `details` ("DEN -2.5").
    for (const game of scheduled) {
      expect(game.homeSpread, game.feedEventId).not.toBeNull();
      expect(game.total, game.feedEventId).not.toBeNull();
      expect(game.home.score).toBeNull();
    }
    expect(byMatchup(games, 'TEN', 'GB')).toMatchObject({
      status: 'final',
      home: { abbreviation: 'GB', score: 17 },
      away: { abbreviation: 'TEN', score: 27 },
      period: null,
      clock: null,
    });
    for (const game of games.filter((one) => one.status === 'in_progress')) {
      expect(game.home.score).toEqual(expect.any(Number));
      expect(game.period).toEqual(expect.any(Number));
      expect(game.clock).toEqual(expect.any(String));
    }
  });

  it('reads 2024 week 1 before kickoff: 16 scheduled, every one with both lines', () => {
    const games = fixture('nfl-2024-week1-pregame.json')?.games ?? [];
    expect(games).toHaveLength(16);
    expect(countBy(games)).toEqual({ scheduled: 16 });
    expect(games.every((game) => game.homeSpread !== null && game.total !== null)).toBe(true);
    expect(byMatchup(games, 'BAL', 'KC')).toMatchObject({
      homeSpread: -2.5,
      total: 46.5,
      home: { name: 'Kansas City Chiefs', score: null },
      startsAt: new Date('2024-09-06T00:20Z'),
    });
    expect(byMatchup(games, 'MIN', 'NYG')?.homeSpread).toBe(0);
    expect(byMatchup(games, 'HOU', 'IND')?.homeSpread).toBe(2);
    expect(byMatchup(games, 'DAL', 'CLE')?.homeSpread).toBe(1);
    expect(byMatchup(games, 'GB', 'PHI')).toBeDefined();
  });

  it('reads a final in overtime', () => {
    const games = fixture('nfl-final-ot.json')?.games ?? [];
    expect(countBy(games)).toEqual({ final: 1 });
    expect(games[0]).toMatchObject({
      feedEventId: '9001',
      detail: 'Final/OT',
      home: { abbreviation: 'LAR', name: 'Los Angeles Rams', score: 26 },
      away: { abbreviation: 'LV', score: 20 },
      homeSpread: null,
      total: null,
    });
  });

  it('reads a trimmed payload with no status names, no dates and "EVEN"', () => {
    const day = fixture('nfl-even-odds.json');
    expect(day?.skipped).toBe(0);
    const games = day?.games ?? [];
    expect(countBy(games)).toEqual({ scheduled: 1, in_progress: 1 });
    expect(byMatchup(games, 'TB', 'DAL')).toMatchObject({
      homeSpread: -8.5,
      startsAt: null,
      home: { name: 'DAL', score: null },
    });
    expect(byMatchup(games, 'LAR', 'WSH')).toMatchObject({
      homeSpread: 0,
      period: 4,
      clock: '2:41',
      detail: '2:41 - 4th',
      home: { score: 20 },
      away: { score: 17 },
    });
  });
});

describe('a messy payload', () => {
  const competitor = (homeAway: string, abbreviation: string, score?: unknown) => ({
    homeAway,
    team: { abbreviation },
    ...(score !== undefined && { score }),
  });
  const event = (id: unknown, competition: Record<string, unknown>) => ({
    id,
    date: '2026-10-04T17:00Z',
    competitions: [competition],
  });

  it('skips what it cannot read and keeps the rest of the day', () => {
    const day = parseEspnScoreboard({
      events: [
        null,
        'text',
        event(undefined, { competitors: [competitor('home', 'A'), competitor('away', 'B')] }),
        event('1', { competitors: [competitor('home', 'A')] }),
        event('2', {
          status: { type: { name: 'STATUS_WEATHER_DELAY_SOMETHING_NEW', state: 'in' } },
          competitors: [competitor('away', 'NYY', 3), competitor('home', 'BOS', '4')],
          odds: [{ details: 'BOS -1.5', homeTeamOdds: null, awayTeamOdds: null }, null],
        }),
        event('3', {
          status: { type: { name: 'STATUS_SHOOTOUT_OF_SPACE', state: 'post', completed: true } },
          competitors: [competitor('home', 'NJ', { value: 3 }), competitor('away', 'NYR', 'x')],
          odds: [{ spread: 'n/a', overUnder: '6.5', details: 'NYR -1.5' }],
        }),
        event('4', {
          status: { type: { name: 'STATUS_POSTPONED', state: 'post', completed: false } },
          competitors: [competitor('home', 'C'), competitor('away', 'D')],
          odds: [{ spread: 1e9, overUnder: -Infinity, details: 'ZZZ -3' }],
        }),
        event('5', {
          status: { type: { name: 'STATUS_CANCELED' } },
          competitors: [competitor('home', 'E'), competitor('away', 'F')],
        }),
      ],
    });
    expect(day?.skipped).toBe(4);
    expect(day?.games.map((game) => [game.feedEventId, game.status])).toEqual([
      ['2', 'in_progress'],
      ['3', 'final'],
      ['4', 'postponed'],
      ['5', 'canceled'],
    ]);
    const [delayed, shootout, postponed] = day?.games ?? [];
    expect(delayed).toMatchObject({ home: { score: 4 }, away: { score: 3 }, homeSpread: -1.5 });
    expect(shootout).toMatchObject({ home: { score: 3 }, away: { score: null } });
    expect(shootout).toMatchObject({ homeSpread: 1.5, total: 6.5 });
    expect(postponed).toMatchObject({ homeSpread: null, total: null });
  });

  it('is no scoreboard without a list of events', () => {
    expect(parseEspnScoreboard(null)).toBeNull();
    expect(parseEspnScoreboard([])).toBeNull();
    expect(parseEspnScoreboard({ events: {} })).toBeNull();
    expect(parseEspnScoreboard({ events: [] })).toEqual({ games: [], skipped: 0 });
  });
});
