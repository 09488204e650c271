import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { GAME_NOT_FOUND } from '@shared/contract/game-props';
import type { GamePropRequest } from '@shared/contract/game-props';
import type { Prop } from '@shared/contract/props';
import { marketNeedsLine, type GameMarketLink } from '@shared/domain/game-grading';
import {
  gameOptionsOf,
  gameTitleOf,
  gradingRuleOf,
  marketNameOf,
  type GameTeams,
} from '@shared/domain/game-props';
import type { Db } from '../../db/client';
import { games, props, type GameRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordActivity } from '../activity/activity.service';
import type { SessionUser } from '../auth/sessions';
import { toPropView } from './prop-access';
import { groupForNewProps } from './props.service';

export const teamsOf = (game: GameRow): GameTeams => ({
  home: { abbreviation: game.homeAbbreviation, name: game.homeName },
  away: { abbreviation: game.awayAbbreviation, name: game.awayName },
});

/** The feed has no team totals. */
function feedLineOf(game: GameRow, market: GameMarketLink['market']): number | null {
  if (market === 'spread') return game.homeSpread;
  if (market === 'total') return game.total;
  return null;
}

/** The line from the request, else the feed's; or the first refusal, as a field error. */
export function gameLinksOf(
  requests: readonly GamePropRequest[],
  gameOf: ReadonlyMap<number, GameRow>,
  now: Date,
): { game: GameRow; link: GameMarketLink }[] {
  const seen = new Set<string>();
  return requests.map((request, index) => {
    const game = gameOf.get(request.gameId);
    if (!game) throw notFound(GAME_NOT_FOUND);
    const title = gameTitleOf(teamsOf(game));
    if (game.startsAt.getTime() <= now.getTime() || game.status !== 'scheduled') {
      throw conflict(`${title} has already started or is no longer scheduled`);
    }
    const line = request.line ?? feedLineOf(game, request.market);
    const link = { market: request.market, line, team: request.team };
    const name = marketNameOf(teamsOf(game), link).toLowerCase();
    if (marketNeedsLine(request.market) && line === null) {
      const message = `The feed has no line for the ${name} of ${title}: give one`;
      throw badRequest(message, { [`props.${index}.line`]: [message] });
    }
    const key = `${game.id}:${request.market}:${request.team}`;
    if (seen.has(key)) {
      const message = `The ${name} of ${title} is in the list twice`;
      throw badRequest(message, { [`props.${index}.market`]: [message] });
    }
    seen.add(key);
    return { game, link: { ...link, line: request.market === 'winner' ? null : line } };
  });
}

/**
 * Product rules §4 'Game-linked props'. The leader always; other members where the group
 * allows member props. A game and market the group already has is refused.
 */
export async function createGameProps(
  db: Db,
  user: SessionUser,
  groupId: number,
  requests: readonly GamePropRequest[],
  now = new Date(),
): Promise<Prop[]> {
  return db.transaction(async (tx) => {
    const access = await groupForNewProps(tx, user, groupId);
    const { isLeader } = access;

    const gameIds = [...new Set(requests.map((request) => request.gameId))];
    const gameRows = await tx.select().from(games).where(inArray(games.id, gameIds));
    const links = gameLinksOf(requests, new Map(gameRows.map((game) => [game.id, game])), now);

    const existing = await tx
      .select({ gameId: props.gameId, market: props.market, team: props.team })
      .from(props)
      .where(
        and(eq(props.groupId, groupId), isNotNull(props.gameId), inArray(props.gameId, gameIds)),
      );
    const held = new Set(existing.map((row) => `${row.gameId}:${row.market}:${row.team}`));
    for (const { game, link } of links) {
      if (held.has(`${game.id}:${link.market}:${link.team}`)) {
        const teams = teamsOf(game);
        throw conflict(
          `This group already has the ${marketNameOf(teams, link).toLowerCase()} of ${gameTitleOf(teams)}`,
        );
      }
    }

    const created = await tx
      .insert(props)
      .values(
        links.map(({ game, link }) => ({
          groupId,
          sport: game.sport,
          title: gameTitleOf(teamsOf(game)),
          description: gradingRuleOf(teamsOf(game), link),
          options: gameOptionsOf(teamsOf(game), link),
          gameDate: game.startsAt,
          createdBy: user.id,
          gameId: game.id,
          market: link.market,
          line: link.line,
          team: link.team,
        })),
      )
      .returning();
    await recordActivity(
      tx,
      created.map((prop) => ({
        groupId,
        predictionId: prop.id,
        actorId: user.id,
        eventType: 'new' as const,
        eventData: { type: 'custom' as const, title: prop.title, sport: prop.sport },
      })),
    );
    const viewer = { userId: user.id, isLeader };
    const gameOf = new Map(gameRows.map((game) => [game.id, game]));
    return created.map((prop) =>
      toPropView(prop, access.group, viewer, null, now, {}, null, gameOf.get(prop.gameId ?? 0)),
    );
  });
}
