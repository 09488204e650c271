-- Stored standings (docs/decisions/0013-stored-standings.md): one row per contestant and
-- group (standings) and one per group (group_tallies), kept in the transaction of every
-- write to picks, props, memberships, exemptions and display names, by adding up the
-- scoring functions of scoring.sql. They count the current season's props: starting a
-- season sets them to zero, and an archived season's props never change again (seasons.sql),
-- so only a join, which reads the group's props afresh, must leave those out.
--
-- Every write to a group takes its locks in one order (lock-order.sql): the group's event
-- head, then its tally row, then standing rows. A result signals the events trigger
-- (group-events.sql) through the transaction setting pickem.standings_by_result: see
-- standings_on_props_update.

-- Picks made, changed or removed: `sign` +1 for a row as it now is, -1 for a row as it
-- was; each adds sign * (its points - the points of not having picked). The props are
-- locked (share) first, so a result being set at the same moment is either seen here or
-- waits for this transaction and then sees these picks.
create or replace function standings_apply_picks(g int[], u int[], pr int[], sel text[], sign int[])
  returns void language plpgsql as $$
begin
  perform 1 from props where id = any(pr) order by id for share;
  with c as (
    select * from unnest(g, u, pr, sel, sign) as c(group_id, user_id, prop_id, sel, sign)
  ),
  d as (
    select p.group_id, c.user_id,
      sum(c.sign * (standing_win(p.result, c.sel) - standing_win(p.result, null)))::int as w,
      sum(c.sign * (standing_loss(p.result, c.sel, e.prop_id is not null)
        - standing_loss(p.result, null, e.prop_id is not null)))::int as l,
      sum(c.sign * (standing_pending(p.result, c.sel) - standing_pending(p.result, null)))::int as pe,
      sum(c.sign * (standing_pick(p.result, c.sel) - standing_pick(p.result, null)))::int as m
    from c
    join props p on p.id = c.prop_id
    left join standing_exemptions e
      on e.group_id = p.group_id and e.user_id = c.user_id and e.prop_id = c.prop_id
    group by p.group_id, c.user_id
  )
  update standings s
  set wins = s.wins + d.w, losses = s.losses + d.l, pending = s.pending + d.pe,
      picks_made = s.picks_made + d.m
  from d
  where s.group_id = d.group_id and s.user_id = d.user_id and (d.w, d.l, d.pe, d.m) <> (0, 0, 0, 0);
end $$;

-- Exemptions recorded at join time (or removed): an unpicked decided prop stops (starts)
-- being a loss.
create or replace function standings_apply_exemptions(g int[], u int[], pr int[], sign int)
  returns void language plpgsql as $$
begin
  update standings s set losses = s.losses - sign * x.n
  from (
    select e.group_id, e.user_id, sum(standing_loss(p.result, null, false)
      - standing_loss(p.result, null, true))::int as n
    from unnest(g, u, pr) as e(group_id, user_id, prop_id)
    join props p on p.id = e.prop_id and not round_archived(p.round_id)
    where not exists (select 1 from picks k where k.prop_id = e.prop_id and k.user_id = e.user_id)
    group by e.group_id, e.user_id
  ) x
  where s.group_id = x.group_id and s.user_id = x.user_id and x.n <> 0;
end $$;

create or replace function standings_on_groups_insert() returns trigger language plpgsql as $$
begin
  insert into group_tallies (group_id) select id from new_rows;
  return null;
end $$;

create or replace trigger standings_groups_insert after insert on groups
  referencing new table as new_rows for each statement execute function standings_on_groups_insert();

create or replace function standings_on_members() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform 1 from group_tallies where group_id in (select group_id from new_rows)
      order by group_id for update;
    perform 1 from users where id in (select user_id from new_rows where is_contestant)
      order by id for share;
    update group_tallies t set contestants = t.contestants + x.n
    from (select group_id, count(*)::int as n from new_rows where is_contestant group by group_id) x
    where t.group_id = x.group_id;
    insert into standings (group_id, user_id, losses, display_name)
    select m.group_id, m.user_id,
      coalesce((select sum(standing_loss(p.result, null, false)) from props p
                where p.group_id = m.group_id and not round_archived(p.round_id)), 0),
      u.display_name
    from new_rows m
    join users u on u.id = m.user_id
    where m.is_contestant;
  else
    update group_tallies t set contestants = t.contestants - x.n
    from (select group_id, count(*)::int as n from old_rows where is_contestant group by group_id) x
    where t.group_id = x.group_id;
  end if;
  return null;
end $$;

create or replace trigger standings_members_insert after insert on group_members
  referencing new table as new_rows for each statement execute function standings_on_members();

create or replace trigger standings_members_delete after delete on group_members
  referencing old table as old_rows for each statement execute function standings_on_members();

-- A pick changed on a prop that has no result moves no count: it was pending and stays
-- pending (standing_pending is 1 for any option while the result is null, standing_win and
-- standing_loss 0), so the busiest write of a big group skips standings_apply_picks.
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

create or replace trigger standings_picks_insert after insert on picks
  referencing new table as new_rows for each statement execute function standings_on_picks();

create or replace trigger standings_picks_update after update on picks
  referencing old table as old_rows new table as new_rows
  for each statement execute function standings_on_picks();

create or replace trigger standings_picks_delete after delete on picks
  referencing old table as old_rows for each statement execute function standings_on_picks();

-- Props added (created, imported, generated; an imported prop may arrive decided).
-- Every group-wide change takes the group's tallies row first, in group order: joins take
-- it too, so a member joining and a result being set never miss each other.
create or replace function standings_on_props_insert() returns trigger language plpgsql as $$
begin
  perform 1 from group_tallies where group_id in (select group_id from new_rows)
    order by group_id for update;
  update group_tallies t
  set valid_props = t.valid_props + x.valid, decided_props = t.decided_props + x.decided
  from (
    select group_id,
      count(*) filter (where result is distinct from 'N/A')::int as valid,
      count(*) filter (where result is not null and result <> 'N/A')::int as decided,
      sum(standing_loss(result, null, false))::int as lost
    from new_rows group by group_id
  ) x
  where t.group_id = x.group_id;
  -- Nobody has picked a new prop nor is exempt from it: a decided one is everyone's loss.
  update standings s set losses = s.losses + x.lost
  from (
    select group_id, sum(standing_loss(result, null, false))::int as lost
    from new_rows group by group_id
  ) x
  where s.group_id = x.group_id and x.lost > 0;
  return null;
end $$;

create or replace trigger standings_props_insert after insert on props
  referencing new table as new_rows for each statement execute function standings_on_props_insert();

-- A result set, changed or removed: every contestant of the group gains the difference
-- between the new result's points and the old one's. The 'result' event that
-- group_events_on_props_update adds for the prop already tells open pages that the records
-- moved, so while this function updates standings it sets pickem.standings_by_result (for
-- the transaction's remainder, turned off again below) and group_events_on_standings adds
-- no 'standings' event for these updates.
create or replace function standings_on_props_update() returns trigger language plpgsql as $$
declare
  old_results jsonb;
  c_ids int[];
  c_groups int[];
  c_old text[];
  c_new text[];
begin
  select coalesce(jsonb_object_agg(id, result), '{}'::jsonb) into old_results from old_rows;
  select array_agg(n.id order by n.group_id, n.id),
    array_agg(n.group_id order by n.group_id, n.id),
    array_agg(old_results ->> n.id::text order by n.group_id, n.id),
    array_agg(n.result order by n.group_id, n.id)
  into c_ids, c_groups, c_old, c_new
  from new_rows n
  where n.result is distinct from (old_results ->> n.id::text);
  if c_ids is null then
    return null;
  end if;

  perform 1 from group_tallies where group_id = any(c_groups) order by group_id for update;
  update group_tallies t
  set valid_props = t.valid_props + x.valid, decided_props = t.decided_props + x.decided
  from (
    select group_id,
      sum((new_result is distinct from 'N/A')::int - (old_result is distinct from 'N/A')::int)::int as valid,
      sum((new_result is not null and new_result <> 'N/A')::int
        - (old_result is not null and old_result <> 'N/A')::int)::int as decided
    from unnest(c_groups, c_old, c_new) as c(group_id, old_result, new_result)
    group by group_id
  ) x
  where t.group_id = any(c_groups) and t.group_id = x.group_id;

  perform set_config('pickem.standings_by_result', 'on', true);
  with c as (
    select * from unnest(c_ids, c_groups, c_old, c_new) as c(id, group_id, old_result, new_result)
  ),
  k as materialized (
    select prop_id, user_id, selected_option from picks where prop_id = any(c_ids)
  ),
  e as materialized (
    select group_id, user_id, prop_id from standing_exemptions
    where group_id = any(c_groups) and prop_id = any(c_ids)
  ),
  d as materialized (
    select s.group_id, s.user_id,
      sum(standing_win(c.new_result, k.selected_option) - standing_win(c.old_result, k.selected_option))::int as w,
      sum(standing_loss(c.new_result, k.selected_option, e.prop_id is not null)
        - standing_loss(c.old_result, k.selected_option, e.prop_id is not null))::int as l,
      sum(standing_pending(c.new_result, k.selected_option)
        - standing_pending(c.old_result, k.selected_option))::int as pe,
      sum(standing_pick(c.new_result, k.selected_option) - standing_pick(c.old_result, k.selected_option))::int as m
    from c
    join standings s on s.group_id = c.group_id
    left join k on k.prop_id = c.id and k.user_id = s.user_id
    left join e on e.group_id = s.group_id and e.user_id = s.user_id and e.prop_id = c.id
    group by s.group_id, s.user_id
  )
  update standings s
  set wins = s.wins + d.w, losses = s.losses + d.l, pending = s.pending + d.pe,
      picks_made = s.picks_made + d.m
  from d
  where s.group_id = any(c_groups) and s.group_id = d.group_id and s.user_id = d.user_id
    and (d.w, d.l, d.pe, d.m) <> (0, 0, 0, 0);
  perform set_config('pickem.standings_by_result', 'off', true);
  return null;
end $$;

create or replace trigger standings_props_update after update on props
  referencing old table as old_rows new table as new_rows
  for each statement execute function standings_on_props_update();

create or replace function standings_on_props_delete() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from groups where id = old.group_id) then return old; end if;
  perform group_event_head_lock(old.group_id);
  perform 1 from group_tallies where group_id = old.group_id for update;
  delete from picks where prop_id = old.id;
  update group_tallies
  set valid_props = valid_props - (old.result is distinct from 'N/A')::int,
      decided_props = decided_props - (old.result is not null and old.result <> 'N/A')::int
  where group_id = old.group_id;
  if standing_loss(old.result, null, false) > 0 then
    update standings s set losses = s.losses - 1
    where s.group_id = old.group_id
      and not exists (
        select 1 from standing_exemptions e
        where e.group_id = s.group_id and e.user_id = s.user_id and e.prop_id = old.id
      );
  end if;
  return old;
end $$;

create or replace trigger standings_props_delete before delete on props
  for each row execute function standings_on_props_delete();

create or replace function standings_on_exemptions() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform standings_apply_exemptions(array_agg(group_id), array_agg(user_id),
      array_agg(prop_id), 1) from new_rows having count(*) > 0;
  else
    perform standings_apply_exemptions(array_agg(group_id), array_agg(user_id),
      array_agg(prop_id), -1) from old_rows having count(*) > 0;
  end if;
  return null;
end $$;

create or replace trigger standings_exemptions_insert after insert on standing_exemptions
  referencing new table as new_rows for each statement execute function standings_on_exemptions();

create or replace trigger standings_exemptions_delete after delete on standing_exemptions
  referencing old table as old_rows for each statement execute function standings_on_exemptions();

create or replace function standings_on_display_name() returns trigger language plpgsql as $$
begin
  update standings set display_name = new.display_name where user_id = new.id;
  return null;
end $$;

create or replace trigger standings_users_display_name after update of display_name on users
  for each row when (old.display_name is distinct from new.display_name)
  execute function standings_on_display_name();
