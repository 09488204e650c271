/**
 * SQL texts for what a group's answers depend on, for the statements that tag answers
 * before building them (decisions 0027, 0029). Each takes SQL expressions (a column such
 * as `g.id`, a parameter such as `$2`) and is written once here.
 */

/**
 * The group's version: how many events it has had (the sequencer's last id plus those
 * committed and not yet numbered, a sum the numbering leaves as it is) and the group row's
 * xmin, which a restore changes (as does a settings change, which is an event anyway).
 * Every change a member can see adds an event in the writer's transaction (decisions 0017,
 * 0032), so the count moves with it; events are pruned only once numbered, which leaves
 * the sum as it was.
 */
export const groupVersionSql = (groupId: string, groupXmin = groupXminSql(groupId)) =>
  `(coalesce((select h.last_id from group_event_heads h where h.group_id = ${groupId}), 0)
    + (select count(*) from group_events e where e.group_id = ${groupId} and e.id is null))
    || '.' || ${groupXmin}`;

/** The group row's xmin, read by its id (a statement that has the row passes `g.xmin`). */
const groupXminSql = (groupId: string) =>
  `coalesce((select v.xmin::text from groups v where v.id = ${groupId}), '0')`;

/** The count of events alone, out of a groupVersionSql value: it only ever grows. */
export const eventCountOf = (version: string) => Number(version.split('.')[0]);

/**
 * The latest game time in the group already passed at `now`, as epoch milliseconds (0
 * before the first): it moves when a prop locks by time, with no write. By the
 * (group_id, game_date) index.
 */
export const latestGamePassedSql = (groupId: string, now: string) =>
  `coalesce((select (extract(epoch from max(p.game_date)) * 1000)::bigint from props p
    where p.group_id = ${groupId} and p.game_date <= ${now}), 0)`;
