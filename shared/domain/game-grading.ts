import { VOID_RESULT } from './group-stats';

/** Product rules §4 'Game-linked props'. */

export const GAME_STATUSES = [
  'scheduled',
  'in_progress',
  'final',
  'postponed',
  'canceled',
  'suspended',
] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

export const GAME_MARKETS = ['winner', 'spread', 'total', 'team_total'] as const;
export type GameMarket = (typeof GAME_MARKETS)[number];

export const GAME_SIDES = ['home', 'away'] as const;
export type GameSide = (typeof GAME_SIDES)[number];

export const MARKET_OPTION_VALUES = {
  winner: ['away', 'home'],
  spread: ['away', 'home'],
  total: ['over', 'under'],
  team_total: ['over', 'under'],
} as const satisfies Record<GameMarket, readonly string[]>;
export type GameOptionValue = (typeof MARKET_OPTION_VALUES)[GameMarket][number];

export const marketNeedsLine = (market: GameMarket): boolean => market !== 'winner';

export interface GameMarketLink {
  market: GameMarket;
  line: number | null;
  team: GameSide | null;
}

export interface FinalScore {
  home: number;
  away: number;
}

// Whole thousandths: a line typed as 46.3 must not land a hair off the score it names.
const signOf = (value: number) => Math.sign(Math.round(value * 1000));

/**
 * 'N/A' when the score lands exactly on the line (or a winner market ends tied); overtime
 * counts. null when the link cannot be graded. A spread is the home team's: the home team
 * covers when (home − away) + line > 0.
 */
export function gradeGameMarket(
  link: GameMarketLink,
  score: FinalScore,
): GameOptionValue | typeof VOID_RESULT | null {
  const byMargin = (sign: number) => (sign > 0 ? 'home' : sign < 0 ? 'away' : VOID_RESULT);
  const byTotal = (sign: number) => (sign > 0 ? 'over' : sign < 0 ? 'under' : VOID_RESULT);
  if (link.market === 'winner') return byMargin(signOf(score.home - score.away));
  if (link.line === null || !Number.isFinite(link.line)) return null;
  switch (link.market) {
    case 'spread':
      return byMargin(signOf(score.home - score.away + link.line));
    case 'total':
      return byTotal(signOf(score.home + score.away - link.line));
    case 'team_total':
      if (link.team === null) return null;
      return byTotal(signOf(score[link.team] - link.line));
  }
}

export const UNFINISHED_GAME_VOID_AFTER_MS = 48 * 60 * 60 * 1000;

export const VOID_REASON_CANCELED = 'The game was canceled';
export const VOID_REASON_POSTPONED = 'The game was postponed and not played within 48 hours';
export const VOID_REASON_SUSPENDED = 'The game was suspended and not completed within 48 hours';

export interface GradableGame {
  status: GameStatus;
  homeScore: number | null;
  awayScore: number | null;
  startsAt: Date;
  /** The originally scheduled start: the 48 hours count from it. */
  scheduledAt: Date;
}

export interface AutomaticResult {
  result: string;
  /** null for a graded final. */
  reason: string | null;
}

/**
 * Product rules §4 'Game-linked props': a final grades it, a canceled game voids it, a
 * postponed or suspended game not completed within 48 hours of its original start voids it.
 * null while there is no result yet.
 */
export function automaticResultOf(
  game: GradableGame,
  link: GameMarketLink,
  now: Date,
): AutomaticResult | null {
  switch (game.status) {
    case 'final': {
      if (game.homeScore === null || game.awayScore === null) return null;
      const result = gradeGameMarket(link, { home: game.homeScore, away: game.awayScore });
      return result === null ? null : { result, reason: null };
    }
    case 'canceled':
      return { result: VOID_RESULT, reason: VOID_REASON_CANCELED };
    case 'in_progress':
      return null;
    default: {
      const postponed = game.status === 'postponed' || game.startsAt > game.scheduledAt;
      if (!postponed && game.status !== 'suspended') return null;
      if (now.getTime() - game.scheduledAt.getTime() < UNFINISHED_GAME_VOID_AFTER_MS) return null;
      return {
        result: VOID_RESULT,
        reason: game.status === 'suspended' ? VOID_REASON_SUSPENDED : VOID_REASON_POSTPONED,
      };
    }
  }
}
