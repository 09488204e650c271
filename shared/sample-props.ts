import { PROP_TITLE_MAX_LENGTH } from './domain/custom-prop';
import { gameTitleOf } from './domain/game-props';
import type { PropOption } from './domain/prop-options';

/**
 * Product rules §3: what a leader generates with one click for a game. They speak of "the
 * home team"; `samplePropsForGame` puts the game's teams in its place.
 */
export interface SampleProp {
  category: string;
  title: string;
  description: string;
  options: PropOption[];
}

export const SAMPLE_PROP_SPORTS = ['NFL', 'NBA', 'MLB', 'NHL', 'NCAAF'] as const;
export type SampleSport = (typeof SAMPLE_PROP_SPORTS)[number];

const yesNo = (yesOdds: string, noOdds: string): PropOption[] => [
  { value: 'yes', label: 'Yes', odds: yesOdds },
  { value: 'no', label: 'No', odds: noOdds },
];

const overUnder = (line: string, overOdds = '-110', underOdds = '-110'): PropOption[] => [
  { value: 'over', label: `Over ${line}`, odds: overOdds },
  { value: 'under', label: `Under ${line}`, odds: underOdds },
];

const homeAway = (homeOdds: string, awayOdds: string): PropOption[] => [
  { value: 'home', label: 'Home team', odds: homeOdds },
  { value: 'away', label: 'Away team', odds: awayOdds },
];

export const SAMPLE_PROPS: Readonly<Record<SampleSport, readonly SampleProp[]>> = {
  NFL: [
    {
      category: 'Game',
      title: 'Who wins the game?',
      description: 'Pick the winner straight up. Overtime counts; a tie voids the prop.',
      options: homeAway('-135', '+115'),
    },
    {
      category: 'Game',
      title: 'Total points',
      description: 'Combined points scored by both teams, overtime included.',
      options: overUnder('44.5'),
    },
    {
      category: 'Scoring',
      title: 'First score of the game',
      description: 'How are the first points of the game scored?',
      options: [
        { value: 'touchdown', label: 'Touchdown', odds: '-160' },
        { value: 'field-goal', label: 'Field goal', odds: '+130' },
        { value: 'safety', label: 'Safety', odds: '+4000' },
      ],
    },
    {
      category: 'Scoring',
      title: 'Opening drive touchdown',
      description: 'Does the team receiving the opening kickoff score a touchdown on that drive?',
      options: yesNo('+260', '-340'),
    },
    {
      category: 'Scoring',
      title: 'Longest touchdown',
      description: 'Yards on the longest touchdown of the game, any team, any play.',
      options: overUnder('42.5'),
    },
    {
      category: 'Player',
      title: 'Starting quarterback passing yards',
      description: "The home team's starting quarterback's passing yards, sacks not deducted.",
      options: overUnder('238.5', '-115', '-105'),
    },
    {
      category: 'Player',
      title: 'Anytime defensive touchdown',
      description: 'Does either defense or special teams unit score a touchdown?',
      options: yesNo('+450', '-700'),
    },
    {
      category: 'Game',
      title: 'Winning margin',
      description: 'By how many points does the winner win? Overtime counts.',
      options: [
        { value: '1-6', label: '1 to 6 points', odds: '+105' },
        { value: '7-13', label: '7 to 13 points', odds: '+200' },
        { value: '14-plus', label: '14 points or more', odds: '+230' },
      ],
    },
    {
      category: 'Game',
      title: 'Overtime',
      description: 'Is the game tied at the end of regulation?',
      options: yesNo('+1100', '-2500'),
    },
    {
      category: 'Special Teams',
      title: 'Made field goals',
      description: 'Field goals made by both kickers combined.',
      options: overUnder('3.5', '+115', '-135'),
    },
  ],
  NCAAF: [
    {
      category: 'Game',
      title: 'Who wins the game?',
      description: 'Pick the winner straight up, overtime included.',
      options: homeAway('-200', '+170'),
    },
    {
      category: 'Game',
      title: 'Total points',
      description: 'Combined points scored by both teams, overtime included.',
      options: overUnder('55.5'),
    },
    {
      category: 'Game',
      title: 'Favourite covers 7.5',
      description: 'Does the favourite win by 8 points or more?',
      options: yesNo('-105', '-115'),
    },
    {
      category: 'Scoring',
      title: 'First half leader',
      description: 'Who leads at halftime?',
      options: [
        { value: 'home', label: 'Home team', odds: '-150' },
        { value: 'away', label: 'Away team', odds: '+140' },
        { value: 'tied', label: 'Tied', odds: '+1400' },
      ],
    },
    {
      category: 'Scoring',
      title: 'Touchdowns in the game',
      description: 'Total touchdowns scored by both teams, any kind.',
      options: overUnder('6.5', '-120', '+100'),
    },
    {
      category: 'Player',
      title: 'Leading rusher yards',
      description: "Rushing yards of the game's leading rusher, either team.",
      options: overUnder('109.5'),
    },
    {
      category: 'Player',
      title: 'Interception thrown',
      description: 'Does either starting quarterback throw an interception?',
      options: yesNo('-190', '+155'),
    },
    {
      category: 'Special Teams',
      title: 'Missed extra point',
      description: 'Is any point-after-touchdown kick missed or blocked?',
      options: yesNo('+240', '-300'),
    },
    {
      category: 'Game',
      title: 'Highest scoring quarter',
      description: 'Which quarter has the most combined points? A tie for most voids the prop.',
      options: [
        { value: 'q1', label: '1st quarter', odds: '+350' },
        { value: 'q2', label: '2nd quarter', odds: '+150' },
        { value: 'q3', label: '3rd quarter', odds: '+320' },
        { value: 'q4', label: '4th quarter', odds: '+210' },
      ],
    },
  ],
  NBA: [
    {
      category: 'Game',
      title: 'Who wins the game?',
      description: 'Pick the winner, overtime included.',
      options: homeAway('-160', '+135'),
    },
    {
      category: 'Game',
      title: 'Total points',
      description: 'Combined points scored by both teams, overtime included.',
      options: overUnder('226.5'),
    },
    {
      category: 'Game',
      title: 'First to 20 points',
      description: 'Which team reaches 20 points first?',
      options: homeAway('-120', '+100'),
    },
    {
      category: 'Player',
      title: 'Top scorer points',
      description: "Points scored by the game's top scorer, either team.",
      options: overUnder('33.5', '-105', '-115'),
    },
    {
      category: 'Player',
      title: 'Triple-double',
      description: 'Does any player record a triple-double?',
      options: yesNo('+320', '-420'),
    },
    {
      category: 'Game',
      title: 'Made three-pointers',
      description: 'Three-pointers made by both teams combined.',
      options: overUnder('27.5'),
    },
    {
      category: 'Game',
      title: 'Overtime',
      description: 'Is the game tied at the end of regulation?',
      options: yesNo('+1600', '-5000'),
    },
    {
      category: 'Game',
      title: 'Winning margin',
      description: 'By how many points does the winner win? Overtime counts.',
      options: [
        { value: '1-5', label: '1 to 5 points', odds: '+160' },
        { value: '6-10', label: '6 to 10 points', odds: '+220' },
        { value: '11-plus', label: '11 points or more', odds: '+120' },
      ],
    },
    {
      category: 'Game',
      title: 'Highest scoring quarter',
      description: 'Which quarter has the most combined points? A tie for most voids the prop.',
      options: [
        { value: 'q1', label: '1st quarter', odds: '+260' },
        { value: 'q2', label: '2nd quarter', odds: '+240' },
        { value: 'q3', label: '3rd quarter', odds: '+250' },
        { value: 'q4', label: '4th quarter', odds: '+280' },
      ],
    },
  ],
  MLB: [
    {
      category: 'Game',
      title: 'Who wins the game?',
      description: 'Pick the winner, extra innings included.',
      options: homeAway('-125', '+105'),
    },
    {
      category: 'Game',
      title: 'Total runs',
      description: 'Combined runs scored by both teams, extra innings included.',
      options: overUnder('8.5', '-105', '-115'),
    },
    {
      category: 'Scoring',
      title: 'Run in the first inning',
      description: 'Does either team score in the first inning?',
      options: yesNo('-110', '-110'),
    },
    {
      category: 'Player',
      title: 'Starting pitcher strikeouts',
      description: "Strikeouts by the home team's starting pitcher.",
      options: overUnder('5.5', '-130', '+110'),
    },
    {
      category: 'Scoring',
      title: 'Home runs in the game',
      description: 'Home runs hit by both teams combined.',
      options: [
        { value: '0', label: 'None', odds: '+700' },
        { value: '1-2', label: '1 or 2', odds: '+105' },
        { value: '3-plus', label: '3 or more', odds: '-110' },
      ],
    },
    {
      category: 'Game',
      title: 'Extra innings',
      description: 'Is the game tied after nine innings?',
      options: yesNo('+800', '-1400'),
    },
    {
      category: 'Game',
      title: 'Total hits',
      description: 'Hits by both teams combined.',
      options: overUnder('16.5'),
    },
    {
      category: 'Player',
      title: 'Stolen base',
      description: 'Does any player steal a base?',
      options: yesNo('-165', '+135'),
    },
    {
      category: 'Scoring',
      title: 'Grand slam',
      description: 'Is a grand slam hit in the game?',
      options: yesNo('+1800', '-10000'),
    },
  ],
  NHL: [
    {
      category: 'Game',
      title: 'Who wins the game?',
      description: 'Pick the winner, overtime and shootout included.',
      options: homeAway('-140', '+120'),
    },
    {
      category: 'Game',
      title: 'Total goals',
      description:
        'Combined goals by both teams, overtime included; a shootout win counts as one goal.',
      options: overUnder('6.5', '+105', '-125'),
    },
    {
      category: 'Scoring',
      title: 'First goal',
      description: 'Which team scores the first goal?',
      options: homeAway('-115', '-105'),
    },
    {
      category: 'Scoring',
      title: 'Goal in the first ten minutes',
      description: 'Is a goal scored in the first 10:00 of the first period?',
      options: yesNo('-105', '-115'),
    },
    {
      category: 'Game',
      title: 'Overtime',
      description: 'Is the game tied after regulation?',
      options: yesNo('+310', '-400'),
    },
    {
      category: 'Player',
      title: 'Hat trick',
      description: 'Does any player score three goals?',
      options: yesNo('+1000', '-3000'),
    },
    {
      category: 'Scoring',
      title: 'Power-play goals',
      description: 'Power-play goals by both teams combined.',
      options: overUnder('1.5', '+120', '-140'),
    },
    {
      category: 'Game',
      title: 'Shots on goal',
      description: 'Shots on goal by both teams combined, overtime included.',
      options: overUnder('60.5'),
    },
    {
      category: 'Scoring',
      title: 'Empty-net goal',
      description: 'Is a goal scored into an empty net?',
      options: yesNo('+105', '-125'),
    },
  ],
};

/**
 * The next usual game slot at least an hour away, so a prop never appears about to close.
 * UTC hours matching US evening and weekend slots.
 */
const GAME_SLOTS: Record<SampleSport, { weekday: number | null; hourUtc: number; minute: number }> =
  {
    NFL: { weekday: 0, hourUtc: 17, minute: 0 },
    NCAAF: { weekday: 6, hourUtc: 16, minute: 0 },
    NBA: { weekday: null, hourUtc: 23, minute: 30 },
    MLB: { weekday: null, hourUtc: 23, minute: 5 },
    NHL: { weekday: null, hourUtc: 23, minute: 0 },
  };

const MIN_LEAD_MS = 60 * 60_000;

export function nextGameDateFor(sport: SampleSport, now: Date): Date {
  const slot = GAME_SLOTS[sport];
  const candidate = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), slot.hourUtc, slot.minute),
  );
  for (;;) {
    const onDay = slot.weekday === null || candidate.getUTCDay() === slot.weekday;
    if (onDay && candidate.getTime() - now.getTime() >= MIN_LEAD_MS) return candidate;
    candidate.setUTCDate(candidate.getUTCDate() + 1);
  }
}

export function isSampleSport(sport: string): sport is SampleSport {
  return (SAMPLE_PROP_SPORTS as readonly string[]).includes(sport);
}

export const TEAM_NAME_MAX_LENGTH = 30;

export interface SampleGameTeam {
  name: string;
  /** Used when the full names make a title too long. */
  abbreviation?: string;
}

export interface SampleGameTeams {
  home: SampleGameTeam;
  away: SampleGameTeam;
}

const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

function withTeams(text: string, teams: SampleGameTeams): string {
  return text.replace(/\b(home|away) team('s)?/g, (_match, side: 'home' | 'away', ownership) => {
    const name = teams[side].name;
    return ownership ? possessive(name) : name;
  });
}

/** Product rules §3 'Sample props': a title too long with full names uses the feed's abbreviations. */
export function samplePropsForGame(sport: SampleSport, teams: SampleGameTeams): SampleProp[] {
  const short: SampleGameTeams = {
    home: { name: teams.home.abbreviation || teams.home.name },
    away: { name: teams.away.abbreviation || teams.away.name },
  };
  return SAMPLE_PROPS[sport].map((sample) => {
    const question = sample.title.charAt(0).toLowerCase() + sample.title.slice(1);
    const full = `${gameTitleOf(teams)}: ${question}`;
    return {
      category: sample.category,
      title: full.length <= PROP_TITLE_MAX_LENGTH ? full : `${gameTitleOf(short)}: ${question}`,
      description: withTeams(sample.description, teams),
      options: sample.options.map((option) =>
        option.value === 'home' || option.value === 'away'
          ? { ...option, label: teams[option.value].name }
          : option,
      ),
    };
  });
}
