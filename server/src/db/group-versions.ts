/**
 * SQL texts for what a group's answers depend on, for the statements that tag answers
 * before building them (decisions 0027, 0029). Each takes SQL expressions (a column such
 * as `g.id`, a parameter such as `$2`) and is written once here.
 */

/**
 * The group's version: the id of its latest live event and that head row's xmin (a restore
 * changes it), `'0'` before its first event. Every change a member can see moves it in the
 * writer's transaction (decision 0017).
 */
export const groupVersionSql = (groupId: string) =>
  `coalesce((select h.last_id || '.' || h.xmin from group_event_heads h
    where h.group_id = ${groupId}), '0')`;

/** The event id alone, out of a groupVersionSql value. */
export const eventIdOf = (version: string) => Number(version.split('.')[0]);

/**
 * The latest game time in the group already passed at `now`, as epoch milliseconds (0
 * before the first): it moves when a prop locks by time, with no write. By the
 * (group_id, game_date) index.
 */
export const latestGamePassedSql = (groupId: string, now: string) =>
  `coalesce((select (extract(epoch from max(p.game_date)) * 1000)::bigint from props p
    where p.group_id = ${groupId} and p.game_date <= ${now}), 0)`;
