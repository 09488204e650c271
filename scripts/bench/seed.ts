import pg from 'pg';
import { generateInviteCode } from '@shared/domain/invite-code';
import { connect } from '../../server/src/db/client';
import { runMigrations } from '../../server/src/db/migrate';
import { hashPassword } from '../../server/src/modules/auth/passwords';
import { createSession, SESSION_COOKIE } from '../../server/src/modules/auth/sessions';
import { rebuildStandings } from '../../server/src/modules/standings/standings-rebuild';

/**
 * The bench's data, written straight through SQL (generate_series) in seconds rather than
 * through the API: the big official event (BIG_MEMBERS members × `bigProps` props, every
 * member picking every prop, half of them decided), SMALL_GROUPS ten-member groups of
 * SMALL_PROPS props each (the last one a copy of the master prop every one of them
 * imported), upcoming master props for the preview, and the activity events the app
 * writes for all that. Triggers are off while loading (session_replication_role =
 * replica, which needs a superuser); the standings are then computed by the same function
 * as `npm run db:rebuild-standings`, so they are right by construction.
 */

export const BIG_MEMBERS = 1000;
export const SMALL_GROUPS = 500;
export const SMALL_MEMBERS = 10;
export const SMALL_PROPS = 20;
const SMALL_DECIDED = 10;
const PREVIEW_PROPS = 100;
/** Members signed in for the load (each leads small groups: the result-change scenario). */
export const SIGNED_IN = 50;
export const BIG_GROUP_ID = 1;
export const MASTER_PROP_ID = 1;
export const PASSWORD = 'bench-pass';

export interface SignedInMember {
  id: number;
  cookie: string;
  /** One of the small groups this member leads, for their leaderboard. */
  ledGroupId: number;
  /** Their picks on open props of the big group, with the option they hold now. */
  openPicks: { id: number; option: string }[];
  /** Decided props of the small groups they lead (their own, not imported). */
  decidedProps: { id: number; result: string }[];
}

export interface Seeded {
  picks: number;
  bigProps: number;
  operator: { id: number; cookie: string };
  members: SignedInMember[];
  seedMs: number;
  rebuildMs: number;
}

const OPTIONS = JSON.stringify([
  { value: 'Home', label: 'Home', odds: '-110' },
  { value: 'Away', label: 'Away', odds: '+100' },
]);

/** Which member holds which option: spread so the board has every kind of record. */
const PICK_OF = (user: string, prop: string) =>
  `case when (${user} * 7 + ${prop} * 13) % 5 < 3 then 'Home' else 'Away' end`;
const RESULT_OF = (prop: string) => `case when ${prop} % 3 = 0 then 'Away' else 'Home' end`;

export async function seed(url: string, bigPicks: number): Promise<Seeded> {
  const bigProps = Math.max(2, Math.round(bigPicks / BIG_MEMBERS));
  const started = performance.now();

  const database = connect(url, { max: 2, timeouts: { connectMs: 30_000, statementMs: 600_000 } });
  try {
    await runMigrations(database.pool);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await load(client, bigProps, await hashPassword(PASSWORD));
    } finally {
      await client.end();
    }
    const seedMs = performance.now() - started;

    const rebuildStarted = performance.now();
    await rebuildStandings(database.db);
    const rebuildMs = performance.now() - rebuildStarted;
    // What autovacuum would have done by now: statistics, and the visibility map that lets
    // index-only scans skip the heap.
    await database.pool.query('vacuum analyze');

    const operator = { id: 1, cookie: cookieOf(await createSession(database.db, 1)) };
    const members = await signIn(database.pool, bigProps, (userId) =>
      createSession(database.db, userId),
    );
    const { rows } = await database.pool.query<{ n: string }>('select count(*) as n from picks');
    return {
      picks: Number(rows[0]?.n ?? 0),
      bigProps,
      operator,
      members,
      seedMs: Math.round(seedMs),
      rebuildMs: Math.round(rebuildMs),
    };
  } finally {
    await database.close();
  }
}

const cookieOf = (token: string) => `${SESSION_COOKIE}=${token}`;

async function load(client: pg.Client, bigProps: number, passwordHash: string): Promise<void> {
  const decided = Math.floor(bigProps / 2);
  const codes = new Set<string>();
  while (codes.size < 1 + SMALL_GROUPS) codes.add(generateInviteCode());
  // Small group gi (0-based) is group 2 + gi; its member k is user 2 + (gi * 10 + k) % 1000,
  // so every member of the big group is in five small groups, and k = 0 leads.
  const smallMember = (gi: string, k: string) =>
    `2 + (${gi} * ${SMALL_MEMBERS} + ${k}) % ${BIG_MEMBERS}`;
  // Big-group prop j is prop j; small group gi's prop j (1-based) is bigProps + gi * 20 + j.
  const smallProp = (gi: string, j: string) => `${bigProps} + ${gi} * ${SMALL_PROPS} + ${j}`;

  const statements: (string | [string, unknown[]])[] = [
    'begin',
    // Triggers (standings, result stamps) and foreign-key checks off: the data is
    // consistent by construction and the standings are rebuilt afterwards.
    'set local session_replication_role = replica',
    [
      `insert into users (id, username, display_name, password_hash, is_admin, created_at)
       values (1, 'operator', 'Operator', $1, true, now() - interval '60 days')`,
      [passwordHash],
    ],
    [
      `insert into users (id, username, display_name, password_hash, created_at)
       select 1 + i, 'member' || i, 'Member ' || lpad(i::text, 4, '0'), $1,
         now() - interval '60 days'
       from generate_series(1, ${BIG_MEMBERS}) i`,
      [passwordHash],
    ],

    [
      `insert into groups (id, name, code, leader_id, is_official, active_sports, created_at)
       values (1, 'Sunday Showdown', ($1::text[])[1], 1, true, '{NFL}', now() - interval '40 days')`,
      [[...codes]],
    ],
    [
      `insert into groups (id, name, code, leader_id, active_sports, created_at)
       select 2 + gi, 'Family pool ' || (gi + 1), ($1::text[])[2 + gi], ${smallMember('gi', '0')},
         '{NFL}', now() - interval '39 days' + gi * interval '1 minute'
       from generate_series(0, ${SMALL_GROUPS - 1}) gi`,
      [[...codes]],
    ],

    `insert into group_members (group_id, user_id, is_contestant, joined_at)
     values (1, 1, false, now() - interval '40 days')`,
    `insert into group_members (group_id, user_id, social_username, joined_at)
     select 1, 1 + i, 'fan' || i, now() - interval '35 days' from generate_series(1, ${BIG_MEMBERS}) i`,
    `insert into group_members (group_id, user_id, joined_at)
     select 2 + gi, ${smallMember('gi', 'k')}, now() - interval '35 days'
     from generate_series(0, ${SMALL_GROUPS - 1}) gi, generate_series(0, ${SMALL_MEMBERS - 1}) k`,

    // The master prop every small group imported (its game is over; no result yet), and
    // upcoming ones for the public preview.
    `insert into master_props (id, sport, source_key, title, description, options, game_date)
     values (${MASTER_PROP_ID}, 'NFL', 'bench-1', 'Who wins the opener?',
       'The season opener, final score including overtime.', '${OPTIONS}'::jsonb,
       now() - interval '2 hours')`,
    `insert into master_props (id, sport, source_key, title, description, options, game_date)
     select 1 + i, case when i % 2 = 0 then 'NFL' else 'NCAAF' end, 'bench-' || (1 + i),
       'Upcoming game ' || i || ': who covers the spread?',
       'Spread as of kickoff; a push voids the prop.', '${OPTIONS}'::jsonb,
       now() + interval '3 days' + i * interval '2 hours'
     from generate_series(1, ${PREVIEW_PROPS}) i`,

    // The big group: the first half decided (games over), the rest still open.
    `insert into props (id, group_id, sport, title, description, options, game_date, result,
       result_set_at, created_by, created_at)
     select j, 1, 'NFL', 'Prop ' || j || ': does the home side score over 24.5 points?',
       'Regulation and overtime count; a missed kick is still a miss.', '${OPTIONS}'::jsonb,
       case when j <= ${decided} then now() - (${decided} - j + 4) * interval '1 hour'
         else now() + interval '2 days' + j * interval '1 hour' end,
       case when j <= ${decided} then ${RESULT_OF('j')} end,
       case when j <= ${decided} then now() - (${decided} - j + 1) * interval '1 hour' end,
       1, now() - interval '38 days'
     from generate_series(1, ${bigProps}) j`,
    `insert into props (id, group_id, sport, title, description, options, game_date, result,
       result_set_at, created_by, created_at)
     select ${smallProp('gi', 'j')}, 2 + gi, 'NFL', 'Family prop ' || j || ': first to score?',
       'Any score counts, safeties too.', '${OPTIONS}'::jsonb,
       case when j <= ${SMALL_DECIDED} then now() - (${SMALL_DECIDED} - j + 4) * interval '1 hour'
         else now() + interval '2 days' + j * interval '1 hour' end,
       case when j <= ${SMALL_DECIDED} then ${RESULT_OF('j')} end,
       case when j <= ${SMALL_DECIDED} then now() - (${SMALL_DECIDED} - j + 1) * interval '1 hour' end,
       ${smallMember('gi', '0')}, now() - interval '38 days'
     from generate_series(0, ${SMALL_GROUPS - 1}) gi, generate_series(1, ${SMALL_PROPS - 1}) j`,
    `insert into props (id, group_id, sport, title, description, options, game_date,
       is_imported, master_prop_id, created_by, created_at)
     select ${smallProp('gi', String(SMALL_PROPS))}, 2 + gi, m.sport, m.title, m.description,
       m.options, m.game_date, true, m.id, ${smallMember('gi', '0')}, now() - interval '37 days'
     from generate_series(0, ${SMALL_GROUPS - 1}) gi, master_props m where m.id = ${MASTER_PROP_ID}`,

    // Every member picks every prop of every group they are in.
    `insert into picks (user_id, prop_id, group_id, selected_option, created_at, updated_at)
     select m.user_id, p.id, p.group_id, ${PICK_OF('m.user_id', 'p.id')},
       now() - interval '30 days', now() - interval '30 days'
     from props p join group_members m on m.group_id = p.group_id and m.is_contestant
     order by p.group_id, m.user_id, p.id`,

    // The feed as the app writes it: the props arriving, then each result.
    `insert into activity_events (group_id, event_type, event_data, actor_id, created_at)
     select g.id, 'new', case when g.id = 1
         then jsonb_build_object('type', 'prebuilt', 'count', ${bigProps})
         else jsonb_build_object('type', 'prebuilt', 'count', ${SMALL_PROPS - 1}) end,
       g.leader_id, now() - interval '38 days'
     from groups g`,
    `insert into activity_events (group_id, event_type, event_data, actor_id, created_at)
     select g.id, 'new', jsonb_build_object('type', 'imported', 'count', 1, 'sport', 'NFL'),
       g.leader_id, now() - interval '37 days'
     from groups g where g.id > 1`,
    `insert into activity_events (group_id, prediction_id, event_type, event_data, actor_id, created_at)
     select p.group_id, p.id, 'result_set',
       jsonb_build_object('title', p.title, 'result', p.result, 'resultLabel', p.result),
       g.leader_id, p.result_set_at
     from props p join groups g on g.id = p.group_id
     where p.result is not null
     order by p.result_set_at, p.id`,

    // What the triggers of rounds.sql and pick-confidence.sql would have written.
    `insert into seasons (group_id, name, started_at) select id, 'Season 1', created_at from groups`,
    `update props p set round_id = round_in_season(s.id, coalesce(p.game_date, p.created_at))
     from seasons s where s.group_id = p.group_id`,
    `update picks k set confidence = n.confidence
     from (select k.id, row_number() over (
             partition by k.user_id, k.group_id, p.round_id order by p.id) as confidence
           from picks k join props p on p.id = k.prop_id) n
     where n.id = k.id`,

    ...['users', 'groups', 'master_props', 'props', 'picks', 'activity_events'].map(
      (table) =>
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
    ),
    'commit',
  ];
  for (const statement of statements) {
    const [text, params] = typeof statement === 'string' ? [statement, []] : statement;
    await client.query(text, params);
  }
}

/**
 * Sessions stored the way sign-in stores them, for SIGNED_IN members of the big group who
 * each lead small groups (users 2, 12, 22, …), with what each one's writes will change.
 */
async function signIn(
  pool: pg.Pool,
  bigProps: number,
  createSessionFor: (userId: number) => Promise<string>,
): Promise<SignedInMember[]> {
  const ids = Array.from({ length: SIGNED_IN }, (_, index) => 2 + index * SMALL_MEMBERS);
  const openPicks = await pool.query<{ user_id: number; id: number; selected_option: string }>(
    `select k.user_id, k.id, k.selected_option from picks k join props p on p.id = k.prop_id
     where k.user_id = any($1) and k.group_id = $2 and p.result is null and p.game_date > now()
     order by k.user_id, k.prop_id`,
    [ids, BIG_GROUP_ID],
  );
  const decided = await pool.query<{
    leader_id: number;
    group_id: number;
    id: number;
    result: string;
  }>(
    `select g.leader_id, g.id as group_id, p.id, p.result from groups g join props p on p.group_id = g.id
     where g.leader_id = any($1) and g.id <> $2 and p.result is not null and not p.is_imported
     order by g.leader_id, g.id, p.id`,
    [ids, BIG_GROUP_ID],
  );
  const members: SignedInMember[] = [];
  for (const id of ids) {
    const led = decided.rows.filter((row) => row.leader_id === id);
    const ledGroupId = led[0]?.group_id;
    if (ledGroupId === undefined) throw new Error(`bench seed: member ${id} leads no group`);
    members.push({
      id,
      cookie: cookieOf(await createSessionFor(id)),
      ledGroupId,
      openPicks: openPicks.rows
        .filter((row) => row.user_id === id)
        .map((row) => ({ id: row.id, option: row.selected_option })),
      decidedProps: led.map((row) => ({ id: row.id, result: row.result })),
    });
  }
  if (members.some((member) => member.openPicks.length === 0)) {
    throw new Error(`bench seed: no open props among ${bigProps} (need at least 2)`);
  }
  return members;
}
