import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ACTIVITY_EVENT_TYPES,
  type ActivityEventType,
  type ActivityPayload,
} from '@shared/contract/activity';
import { AUDIT_KINDS } from '@shared/contract/audit';
import {
  GAME_MARKETS,
  GAME_SIDES,
  GAME_STATUSES,
  type GameMarket,
  type GameSide,
} from '@shared/domain/game-grading';
import { REACTIONS } from '@shared/domain/conversation';
import { SCORING_MODES } from '@shared/domain/scoring-modes';
import type { PropOption } from '@shared/domain/prop-options';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A user belongs to many groups through group_members, a pick is one row per user and
 * prop, and imported props point at the master prop they came from.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    // "Ann" and "ann" are the same account name.
    uniqueIndex('users_username_lower_unique').on(sql`lower(${table.username})`),
  ],
);

/** Only a SHA-256 of the token is stored: a leaked table opens no session. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

export const lockTypes = ['game', 'time', 'leader'] as const;
export const scoringModes = SCORING_MODES;
export const invitePermissions = ['leader', 'all'] as const;
export const listTypes = ['prebuilt', 'private'] as const;

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    leaderId: integer('leader_id')
      .notNull()
      .references(() => users.id),
    isLocked: boolean('is_locked').notNull().default(false),
    isOfficial: boolean('is_official').notNull().default(false),
    lockType: text('lock_type', { enum: lockTypes }).notNull().default('game'),
    lockValue: timestamp('lock_value', { withTimezone: true }),
    allowMemberProps: boolean('allow_member_props').notNull().default(false),
    invitePermission: text('invite_permission', { enum: invitePermissions })
      .notNull()
      .default('leader'),
    activeSports: text('active_sports').array().notNull(),
    listType: text('list_type', { enum: listTypes }).notNull().default('prebuilt'),
    trackPaymentStatus: boolean('track_payment_status').notNull().default(false),
    /** Product rules §10 'Scoring modes': fixed once the current season's first prop locks. */
    scoring: text('scoring', { enum: scoringModes }).notNull().default('standard'),
    /** Product rules §10 'Drop-worst': each member's lowest completed rounds left out. */
    dropWorstRounds: integer('drop_worst_rounds').notNull().default(0),
    /** The pot (product rules §10 'Pot'): what each member pays in, whole cents. */
    entryCents: integer('entry_cents').notNull().default(0),
    /** Paid from the pot to each completed round's winners, whole cents. */
    weeklyPrizeCents: integer('weekly_prize_cents').notNull().default(0),
    /** Percent per paid place, first place first, adding up to 100. */
    payoutSplit: integer('payout_split')
      .array()
      .notNull()
      .default(sql`'{100}'`),
  },
  (table) => [
    uniqueIndex('groups_code_unique').on(table.code),
    index('groups_leader_id_idx').on(table.leaderId),
    index('groups_official_idx')
      .on(table.isOfficial)
      .where(sql`${table.isOfficial}`),
    // The live lock sweep's scan: time locks passing now, across groups.
    index('groups_time_lock_value_idx')
      .on(table.lockValue)
      .where(sql`${table.lockType} = 'time'`),
    check('groups_lock_type_check', sql`${table.lockType} in ('game', 'time', 'leader')`),
    check('groups_invite_permission_check', sql`${table.invitePermission} in ('leader', 'all')`),
    check('groups_list_type_check', sql`${table.listType} in ('prebuilt', 'private')`),
    check('groups_scoring_check', sql`${table.scoring} in ('standard', 'confidence', 'lock')`),
    check('groups_drop_worst_rounds_check', sql`${table.dropWorstRounds} between 0 and 4`),
    check(
      'groups_pot_amounts_check',
      sql`${table.entryCents} >= 0 and ${table.weeklyPrizeCents} >= 0`,
    ),
    // A time lock without a time would never lock: refuse it here as well as in the API.
    check(
      'groups_time_lock_value_check',
      sql`${table.lockType} <> 'time' or ${table.lockValue} is not null`,
    ),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    isPaid: boolean('is_paid').notNull().default(false),
    socialUsername: text('social_username'),
    /** False only for the operator in an official event they created: they lead it without playing. */
    isContestant: boolean('is_contestant').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index('group_members_user_id_idx').on(table.userId),
  ],
);

/** A season's winner, kept by name so the archive reads the same after an account goes. */
export interface SeasonChampion {
  userId: number | null;
  displayName: string;
}

/**
 * Product rules §10 'Seasons': a group plays one season at a time (the one not ended). The
 * first is created with the group (`rounds.sql`); starting the next ends the current one,
 * whose rounds, winners and final standings stay as they were.
 */
export const seasons = pgTable(
  'seasons',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** null while it is the group's current season. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Everyone in first place when the season ended; empty while it is current. */
    champions: jsonb('champions').$type<SeasonChampion[]>().notNull().default([]),
  },
  (table) => [
    index('seasons_group_id_idx').on(table.groupId, table.startedAt),
    uniqueIndex('seasons_current_unique')
      .on(table.groupId)
      .where(sql`${table.endedAt} is null`),
    check('seasons_name_length', sql`char_length(${table.name}) between 1 and 60`),
  ],
);

/**
 * Product rules §10 'Rounds': a New York week of a season (Tuesday to Tuesday), numbered
 * from the season's first week. A row is made when the first prop of its week arrives and
 * stays, so its id is stable for the API paths; a week whose props all left is no round.
 */
export const rounds = pgTable(
  'rounds',
  {
    id: serial('id').primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    /** Denormalized so a group's rounds are read with one index scan. */
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** 1 for the week the season started in, then one more per calendar week. */
    index: integer('index').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** When its winners were recorded: every prop decided or void. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('rounds_season_index_unique').on(table.seasonId, table.index),
    index('rounds_group_id_idx').on(table.groupId, table.startsAt),
    check('rounds_index_positive', sql`${table.index} >= 1`),
  ],
);

/**
 * Product rules §10 'Tiebreaker': a round's one question with a whole-number answer. Its
 * actual figure is the linked game's total points, set by `tiebreakers.sql` when the game
 * is final, or the figure the leader sets (which the feed then never changes).
 */
export const roundTiebreakers = pgTable(
  'round_tiebreakers',
  {
    roundId: integer('round_id')
      .primaryKey()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    /** Denormalized so the answers' membership key and the group's reads need no join. */
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    locksAt: timestamp('locks_at', { withTimezone: true }).notNull(),
    gameId: integer('game_id').references(() => games.id, { onDelete: 'set null' }),
    /** null while unknown. */
    actual: integer('actual'),
    /** True once the leader set the figure: the feed no longer writes it. */
    actualByLeader: boolean('actual_by_leader').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('round_tiebreakers_group_id_idx').on(table.groupId),
    index('round_tiebreakers_game_id_idx')
      .on(table.gameId)
      .where(sql`${table.gameId} is not null`),
    check(
      'round_tiebreakers_question_length',
      sql`char_length(${table.question}) between 1 and 150`,
    ),
    check('round_tiebreakers_actual_range', sql`${table.actual} between 0 and 999`),
  ],
);

/** A member's answer to a round's tiebreaker; gone when they leave the group. */
export const tiebreakerAnswers = pgTable(
  'tiebreaker_answers',
  {
    roundId: integer('round_id')
      .notNull()
      .references(() => roundTiebreakers.roundId, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull(),
    userId: integer('user_id').notNull(),
    value: integer('value').notNull(),
    /** The last change: the earlier answer wins a tie (product rules §10). */
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.roundId, table.userId] }),
    foreignKey({
      columns: [table.groupId, table.userId],
      foreignColumns: [groupMembers.groupId, groupMembers.userId],
      name: 'tiebreaker_answers_member_fk',
    }).onDelete('cascade'),
    index('tiebreaker_answers_group_user_idx').on(table.groupId, table.userId),
    check('tiebreaker_answers_value_range', sql`${table.value} between 0 and 999`),
  ],
);

/**
 * Rounds whose winners must be looked at again (product rules §10 'Tiebreaker'), queued by
 * `round-winners.sql` in the transaction of whatever write may change them, and settled by
 * the round-winners job (`modules/seasons/round-winners-jobs.ts`), so a queued round
 * survives a restart and is settled once however many instances run.
 */
export const roundSettlements = pgTable('round_settlements', {
  roundId: integer('round_id')
    .primaryKey()
    .references(() => rounds.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A round's winners as recorded when it completed (after its tiebreaker), kept by name. */
export const roundWinners = pgTable(
  'round_winners',
  {
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    displayName: text('display_name').notNull(),
    points: integer('points').notNull(),
  },
  (table) => [
    index('round_winners_round_id_idx').on(table.roundId),
    index('round_winners_user_id_idx').on(table.userId),
  ],
);

/**
 * A season's final board, written once when the season ends: what its archive shows for
 * as long as the group exists, whoever leaves or renames later.
 */
export const seasonStandings = pgTable(
  'season_standings',
  {
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    displayName: text('display_name').notNull(),
    rank: integer('rank').notNull(),
    points: integer('points').notNull(),
    pointsBeforeDrop: integer('points_before_drop').notNull(),
    wins: integer('wins').notNull(),
    losses: integer('losses').notNull(),
    roundWins: integer('round_wins').notNull(),
  },
  (table) => [
    index('season_standings_season_idx').on(table.seasonId, table.rank),
    index('season_standings_user_id_idx').on(table.userId),
  ],
);

export type { PropOption };

/** Product rules §4 'Game-linked props': one row per sport and feed event, updated by every poll. */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    sport: text('sport').notNull(),
    /** ESPN's event id. */
    feedEventId: text('feed_event_id').notNull(),
    homeAbbreviation: text('home_abbreviation').notNull(),
    homeName: text('home_name').notNull(),
    awayAbbreviation: text('away_abbreviation').notNull(),
    awayName: text('away_name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** The start first seen: a postponed game's 48 hours count from it. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: GAME_STATUSES }).notNull(),
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
    period: integer('period'),
    clock: text('clock'),
    detail: text('detail'),
    /** Negative when the home team is favoured. */
    homeSpread: numeric('home_spread', { precision: 6, scale: 1, mode: 'number' }),
    total: numeric('total', { precision: 6, scale: 1, mode: 'number' }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    /** Flagged for people, never voided. */
    missingFromFeed: boolean('missing_from_feed').notNull().default(false),
    /** When its linked props last took its results; null while that is still to do. */
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('games_sport_event_unique').on(table.sport, table.feedEventId),
    index('games_sport_starts_at_idx').on(table.sport, table.startsAt),
    index('games_unsettled_idx')
      .on(table.status, table.startsAt)
      .where(sql`${table.gradedAt} is null`),
    check(
      'games_status_check',
      sql`${table.status} in ('scheduled', 'in_progress', 'final', 'postponed', 'canceled', 'suspended')`,
    ),
  ],
);

/**
 * On master props and group props alike. resultOverridden: a person overrode the feed's
 * result, which the feed then never changes.
 */
const gameLinkColumns = () => ({
  gameId: integer('game_id').references(() => games.id),
  market: text('market', { enum: GAME_MARKETS }).$type<GameMarket>(),
  line: numeric('line', { precision: 6, scale: 1, mode: 'number' }),
  team: text('team', { enum: GAME_SIDES }).$type<GameSide>(),
  resultOverridden: boolean('result_overridden').notNull().default(false),
});

type GameLinked = ReturnType<typeof gameLinkColumns>;
const gameLinkChecks = (name: string, table: { [K in keyof GameLinked]: AnyPgColumn }) => [
  check(
    `${name}_game_market_check`,
    sql`(${table.gameId} is null) = (${table.market} is null)
      and (${table.market} is null or ${table.market} in ('winner', 'spread', 'total', 'team_total'))`,
  ),
  check(
    `${name}_game_line_check`,
    sql`${table.market} is null or ${table.market} = 'winner' or ${table.line} is not null`,
  ),
  check(
    `${name}_game_team_check`,
    sql`coalesce(${table.market} = 'team_total', false) = (${table.team} is not null)
      and (${table.team} is null or ${table.team} in ('home', 'away'))`,
  ),
  index(`${name}_game_id_idx`)
    .on(table.gameId)
    .where(sql`${table.gameId} is not null`),
];

export const masterProps = pgTable(
  'master_props',
  {
    id: serial('id').primaryKey(),
    sport: text('sport').notNull(),
    sourceKey: text('source_key'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    options: jsonb('options').$type<PropOption[]>().notNull(),
    gameDate: timestamp('game_date', { withTimezone: true }),
    result: text('result'),
    ...gameLinkColumns(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('master_props_sport_key_unique').on(table.sport, table.sourceKey),
    index('master_props_sport_game_date_idx').on(table.sport, table.gameDate),
    ...gameLinkChecks('master_props', table),
  ],
);

/**
 * One row (id 1), moved by a statement trigger (derived/group-versions.sql) in every
 * transaction that changes the master list, so the preview can be tagged before it is built.
 */
export const masterPropsVersion = pgTable('master_props_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** "prediction" in the spec's API. */
export const props = pgTable(
  'props',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    sport: text('sport').notNull(),
    category: text('category').notNull().default('other'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    options: jsonb('options').$type<PropOption[]>().notNull(),
    gameDate: timestamp('game_date', { withTimezone: true }),
    /** null: open; 'N/A': voided. */
    result: text('result'),
    /** Kept by a trigger (derived/push-recap.sql) whichever module sets the result: the recap job batches by it. */
    resultSetAt: timestamp('result_set_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    isImported: boolean('is_imported').notNull().default(false),
    masterPropId: integer('master_prop_id').references(() => masterProps.id, {
      onDelete: 'set null',
    }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Its round (product rules §10 'Rounds'), kept by `rounds.sql` from its game date or
     * creation time within the season current when it was created.
     */
    roundId: integer('round_id').references(() => rounds.id),
    ...gameLinkColumns(),
    createdAt: createdAt(),
  },
  (table) => [
    index('props_group_id_idx').on(table.groupId, table.gameDate),
    ...gameLinkChecks('props', table),
    // At most once per group, even under concurrent imports.
    uniqueIndex('props_group_master_unique').on(table.groupId, table.masterPropId),
    index('props_master_prop_id_idx').on(table.masterPropId),
    // Deleting an account nulls createdBy: without this it scans every prop.
    index('props_created_by_idx').on(table.createdBy),
    index('props_round_id_idx').on(table.roundId),
    check('props_description_length', sql`char_length(${table.description}) <= 150`),
    index('props_open_game_date_idx')
      .on(table.gameDate)
      .where(sql`${table.result} is null`),
    index('props_result_set_at_idx')
      .on(table.resultSetAt)
      .where(sql`${table.resultSetAt} is not null`),
  ],
);

/** "user prediction": one per user and prop, enforced here. */
export const picks = pgTable(
  'picks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propId: integer('prop_id')
      .notNull()
      .references(() => props.id, { onDelete: 'cascade' }),
    /** Denormalized so a group's picks are read with one index scan. */
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    selectedOption: text('selected_option').notNull(),
    /** Product rules §10 'Confidence and lock': 1 to the round's props, distinct per member. */
    confidence: integer('confidence'),
    /** The member's lock of the round (lock scoring), at most one per member and round. */
    isLock: boolean('is_lock').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('picks_user_prop_unique').on(table.userId, table.propId),
    index('picks_prop_id_idx').on(table.propId),
    index('picks_group_user_idx').on(table.groupId, table.userId),
  ],
);

/**
 * Derived: each contestant's record, kept by triggers (derived/standings.sql) in every
 * write's transaction; `npm run db:rebuild-standings` recomputes it from scratch.
 */
export const standings = pgTable(
  'standings',
  {
    groupId: integer('group_id').notNull(),
    userId: integer('user_id').notNull(),
    wins: integer('wins').notNull().default(0),
    losses: integer('losses').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    picksMade: integer('picks_made').notNull().default(0),
    /** The current season's points under the group's scoring mode, before any dropped round. */
    points: integer('points').notNull().default(0),
    /** Kept here so a board is read without the users table. */
    displayName: text('display_name').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    foreignKey({
      columns: [table.groupId, table.userId],
      foreignColumns: [groupMembers.groupId, groupMembers.userId],
      name: 'standings_member_fk',
    }).onDelete('cascade'),
    index('standings_user_id_idx').on(table.userId),
  ],
);

/**
 * Derived like standings: each member's record in one round, kept by `standings.sql`, what
 * a round's board, its winners and the drop-worst season total are read from.
 */
export const roundStandings = pgTable(
  'round_standings',
  {
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull(),
    userId: integer('user_id').notNull(),
    points: integer('points').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    losses: integer('losses').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.roundId, table.userId] }),
    foreignKey({
      columns: [table.groupId, table.userId],
      foreignColumns: [groupMembers.groupId, groupMembers.userId],
      name: 'round_standings_member_fk',
    }).onDelete('cascade'),
    index('round_standings_group_user_idx').on(table.groupId, table.userId),
  ],
);

/** Derived per group: contestants and props counted by the scoring rule. */
export const groupTallies = pgTable('group_tallies', {
  groupId: integer('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  contestants: integer('contestants').notNull().default(0),
  validProps: integer('valid_props').notNull().default(0),
  decidedProps: integer('decided_props').notNull().default(0),
});

/**
 * Source data, written once at join time: the props already locked when a member joined
 * count for them only if they picked one (a prop decided before they came is no loss).
 */
export const standingExemptions = pgTable(
  'standing_exemptions',
  {
    groupId: integer('group_id').notNull(),
    userId: integer('user_id').notNull(),
    propId: integer('prop_id')
      .notNull()
      .references(() => props.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId, table.propId] }),
    foreignKey({
      columns: [table.groupId, table.userId],
      foreignColumns: [groupMembers.groupId, groupMembers.userId],
      name: 'standing_exemptions_member_fk',
    }).onDelete('cascade'),
    index('standing_exemptions_prop_id_idx').on(table.propId),
  ],
);

/**
 * Picks removed by a line or options change, one row per member and prop: the card says
 * "The line changed: pick again" while they have no pick on it.
 */
export const pickResets = pgTable(
  'pick_resets',
  {
    groupId: integer('group_id').notNull(),
    userId: integer('user_id').notNull(),
    propId: integer('prop_id')
      .notNull()
      .references(() => props.id, { onDelete: 'cascade' }),
    previousOption: text('previous_option').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.propId] }),
    foreignKey({
      columns: [table.groupId, table.userId],
      foreignColumns: [groupMembers.groupId, groupMembers.userId],
      name: 'pick_resets_member_fk',
    }).onDelete('cascade'),
    index('pick_resets_prop_id_idx').on(table.propId),
  ],
);

/**
 * Derived: picks per option of a prop, kept by a trigger on picks (derived/pick-counts.sql),
 * so pick counts and splits are an index range. A row may hold 0 once its last pick goes.
 */
export const propPickCounts = pgTable(
  'prop_pick_counts',
  {
    propId: integer('prop_id')
      .notNull()
      .references(() => props.id, { onDelete: 'cascade' }),
    option: text('option').notNull(),
    groupId: integer('group_id').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.propId, table.option] }),
    index('prop_pick_counts_group_id_idx').on(table.groupId),
  ],
);

export const activityEvents = pgTable(
  'activity_events',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** A plain number: the event outlives a deleted prop. */
    predictionId: integer('prediction_id'),
    eventType: text('event_type', { enum: ACTIVITY_EVENT_TYPES })
      .$type<ActivityEventType>()
      .notNull(),
    eventData: jsonb('event_data').$type<ActivityPayload['eventData']>().notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    // The feed's order and its pages' keyset: newest first, ties by id.
    index('activity_events_group_created_id_idx').on(table.groupId, table.createdAt, table.id),
    // Deleting an account nulls actorId: without this it scans the whole feed.
    index('activity_events_actor_id_idx').on(table.actorId),
    // Whether a feed has payment events (seen only by the leader and that member): the feed
    // is kept per group unless it has any.
    index('activity_events_payment_idx')
      .on(table.groupId)
      .where(sql`${table.eventType} = 'payment_status_update'`),
  ],
);

/**
 * Product rules §4 'Audit trail'. A group's rows are written by a trigger on activity_events
 * (derived/result-audit.sql), so whatever records a result's activity line audits it; the
 * rest goes through recordAudit. No foreign key to props: the trail outlives them.
 */
export const resultAudit = pgTable(
  'result_audit',
  {
    id: serial('id').primaryKey(),
    /** null: the operator's master prop itself. */
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    propId: integer('prop_id'),
    masterPropId: integer('master_prop_id'),
    title: text('title').notNull(),
    /** null with actor_kind 'user': the account is gone. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorKind: text('actor_kind', { enum: ['feed', 'user'] }).notNull(),
    kind: text('kind', { enum: AUDIT_KINDS }).notNull(),
    fromResult: text('from_result'),
    fromLabel: text('from_label'),
    toResult: text('to_result'),
    toLabel: text('to_label'),
    reason: text('reason'),
    picksReset: integer('picks_reset'),
    createdAt: createdAt(),
  },
  (table) => [
    index('result_audit_group_created_id_idx').on(table.groupId, table.createdAt, table.id),
    index('result_audit_master_prop_id_idx').on(table.masterPropId),
    index('result_audit_actor_id_idx').on(table.actorId),
    check('result_audit_actor_kind_check', sql`${table.actorKind} in ('feed', 'user')`),
  ],
);

/**
 * Live updates, written only by triggers (derived/group-events.sql) in the change's
 * transaction, with no id. Once committed, the sequencer numbers them per group in short
 * transactions, so a stream that has seen id N has seen everything before it and no writer
 * holds its group's lock to commit. No foreign key: a deleted group's last event outlives it.
 */
export const groupEvents = pgTable(
  'group_events',
  {
    /** Write order, not commit order. */
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id').notNull(),
    /** null until numbered, after its writer has committed. */
    id: bigint('id', { mode: 'number' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** null: every member; else only these users. */
    audience: integer('audience').array(),
    createdAt: createdAt(),
  },
  (table) => [
    // A stream's replay. Numbered events only, so each enters this index once.
    uniqueIndex('group_events_group_id_id_unique')
      .on(table.groupId, table.id)
      .where(sql`${table.id} is not null`),
    index('group_events_unnumbered_idx')
      .on(table.groupId, table.seq)
      .where(sql`${table.id} is null`),
  ],
);

export const groupEventHeads = pgTable('group_event_heads', {
  groupId: integer('group_id').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
});

/**
 * A lock by time writes nothing, so a sweep on every instance claims the props whose lock
 * moment passed here (insert … on conflict): each `prop_locked` event goes out once.
 * A lock that moves is announced again. No foreign key: a sweep must not wait on a delete.
 */
export const propLockAnnouncements = pgTable('prop_lock_announcements', {
  propId: integer('prop_id').primaryKey(),
  lockAt: timestamp('lock_at', { withTimezone: true }).notNull(),
});

/** Shared by every instance: the admin panel's card, and one log line per sport every few minutes while it fails. */
export const scoresFeedStatus = pgTable('scores_feed_status', {
  sport: text('sport').primaryKey(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  lastError: text('last_error'),
  failures: integer('failures').notNull().default(0),
  lastLoggedAt: timestamp('last_logged_at', { withTimezone: true }),
  /** The backoff. */
  retryAt: timestamp('retry_at', { withTimezone: true }),
});

/** Claimed with one conditional update, so with many instances a day is fetched once per interval. */
export const feedFetches = pgTable(
  'feed_fetches',
  {
    sport: text('sport').notNull(),
    day: text('day').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.sport, table.day] })],
);

/** Each distinct payload once, so a disputed grade can be checked; pruned after 30 days. */
export const feedPayloads = pgTable(
  'feed_payloads',
  {
    id: serial('id').primaryKey(),
    sport: text('sport').notNull(),
    day: text('day').notNull(),
    sha256: text('sha256').notNull(),
    body: text('body').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('feed_payloads_day_hash_unique').on(table.sport, table.day, table.sha256),
    index('feed_payloads_fetched_at_idx').on(table.fetchedAt),
  ],
);

/** Fixed-window counters shared by every instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** One row, id 1, made on the first start unless set: every instance signs with the same key. */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: integer('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [check('push_vapid_keys_single_row', sql`${table.id} = 1`)],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(table.endpoint),
    index('push_subscriptions_user_id_idx').on(table.userId),
  ],
);

/** Made with the defaults on the first subscription. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reminders: boolean('reminders').notNull().default(true),
  leadMinutes: integer('lead_minutes')
    .array()
    .notNull()
    .default(sql`'{60}'::integer[]`),
  recaps: boolean('recaps').notNull().default(true),
  /** A verified address is still needed. */
  email: boolean('email').notNull().default(false),
  nudges: boolean('nudges').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The unique dedupe key makes many instances and restarts send it exactly once. */
export const pushNotifications = pgTable(
  'push_notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reminder', 'recap', 'nudge'] }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('push_notifications_dedupe_unique').on(table.dedupeKey),
    index('push_notifications_user_id_idx').on(table.userId),
    index('push_notifications_created_at_idx').on(table.createdAt),
  ],
);

/** A retried job skips it. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => pushNotifications.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.notificationId, table.subscriptionId] })],
);

/** A corrected result is a new one. */
export const pushRecapItems = pgTable(
  'push_recap_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propId: integer('prop_id')
      .notNull()
      .references(() => props.id, { onDelete: 'cascade' }),
    result: text('result').notNull(),
    notificationId: integer('notification_id').references(() => pushNotifications.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.propId, table.result] })],
);

/**
 * A comment on a prop (sealed until it locks) or, with no prop, in the group's thread. A
 * removed comment keeps its row with its text erased; a deleted account leaves it authorless.
 */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** null: the group thread. */
    propId: integer('prop_id').references(() => props.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    // A prop's comments, the thread's pages (prop_id is null) and the group's summary.
    index('comments_group_prop_id_idx').on(table.groupId, table.propId, table.id),
    index('comments_prop_id_idx').on(table.propId),
    index('comments_author_id_idx').on(table.authorId),
    check('comments_body_length', sql`char_length(${table.body}) <= 500`),
  ],
);

const reactionNameCheck = (name: AnyPgColumn) =>
  sql`${name} in ${sql.raw(`(${REACTIONS.map((reaction) => `'${reaction}'`).join(', ')})`)}`;

export const commentReactions = pgTable(
  'comment_reactions',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.commentId, table.userId, table.name] }),
    index('comment_reactions_user_id_idx').on(table.userId),
    check('comment_reactions_name_check', reactionNameCheck(table.name)),
  ],
);

export const pickReactions = pgTable(
  'pick_reactions',
  {
    pickId: integer('pick_id')
      .notNull()
      .references(() => picks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.pickId, table.userId, table.name] }),
    index('pick_reactions_user_id_idx').on(table.userId),
    check('pick_reactions_name_check', reactionNameCheck(table.name)),
  ],
);

/** `topic` is a prop's id, or 0 for the thread. Unread counts are the readable comments after it. */
export const commentReads = pgTable(
  'comment_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    topic: integer('topic').notNull(),
    lastReadId: integer('last_read_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.groupId, table.topic] }),
    index('comment_reads_group_id_idx').on(table.groupId),
  ],
);

/**
 * Nothing is sent until it is verified with the mailed six-digit code (its hash kept here,
 * with expiry and tries left). `failing_at`: the mail server refused it for good (5xx).
 */
export const userEmails = pgTable('user_emails', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: text('address').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  codeHash: text('code_hash'),
  codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
  codeTriesLeft: integer('code_tries_left').notNull().default(0),
  failingAt: timestamp('failing_at', { withTimezone: true }),
  failure: text('failure'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A retried mail job does not send it again. */
export const emailDeliveries = pgTable('email_deliveries', {
  notificationId: integer('notification_id')
    .primaryKey()
    .references(() => pushNotifications.id, { onDelete: 'cascade' }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per (group, target), claimed by an upsert that succeeds only when the last nudge
 * is six hours old, so the limit holds however many instances serve the requests.
 */
export const nudges = pgTable(
  'nudges',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.targetId] })],
);

export type GroupRow = typeof groups.$inferSelect;
export type PropRow = typeof props.$inferSelect;
export type GameRow = typeof games.$inferSelect;
