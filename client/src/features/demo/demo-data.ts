import type { GroupDetails } from '@shared/contract/groups';
import type { ActivityEvent, ActivityPayload } from '@shared/contract/activity';
import type { LeaderboardEntry, MemberStats, Prop } from '@shared/contract/props';
import {
  isCorrectOf,
  memberRecordOf,
  pickOutcomeOf,
  rankLeaderboard,
  VOID_RESULT,
  winRatePercent,
} from '@shared/domain/group-stats';
import { lockStateOf, type GroupLockSettings } from '@shared/domain/lock-state';
import type { PropOption } from '@shared/domain/prop-options';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@shared/domain/prop-display';
import { nextGameDateFor, SAMPLE_PROPS, type SampleSport } from '@shared/sample-props';

/**
 * Product rules §2 'Demo group page': sample props in every state a member meets, built in
 * the browser from the page's clock so the dates always read as this week. Shapes are the
 * real contract's, so the group page's own components draw it.
 */

/** Product rules §2: the sample group expires 14 days after the demo is first opened. */
export const DEMO_EXPIRY_DAYS = 14;

export const DEMO_GROUP_ID = 0;
export const DEMO_VIEWER_ID = 100;
const LEADER_ID = 101;

/** Games lock when they start, like a new group's default (product rules §9). */
export const DEMO_LOCK_SETTINGS: GroupLockSettings = {
  lockType: 'game',
  lockValue: null,
  isLocked: false,
};

export function demoGroupOf(startedAt: Date): GroupDetails {
  return {
    id: DEMO_GROUP_ID,
    name: 'Sunday Sharps',
    code: null,
    createdAt: new Date(startedAt.getTime() - 6 * DAY_MS).toISOString(),
    expiresAt: new Date(startedAt.getTime() + DEMO_EXPIRY_DAYS * DAY_MS).toISOString(),
    leaderId: LEADER_ID,
    isOfficial: false,
    isLocked: false,
    isManuallyLocked: false,
    lockType: DEMO_LOCK_SETTINGS.lockType,
    lockValue: null,
    allowMemberProps: false,
    invitePermission: 'leader',
    activeSports: ['NFL', 'NBA', 'MLB', 'NHL', 'NCAAF', 'Crazy Props'],
    listType: 'private',
    trackPaymentStatus: true,
    scoring: 'standard',
    dropWorstRounds: 0,
    memberCount: DEMO_MEMBERS.length,
    isJoined: true,
    isLeader: false,
    isPaid: true,
    isContestant: true,
  };
}

export interface DemoMember {
  id: number;
  displayName: string;
}

export const DEMO_MEMBERS: readonly DemoMember[] = [
  { id: DEMO_VIEWER_ID, displayName: 'Guest' },
  { id: LEADER_ID, displayName: 'Coach Dana' },
  { id: 102, displayName: 'Marcus' },
  { id: 103, displayName: 'Priya' },
  { id: 104, displayName: 'Uncle Ray' },
  { id: 105, displayName: 'Jess' },
  { id: 106, displayName: 'Tomás' },
];

function sampleOf(sport: SampleSport, title: string) {
  const sample = SAMPLE_PROPS[sport].find((candidate) => candidate.title === title);
  if (!sample) throw new Error(`No ${sport} sample prop titled "${title}"`);
  return { sport, ...sample };
}

interface DemoPropSeed {
  id: number;
  sport: string;
  category: string;
  title: string;
  description: string;
  options: PropOption[];
  gameDate: Date | null;
  result: string | null;
  viewerPick: string | null;
  picks: Readonly<Record<number, string>>;
}

const ago = (startedAt: Date, ms: number) => new Date(startedAt.getTime() - ms);
const ahead = (startedAt: Date, ms: number) => new Date(startedAt.getTime() + ms);

/** One prop per state the group page shows, including decided without a pick (a loss). */
function demoSeedsOf(startedAt: Date): DemoPropSeed[] {
  return [
    {
      id: 1,
      ...sampleOf('NFL', 'Who wins the game?'),
      gameDate: nextGameDateFor('NFL', startedAt),
      result: null,
      viewerPick: null,
      picks: { 101: 'home', 102: 'away', 103: 'home' },
    },
    {
      id: 2,
      ...sampleOf('NBA', 'Total points'),
      gameDate: nextGameDateFor('NBA', startedAt),
      result: null,
      viewerPick: null,
      picks: { 101: 'over', 104: 'under' },
    },
    {
      id: 3,
      sport: 'Crazy Props',
      category: 'Crazy',
      title: 'Gatorade shower colour',
      description: "What colour is the sports drink poured on the winning coach's head?",
      options: [
        { value: 'orange', label: 'Orange', odds: '+250' },
        { value: 'blue', label: 'Blue', odds: '+300' },
        { value: 'yellow-green', label: 'Yellow or green', odds: '+400' },
        { value: 'clear', label: 'Clear or water', odds: '+500' },
      ],
      gameDate: ahead(startedAt, 5 * DAY_MS),
      result: null,
      viewerPick: null,
      picks: { 105: 'orange' },
    },
    {
      id: 4,
      ...sampleOf('MLB', 'Run in the first inning'),
      gameDate: nextGameDateFor('MLB', startedAt),
      result: null,
      viewerPick: 'yes',
      picks: { 101: 'no', 102: 'yes', 106: 'yes' },
    },
    {
      id: 5,
      ...sampleOf('NHL', 'Total goals'),
      gameDate: ago(startedAt, 40 * MINUTE_MS),
      result: null,
      viewerPick: 'under',
      picks: { 101: 'over', 102: 'under', 103: 'over', 104: 'over' },
    },
    {
      id: 6,
      ...sampleOf('NFL', 'Total points'),
      gameDate: ago(startedAt, 2 * DAY_MS + 3 * HOUR_MS),
      result: 'over',
      viewerPick: 'over',
      picks: { 101: 'over', 102: 'under', 103: 'over', 104: 'under', 105: 'under', 106: 'over' },
    },
    {
      id: 7,
      ...sampleOf('NCAAF', 'Who wins the game?'),
      gameDate: ago(startedAt, 3 * DAY_MS + 4 * HOUR_MS),
      result: 'home',
      viewerPick: 'away',
      picks: { 101: 'home', 102: 'home', 103: 'away', 104: 'away', 105: 'home', 106: 'away' },
    },
    {
      id: 8,
      ...sampleOf('NBA', 'Overtime'),
      gameDate: ago(startedAt, 1 * DAY_MS + 2 * HOUR_MS),
      result: VOID_RESULT,
      viewerPick: 'no',
      picks: { 101: 'no', 102: 'yes', 103: 'no', 105: 'no' },
    },
    {
      id: 9,
      ...sampleOf('MLB', 'Extra innings'),
      gameDate: ago(startedAt, 1 * DAY_MS + 5 * HOUR_MS),
      result: 'no',
      viewerPick: null,
      picks: { 101: 'no', 102: 'no', 103: 'yes', 104: 'yes' },
    },
  ];
}

export function initialDemoPicksOf(startedAt: Date): ReadonlyMap<number, string> {
  return new Map(
    demoSeedsOf(startedAt).flatMap((seed) =>
      seed.viewerPick === null ? [] : [[seed.id, seed.viewerPick] as const],
    ),
  );
}

/** Lock state and outcome come from the same shared rules the server uses. */
export function demoPropsOf(
  startedAt: Date,
  picks: ReadonlyMap<number, string>,
  now: Date,
): Prop[] {
  return demoSeedsOf(startedAt).map((seed) => {
    const selected = picks.get(seed.id) ?? null;
    const lock = lockStateOf(seed, DEMO_LOCK_SETTINGS, now);
    return {
      id: seed.id,
      groupId: DEMO_GROUP_ID,
      sport: seed.sport,
      category: seed.category,
      title: seed.title,
      description: seed.description,
      options: seed.options,
      gameDate: seed.gameDate?.toISOString() ?? null,
      result: seed.result,
      isActive: true,
      isImported: false,
      createdBy: LEADER_ID,
      createdAt: ago(startedAt, 6 * DAY_MS).toISOString(),
      lock: { locked: lock.locked, reason: lock.reason, at: lock.at?.toISOString() ?? null },
      myPick:
        selected === null
          ? null
          : {
              id: seed.id,
              selectedOption: selected,
              isCorrect: isCorrectOf(seed.result, selected),
            },
      pickReset: null,
      outcome: pickOutcomeOf(seed.result, selected),
      canEdit: false,
      canDelete: false,
      canSetResult: false,
      pickCount: 0,
      pickSplit: null,
      game: null,
    };
  });
}

export function demoLeaderboardOf(
  startedAt: Date,
  picks: ReadonlyMap<number, string>,
): LeaderboardEntry[] {
  const seeds = demoSeedsOf(startedAt);
  const entries = DEMO_MEMBERS.map((member) => {
    const selections =
      member.id === DEMO_VIEWER_ID
        ? picks
        : new Map(
            seeds.flatMap((seed) => {
              const option = seed.picks[member.id];
              return option === undefined ? [] : [[seed.id, option] as const];
            }),
          );
    const record = memberRecordOf(seeds, selections);
    return {
      user: { id: member.id, displayName: member.displayName },
      wins: record.wins,
      losses: record.losses,
      pending: record.pending,
      percentage: winRatePercent(record.wins, record.losses),
    };
  });
  return rankLeaderboard(entries);
}

export function demoStatsOf(leaderboard: readonly LeaderboardEntry[]): MemberStats {
  const own = leaderboard.find((entry) => entry.user.id === DEMO_VIEWER_ID);
  return {
    wins: own?.wins ?? 0,
    losses: own?.losses ?? 0,
    pending: own?.pending ?? 0,
    winRate: own?.percentage ?? 0,
    position: own?.position ?? leaderboard.length,
    totalMembers: leaderboard.length,
  };
}

export function demoActivityOf(startedAt: Date): ActivityEvent[] {
  const event = (
    id: number,
    msAgo: number,
    payload: ActivityPayload,
    predictionId: number | null = null,
  ): ActivityEvent => ({
    id,
    predictionId,
    groupId: DEMO_GROUP_ID,
    createdAt: ago(startedAt, msAgo).toISOString(),
    actorName: 'Coach Dana',
    ...payload,
  });
  return [
    event(
      9,
      20 * HOUR_MS,
      {
        eventType: 'result_set',
        eventData: { title: 'Extra innings', result: 'no', resultLabel: 'No' },
      },
      9,
    ),
    event(
      8,
      22 * HOUR_MS,
      {
        eventType: 'result_set',
        eventData: { title: 'Overtime', result: VOID_RESULT, resultLabel: VOID_RESULT },
      },
      8,
    ),
    event(7, 1 * DAY_MS + 4 * HOUR_MS, {
      eventType: 'payment_status_update',
      eventData: { leaderName: 'Coach Dana', targetUserName: 'Uncle Ray', newStatus: 'PAID' },
    }),
    event(
      6,
      2 * DAY_MS,
      {
        eventType: 'result_set',
        eventData: { title: 'Total points', result: 'over', resultLabel: 'Over 44.5' },
      },
      6,
    ),
    event(
      5,
      2 * DAY_MS + 1 * HOUR_MS,
      {
        eventType: 'result_removed',
        eventData: {
          title: 'Total points',
          previousResult: 'under',
          previousResultLabel: 'Under 44.5',
        },
      },
      6,
    ),
    event(
      4,
      3 * DAY_MS,
      {
        eventType: 'result_set',
        eventData: { title: 'Who wins the game?', result: 'home', resultLabel: 'Home team' },
      },
      7,
    ),
    event(3, 5 * DAY_MS, {
      eventType: 'prop_deleted',
      eventData: { title: 'Coin toss', sport: 'NFL' },
    }),
    event(
      2,
      6 * DAY_MS - HOUR_MS,
      {
        eventType: 'new',
        eventData: { type: 'custom', title: 'Gatorade shower colour', sport: 'Crazy Props' },
      },
      3,
    ),
    event(1, 6 * DAY_MS, { eventType: 'new', eventData: { type: 'prebuilt', count: 8 } }),
  ];
}
