import type { GameStatus } from '@shared/domain/game-grading';
import type { FeedSport } from '@shared/sports';

/** One small interface, so another provider can be added without touching storage, polling or grading. */
export interface ScoresFeed {
  readonly name: string;
  /** `day` is YYYYMMDD in the feed's calendar. Rejects with a FeedError, never half a day. */
  fetchDay(sport: FeedSport, day: string): Promise<FeedDay>;
}

export interface FeedDay {
  games: FeedGame[];
  /** Events without teams or id, left out. */
  skipped: number;
  /** Kept for disputes. */
  raw: string;
}

export interface FeedTeam {
  abbreviation: string;
  name: string;
  score: number | null;
}

export interface FeedGame {
  feedEventId: string;
  /** null in a trimmed payload: only an already stored game takes it. */
  startsAt: Date | null;
  status: GameStatus;
  home: FeedTeam;
  away: FeedTeam;
  period: number | null;
  clock: string | null;
  detail: string | null;
  /** Negative when the home team is favoured. */
  homeSpread: number | null;
  total: number | null;
}

/** `message` is what the admin panel and the log say. */
export class FeedError extends Error {
  constructor(
    message: string,
    readonly kind: 'unreachable' | 'timeout' | 'http' | 'malformed',
  ) {
    super(message);
    this.name = 'FeedError';
  }
}
