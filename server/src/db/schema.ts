import { sql } from 'drizzle-orm';
import {
  ACTIVITY_EVENT_TYPES,
  type ActivityEventType,
  type ActivityPayload,
} from '@shared/contract/activity';
import type { PropOption } from '@shared/domain/prop-options';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The whole data model. Later features add behaviour on top of these tables, not new
 * shapes: a user belongs to many groups through group_members, a pick is one row per
 * user and prop, and imported props point at the master prop they came from.
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

/** Only a SHA-256 of the session token is stored: a leaked table opens no session. */
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
  },
  (table) => [
    uniqueIndex('groups_code_unique').on(table.code),
    index('groups_leader_id_idx').on(table.leaderId),
    index('groups_official_idx')
      .on(table.isOfficial)
      .where(sql`${table.isOfficial}`),
    // The live lock sweep's scan (decision 0017): time locks passing now, across groups.
    index('groups_time_lock_value_idx')
      .on(table.lockValue)
      .where(sql`${table.lockType} = 'time'`),
    check('groups_lock_type_check', sql`${table.lockType} in ('game', 'time', 'leader')`),
    check('groups_invite_permission_check', sql`${table.invitePermission} in ('leader', 'all')`),
    check('groups_list_type_check', sql`${table.listType} in ('prebuilt', 'private')`),
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
    /** Discord or Reddit name given when joining an official event. */
    socialUsername: text('social_username'),
    /**
     * False only for the operator in an official event they created: they lead it but do
     * not play in it, so they have no standing (decision 0013).
     */
    isContestant: boolean('is_contestant').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index('group_members_user_id_idx').on(table.userId),
  ],
);

/** One normalized shape for options, whichever of the spec's two shapes came in. */
export type { PropOption };

/** The operator's list, synced from a spreadsheet; groups import copies of these. */
export const masterProps = pgTable(
  'master_props',
  {
    id: serial('id').primaryKey(),
    sport: text('sport').notNull(),
    /** The sheet's optional stable id for a row. */
    sourceKey: text('source_key'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    options: jsonb('options').$type<PropOption[]>().notNull(),
    gameDate: timestamp('game_date', { withTimezone: true }),
    result: text('result'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('master_props_sport_key_unique').on(table.sport, table.sourceKey),
    index('master_props_sport_game_date_idx').on(table.sport, table.gameDate),
  ],
);

/**
 * One row (id 1): moved by a statement trigger in every transaction that changes the
 * master list (migration 0021), so the public preview can be tagged before it is built
 * (decision 0029).
 */
export const masterPropsVersion = pgTable('master_props_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** A prop ("prediction" in the spec's API) inside one group. */
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
    /** null: open; an option value; or 'N/A' for a voided prop. */
    result: text('result'),
    /**
     * When the result last changed to a value, kept by a trigger (migration
     * push_recaps) whichever module sets it: what the recap job batches by.
     */
    resultSetAt: timestamp('result_set_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    isImported: boolean('is_imported').notNull().default(false),
    masterPropId: integer('master_prop_id').references(() => masterProps.id, {
      onDelete: 'set null',
    }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('props_group_id_idx').on(table.groupId, table.gameDate),
    // A master prop is imported into a group at most once, even under concurrent imports.
    uniqueIndex('props_group_master_unique').on(table.groupId, table.masterPropId),
    index('props_master_prop_id_idx').on(table.masterPropId),
    // Deleting an account nulls createdBy on its props; without this it scans every prop.
    index('props_created_by_idx').on(table.createdBy),
    check('props_description_length', sql`char_length(${table.description}) <= 150`),
    // The reminder job's scan: open props whose game is near, across all groups.
    index('props_open_game_date_idx')
      .on(table.gameDate)
      .where(sql`${table.result} is null`),
    // The recap job's scan: results that landed recently.
    index('props_result_set_at_idx')
      .on(table.resultSetAt)
      .where(sql`${table.resultSetAt} is not null`),
  ],
);

/** A member's pick ("user prediction"): one per user and prop, enforced here. */
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
 * Derived data (decision 0013): each contestant's record in a group, kept current by
 * triggers in the same transaction as every write to picks, props, memberships and
 * exemptions, and recomputed from scratch by `npm run db:rebuild-standings`.
 */
export const standings = pgTable(
  'standings',
  {
    groupId: integer('group_id').notNull(),
    userId: integer('user_id').notNull(),
    wins: integer('wins').notNull().default(0),
    losses: integer('losses').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    /** Picks on props that are not void. */
    picksMade: integer('picks_made').notNull().default(0),
    /** wins / (wins + losses), 0 with nothing decided: the second ranking key. */
    winRate: doublePrecision('win_rate')
      .notNull()
      .generatedAlwaysAs(
        sql`case when wins + losses = 0 then 0 else wins::float8 / (wins + losses) end`,
      ),
    /** The member's display name, kept here so a page of the board is read from one index. */
    displayName: text('display_name').notNull(),
    /**
     * The group has a ranked board (decision 0034): standings_ranked(contestants), set on
     * every row of the group by the triggers. Only a ranked board's rows are in
     * standings_board_idx, so a small group's records change without touching an index.
     */
    ranked: boolean('ranked').notNull().default(false),
    /** wins on a ranked board, else null: the board index's first key. */
    boardWins: integer('board_wins').generatedAlwaysAs(sql`case when ranked then wins end`),
    /** win_rate on a ranked board, else null: the board index's second key. */
    boardWinRate: doublePrecision('board_win_rate').generatedAlwaysAs(
      sql`case when ranked then case when wins + losses = 0 then 0 else wins::float8 / (wins + losses) end end`,
    ),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    foreignKey({
      columns: [table.groupId, table.userId],
      foreignColumns: [groupMembers.groupId, groupMembers.userId],
      name: 'standings_member_fk',
    }).onDelete('cascade'),
    // A ranked board's order: a page is an index range, a position a count over its prefix.
    index('standings_board_idx')
      .on(
        table.groupId,
        sql`${table.boardWins} desc`,
        sql`${table.boardWinRate} desc`,
        sql`lower(${table.displayName})`,
        table.userId,
      )
      .where(sql`${table.ranked}`),
    index('standings_user_id_idx').on(table.userId),
  ],
);

/** Derived per group: contestants and props counted by the scoring rule (decision 0013). */
export const groupTallies = pgTable('group_tallies', {
  groupId: integer('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  contestants: integer('contestants').notNull().default(0),
  /** Props that are not void. */
  validProps: integer('valid_props').notNull().default(0),
  /** Props with a real (not void) result. */
  decidedProps: integer('decided_props').notNull().default(0),
});

/**
 * Late joiners (decision 0013): the props already locked when a member joined. Unless the
 * member picked one, it never counts for them (a prop decided before they came is no loss).
 * Source data, not derived: written once at join time by lockStateOf.
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
 * Picks removed because the prop's line or options changed (decision 0020), one row per
 * member and prop: the card tells that member "The line changed: pick again" while they
 * have no pick on it. A new change replaces the row; the prop or the membership going
 * takes it along.
 */
export const pickResets = pgTable(
  'pick_resets',
  {
    groupId: integer('group_id').notNull(),
    userId: integer('user_id').notNull(),
    propId: integer('prop_id')
      .notNull()
      .references(() => props.id, { onDelete: 'cascade' }),
    /** The option the member had picked, as stored then. */
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
 * Derived: how many picks each option of a prop has (decision 0024), kept by a trigger on
 * picks in the transaction of every write that adds, changes or removes one, so the group
 * page's pick counts and splits are one index range instead of a count of every pick of
 * the group. A row may hold 0 once its last pick goes; readers skip those.
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
    /** Kept as a plain number: the event outlives a deleted prop. */
    predictionId: integer('prediction_id'),
    eventType: text('event_type', { enum: ACTIVITY_EVENT_TYPES })
      .$type<ActivityEventType>()
      .notNull(),
    eventData: jsonb('event_data').$type<ActivityPayload['eventData']>().notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    // The feed's order and its pages' keyset (decision 0019): newest first, ties by id.
    index('activity_events_group_created_id_idx').on(table.groupId, table.createdAt, table.id),
    // Deleting an account nulls actorId on its events; without this it scans the whole feed.
    index('activity_events_actor_id_idx').on(table.actorId),
    // Whether a group's feed has payment events at all, which only the leader and the
    // member concerned see (decision 0027: the feed is kept per group unless it has any).
    index('activity_events_payment_idx')
      .on(table.groupId)
      .where(sql`${table.eventType} = 'payment_status_update'`),
  ],
);

/**
 * Live updates (decision 0017): what changed in a group, for its open pages' event
 * streams. Written only by triggers (migration group_events_triggers) in the transaction of
 * the change, whichever code path makes it, with no id (`seq` orders them as written);
 * once committed, the sequencer (`group_events_number`, migration 0023, run by every
 * instance) gives them their `id`, counting up per group from group_event_heads in one
 * short transaction at a time, so a stream that has seen id N has seen everything before
 * it, and a writer holds no lock of its group's to its commit.
 * No foreign key to groups: a deleted group's last event must outlive its rows.
 */
export const groupEvents = pgTable(
  'group_events',
  {
    /** The order events were written in (not their commit order): the sequencer's. */
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id').notNull(),
    /** null until the sequencer numbers it, after its writer has committed. */
    id: bigint('id', { mode: 'number' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** null: every member; else only these users (payment status: the leader and that member). */
    audience: integer('audience').array(),
    createdAt: createdAt(),
  },
  (table) => [
    // A stream's replay. Numbered events only: an event is written with no id and
    // numbered once, so each enters this index once, when it has its id (decision 0034).
    uniqueIndex('group_events_group_id_id_unique')
      .on(table.groupId, table.id)
      .where(sql`${table.id} is not null`),
    // What the sequencer has still to number, and the version's count of it (group-versions.ts).
    index('group_events_unnumbered_idx')
      .on(table.groupId, table.seq)
      .where(sql`${table.id} is null`),
  ],
);

/** The last event id the sequencer gave out in each group. */
export const groupEventHeads = pgTable('group_event_heads', {
  groupId: integer('group_id').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
});

/**
 * Props whose lock by time (their game's start, the group's set time) has been announced
 * to the live streams (decision 0017): a lock by time is no write, so a sweep on every
 * instance finds the props whose lock moment passed and claims them here, insert … on
 * conflict, so the `prop_locked` event goes out once across all instances. `lock_at` is
 * the moment announced: a lock that moves (a new game time) is announced again when it
 * passes. No foreign key (a sweep must not wait on a prop being deleted); rows older than
 * the sweep's look-back are pruned by the sweep itself.
 */
export const propLockAnnouncements = pgTable('prop_lock_announcements', {
  propId: integer('prop_id').primaryKey(),
  lockAt: timestamp('lock_at', { withTimezone: true }).notNull(),
});

/** Fixed-window counters shared by every app instance (login, register, join attempts). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Web push (decision 0015). The VAPID key pair the server signs pushes with, made on the
 * first start unless VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are set: one row, id 1, so that
 * every instance signs with the same key (a browser's subscription is bound to it).
 */
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

/** One browser (device) that agreed to notifications; the endpoint identifies it. */
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
    /** The browser's own description, so Settings can tell the devices apart. */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(table.endpoint),
    index('push_subscriptions_user_id_idx').on(table.userId),
  ],
);

/** A member's notification choices; a row is made with the defaults on the first subscription. */
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every notification decided, once: the unique dedupe key (member, group, lead time, lock
 * moment for a reminder) is what makes many instances and restarts send it exactly once.
 */
export const pushNotifications = pgTable(
  'push_notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reminder', 'recap'] }).notNull(),
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

/** A notification the push service accepted for one device: a retried job skips it. */
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

/** Each result recapped to a member once (a corrected result is a new one). */
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

/** Rows as selected, for the code that passes them around. */
export type GroupRow = typeof groups.$inferSelect;
export type PropRow = typeof props.$inferSelect;
