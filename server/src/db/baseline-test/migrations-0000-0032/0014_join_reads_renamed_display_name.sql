-- A member joining while they rename themselves (two requests at once): the join's
-- standing copied the display name its statement could see, and the rename's update of
-- standings could not see the joining row yet, so the old name stayed on the leaderboard
-- (found by the standings property test). The join now waits for a rename in flight to
-- commit (a share lock on the user rows) before it copies the name; a rename that comes
-- after waits for the join and then updates its row. Otherwise as in 0005.
create or replace function standings_on_members() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform 1 from group_tallies where group_id in (select group_id from new_rows)
      order by group_id for update;
    perform 1 from users where id in (select user_id from new_rows where is_contestant)
      order by id for share;
    insert into standings (group_id, user_id, losses, display_name)
    select m.group_id, m.user_id,
      coalesce((select sum(standing_loss(p.result, null, false)) from props p
                where p.group_id = m.group_id), 0),
      u.display_name
    from new_rows m join users u on u.id = m.user_id
    where m.is_contestant;
    update group_tallies t set contestants = t.contestants + x.n
    from (select group_id, count(*)::int as n from new_rows where is_contestant group by group_id) x
    where t.group_id = x.group_id;
  else
    update group_tallies t set contestants = t.contestants - x.n
    from (select group_id, count(*)::int as n from old_rows where is_contestant group by group_id) x
    where t.group_id = x.group_id;
  end if;
  return null;
end $$;
