-- How many picked each option of each prop (decision 0024), kept in the transaction of
-- every write to picks: a pick made, changed or removed, a member leaving or deleting
-- their account (cascades), a line change resetting picks, a sheet sync, Delete All
-- Props. One statement per write, whatever its size; increments commute, and rows are
-- taken in (prop, option) order. The trigger's name sorts after group_events_picks_*, so
-- a write has taken its group's event head (which serializes a group's writers) first.
-- A prop being deleted takes its counts along (foreign key); the cascade's removal of its
-- picks then finds no prop and adds nothing back.
create or replace function prop_pick_counts_on_picks() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into prop_pick_counts as c (prop_id, option, group_id, count)
    select prop_id, selected_option, min(group_id), count(*)::int
    from new_rows group by prop_id, selected_option order by prop_id, selected_option
    on conflict (prop_id, option) do update set count = c.count + excluded.count;
  else
    insert into prop_pick_counts as c (prop_id, option, group_id, count)
    select d.prop_id, d.option, min(d.group_id), sum(d.delta)::int
    from (
      select prop_id, selected_option as option, group_id, -1 as delta from old_rows
      union all
      select prop_id, selected_option, group_id, 1 from new_rows
    ) d
    where exists (select 1 from props p where p.id = d.prop_id)
    group by d.prop_id, d.option
    having sum(d.delta) <> 0
    order by d.prop_id, d.option
    on conflict (prop_id, option) do update set count = c.count + excluded.count;
  end if;
  return null;
end $$;

create or replace trigger prop_pick_counts_picks_insert after insert on picks
  referencing new table as new_rows for each statement execute function prop_pick_counts_on_picks();

create or replace trigger prop_pick_counts_picks_update after update on picks
  referencing old table as old_rows new table as new_rows
  for each statement execute function prop_pick_counts_on_picks();

-- DELETE has no new table: an empty one stands in for it.
create or replace function prop_pick_counts_on_picks_delete() returns trigger language plpgsql as $$
begin
  insert into prop_pick_counts as c (prop_id, option, group_id, count)
  select o.prop_id, o.selected_option, min(o.group_id), -count(*)::int
  from old_rows o
  where exists (select 1 from props p where p.id = o.prop_id)
  group by o.prop_id, o.selected_option
  order by o.prop_id, o.selected_option
  on conflict (prop_id, option) do update set count = c.count + excluded.count;
  return null;
end $$;

create or replace trigger prop_pick_counts_picks_delete after delete on picks
  referencing old table as old_rows for each statement execute function prop_pick_counts_on_picks_delete();

-- The version of a prop's picks: its pick counts' row versions, which every pick made,
-- changed or removed on it moves (prop_pick_counts_on_picks). A leader's result written
-- without a transaction of its own (decision 0035) lands only while this is what it was when
-- the result was decided, so the pick split and the names its activity line carries are
-- exactly the picks the result decided. Volatile: called once the prop row is locked, it
-- reads with a snapshot of its own, so a pick that committed after the statement began still
-- counts.
create or replace function prop_picks_version(prop int) returns text language plpgsql volatile as $$
begin
  return (select coalesce(string_agg(c.xmin::text, ',' order by c.option), '')
    from prop_pick_counts c where c.prop_id = prop);
end $$;
