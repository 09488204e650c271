-- A pick changed on a prop that has no result moves no count: it was pending and stays
-- pending (standing_pending is 1 for any option while the result is null, standing_win and
-- standing_loss 0). The busiest write of a big group did the whole of
-- standings_apply_picks for nothing (0.6 ms of the 1.0 ms its triggers cost), while
-- holding its group's event head (0020's lock order: the events trigger fires first).
-- The props are taken (share) first, as standings_apply_picks does, so a result being set
-- at the same moment is either seen here or waits for this transaction; every path that
-- changes an option holds them already (savePick), so taking them again costs little.
create or replace function standings_on_picks() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform standings_apply_picks(array_agg(group_id), array_agg(user_id), array_agg(prop_id),
      array_agg(selected_option), array_agg(1)) from new_rows having count(*) > 0;
  elsif tg_op = 'DELETE' then
    perform standings_apply_picks(array_agg(group_id), array_agg(user_id), array_agg(prop_id),
      array_agg(selected_option), array_agg(-1)) from old_rows having count(*) > 0;
  else
    perform 1 from props where id in (select prop_id from new_rows) order by id for share;
    if not exists (
      select 1 from new_rows n
      join old_rows o on o.id = n.id
      join props p on p.id = n.prop_id
      where n.selected_option is distinct from o.selected_option and p.result is not null
    ) then
      return null;
    end if;
    perform standings_apply_picks(array_agg(x.group_id), array_agg(x.user_id),
      array_agg(x.prop_id), array_agg(x.sel), array_agg(x.sign))
    from (
      select n.group_id, n.user_id, n.prop_id, n.selected_option as sel, 1 as sign
      from new_rows n join old_rows o on o.id = n.id
      where n.selected_option is distinct from o.selected_option
      union all
      select o.group_id, o.user_id, o.prop_id, o.selected_option, -1
      from new_rows n join old_rows o on o.id = n.id
      where n.selected_option is distinct from o.selected_option
    ) x
    having count(*) > 0;
  end if;
  return null;
end $$;
