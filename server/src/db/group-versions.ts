/** SQL texts for what a group's answers depend on, for the statements that name answers before building them. */

/**
 * How many events the group has had (the last numbered id plus those committed and not
 * yet numbered) and the group row's xmin, which a restore changes. Every change a member
 * can see adds an event in the writer's transaction, so the count moves with it; pruning
 * only numbered events leaves the sum as it was.
 */
export const groupVersionSql = (groupId: string, groupXmin = groupXminSql(groupId)) =>
  `(coalesce((select h.last_id from group_event_heads h where h.group_id = ${groupId}), 0)
    + (select count(*) from group_events e where e.group_id = ${groupId} and e.id is null))
    || '.' || ${groupXmin}`;

/** A statement that has the row passes `g.xmin`. */
const groupXminSql = (groupId: string) =>
  `coalesce((select v.xmin::text from groups v where v.id = ${groupId}), '0')`;

/** It only ever grows. */
export const eventCountOf = (version: string) => Number(version.split('.')[0]);

/** Epoch ms (0 before the first): it moves when a prop locks by time, with no write. */
export const latestGamePassedSql = (groupId: string, now: string) =>
  `coalesce((select (extract(epoch from max(p.game_date)) * 1000)::bigint from props p
    where p.group_id = ${groupId} and p.game_date <= ${now}), 0)`;
