import type { PropOption } from './prop-options';
import { MARKET_OPTION_VALUES, type GameMarketLink, type GameSide } from './game-grading';

/** Product rules §4 'Game-linked props', in the same words for the description, the card and the server. */

export interface GameTeams {
  home: { abbreviation: string; name: string };
  away: { abbreviation: string; name: string };
}

/** 'PK' for a spread of 0. */
export function signedLine(line: number): string {
  if (line === 0) return 'PK';
  return line > 0 ? `+${line}` : `${line}`;
}

export const gameTitleOf = (teams: { home: { name: string }; away: { name: string } }) =>
  `${teams.away.name} at ${teams.home.name}`;

export function gameOptionsOf(teams: GameTeams, link: GameMarketLink): PropOption[] {
  const label = (value: string): string => {
    const side = value as GameSide;
    switch (link.market) {
      case 'winner':
        return teams[side].name;
      case 'spread': {
        const line = link.line ?? 0;
        return `${teams[side].name} ${signedLine(side === 'home' ? line : -line)}`;
      }
      case 'total':
      case 'team_total':
        return `${value === 'over' ? 'Over' : 'Under'} ${link.line ?? ''}`.trim();
    }
  };
  return MARKET_OPTION_VALUES[link.market].map((value) => ({
    value,
    label: label(value),
    odds: '',
  }));
}

/** At most 150 characters. */
export function gradingRuleOf(teams: GameTeams, link: GameMarketLink): string {
  const line = link.line ?? 0;
  switch (link.market) {
    case 'winner':
      return 'Who wins? The higher score at the end, overtime included; a tie is void.';
    case 'spread':
      return `Who covers? ${teams.home.name} ${signedLine(line)}: the home margin plus the line decides, overtime included; exactly on the line is void.`;
    case 'total':
      return `Over or under ${line} points in all? Both teams, overtime included; exactly on the line is void.`;
    case 'team_total': {
      const team = link.team ? teams[link.team].name : 'the team';
      return `Over or under ${line} points for ${team}? Overtime included; exactly on the line is void.`;
    }
  }
}

export function marketNameOf(teams: GameTeams, link: Pick<GameMarketLink, 'market' | 'team'>) {
  switch (link.market) {
    case 'winner':
      return 'Winner';
    case 'spread':
      return 'Spread';
    case 'total':
      return 'Total';
    case 'team_total':
      return `Team total: ${link.team ? teams[link.team].abbreviation : ''}`.trim();
  }
}

export interface GameState extends GameTeams {
  status: 'scheduled' | 'in_progress' | 'final' | 'postponed' | 'canceled' | 'suspended';
  period: number | null;
  clock: string | null;
  detail: string | null;
  home: GameTeams['home'] & { score: number | null };
  away: GameTeams['away'] & { score: number | null };
}

export function periodNameOf(sport: string, period: number): string {
  const regulation = sport === 'NHL' ? 3 : sport === 'MLB' ? Infinity : 4;
  if (period > regulation) {
    const extra = period - regulation;
    return extra === 1 ? 'OT' : `${extra}OT`;
  }
  if (sport === 'NHL') return `P${period}`;
  if (sport === 'MLB') {
    const suffix =
      period % 100 >= 11 && period % 100 <= 13
        ? 'th'
        : (['th', 'st', 'nd', 'rd'][period % 10] ?? 'th');
    return `${period}${suffix}`;
  }
  return `Q${period}`;
}

const scoreOf = (game: GameState) =>
  `${game.away.abbreviation} ${game.away.score ?? 0} – ${game.home.abbreviation} ${game.home.score ?? 0}`;

/** null before it starts; "BUF 14 – KC 17 · Q3 4:12" while on, "Final: BUF 14 – KC 17" after. */
export function gameStateLineOf(sport: string, game: GameState): string | null {
  switch (game.status) {
    case 'scheduled':
      return null;
    case 'in_progress': {
      const when =
        game.period === null
          ? (game.detail ?? 'Live')
          : [periodNameOf(sport, game.period), game.clock].filter(Boolean).join(' ');
      return `${scoreOf(game)} · ${when}`;
    }
    case 'final': {
      const final = game.detail?.startsWith('Final') ? game.detail : 'Final';
      return `${final}: ${scoreOf(game)}`;
    }
    case 'postponed':
      return 'Postponed';
    case 'canceled':
      return 'Canceled';
    case 'suspended':
      return `Suspended: ${scoreOf(game)}`;
  }
}
