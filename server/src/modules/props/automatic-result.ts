import {
  automaticResultOf,
  type AutomaticResult,
  type GameMarket,
  type GameSide,
} from '@shared/domain/game-grading';
import type { GameRow } from '../../db/schema';

interface StoredLink {
  market: GameMarket | null;
  line: number | null;
  team: GameSide | null;
}

/**
 * From the stored game now, with an automatic void's reason; null while the game gives none.
 * What grading applies and what "return to automatic" restores.
 */
export function feedResultOfProp(
  game: GameRow,
  link: StoredLink,
  now: Date,
): AutomaticResult | null {
  if (link.market === null) return null;
  return automaticResultOf(game, { market: link.market, line: link.line, team: link.team }, now);
}

export function automaticResultOfProp(game: GameRow, link: StoredLink, now: Date): string | null {
  return feedResultOfProp(game, link, now)?.result ?? null;
}
