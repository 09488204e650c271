-- Stored standings (docs/decisions/0013-stored-standings.md).
--
-- The scoring rule of shared/domain/group-stats.ts (pickOutcomeOf + memberRecordOf), as
-- what one (member, prop) pair adds to the member's record. `sel` is null when the member
-- did not pick; `exempt` is true when the prop was already locked when they joined. These
-- four functions are the only place SQL states the rule; the property test in
-- server/src/modules/standings/ checks every stored record against memberRecordOf.
create function standing_win(result text, sel text) returns int
  language sql immutable parallel safe
  as $$ select (result is not null and result <> 'N/A' and sel is not null and sel = result)::int $$;
--> statement-breakpoint
create function standing_loss(result text, sel text, exempt boolean) returns int
  language sql immutable parallel safe
  as $$ select (result is not null and result <> 'N/A'
    and (sel is distinct from result) and (sel is not null or not exempt))::int $$;
--> statement-breakpoint
create function standing_pending(result text, sel text) returns int
  language sql immutable parallel safe
  as $$ select (result is null and sel is not null)::int $$;
--> statement-breakpoint
create function standing_pick(result text, sel text) returns int
  language sql immutable parallel safe
  as $$ select (result is distinct from 'N/A' and sel is not null)::int $$;
--> statement-breakpoint

-- Picks made, changed or removed: `sign` +1 for a row as it now is, -1 for a row as it
-- was; each adds sign * (its points - the points of not having picked). The props are
-- locked (share) first, so a result being set at the same moment is either seen here or
-- waits for this transaction and then sees these picks.
create function standings_apply_picks(g int[], u int[], pr int[], sel text[], sign int[])
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
--> statement-breakpoint

create function standings_on_picks() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform standings_apply_picks(array_agg(group_id), array_agg(user_id), array_agg(prop_id),
      array_agg(selected_option), array_agg(1)) from new_rows having count(*) > 0;
  elsif tg_op = 'DELETE' then
    perform standings_apply_picks(array_agg(group_id), array_agg(user_id), array_agg(prop_id),
      array_agg(selected_option), array_agg(-1)) from old_rows having count(*) > 0;
  else
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
--> statement-breakpoint
create trigger standings_picks_insert after insert on picks
  referencing new table as new_rows for each statement execute function standings_on_picks();
--> statement-breakpoint
create trigger standings_picks_update after update on picks
  referencing old table as old_rows new table as new_rows
  for each statement execute function standings_on_picks();
--> statement-breakpoint
create trigger standings_picks_delete after delete on picks
  referencing old table as old_rows for each statement execute function standings_on_picks();
--> statement-breakpoint

-- Props added (created, imported, generated; an imported prop may arrive decided).
-- Every group-wide change takes the group's tallies row first, in group order: joins take
-- it too, so a member joining and a result being set never miss each other.
create function standings_on_props_insert() returns trigger language plpgsql as $$
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
--> statement-breakpoint
create trigger standings_props_insert after insert on props
  referencing new table as new_rows for each statement execute function standings_on_props_insert();
--> statement-breakpoint

-- Results set, changed, voided or removed (by a leader, or a master result reaching every
-- imported copy in one statement): each contestant of each group moves from the points of
-- the old result to those of the new one, in one statement for all of them.
create function standings_on_props_update() returns trigger language plpgsql as $$
begin
  if not exists (
    select 1 from new_rows n join old_rows o on o.id = n.id where n.result is distinct from o.result
  ) then
    return null;
  end if;
  perform 1 from group_tallies
  where group_id in (
    select n.group_id from new_rows n join old_rows o on o.id = n.id
    where n.result is distinct from o.result
  )
  order by group_id for update;
  with c as (
    select n.group_id, o.result as old_result, n.result as new_result
    from new_rows n join old_rows o on o.id = n.id
    where n.result is distinct from o.result
  )
  update group_tallies t
  set valid_props = t.valid_props + x.valid, decided_props = t.decided_props + x.decided
  from (
    select group_id,
      sum((new_result is distinct from 'N/A')::int - (old_result is distinct from 'N/A')::int)::int as valid,
      sum((new_result is not null and new_result <> 'N/A')::int
        - (old_result is not null and old_result <> 'N/A')::int)::int as decided
    from c group by group_id
  ) x
  where t.group_id = x.group_id;
  with c as (
    select n.id, n.group_id, o.result as old_result, n.result as new_result
    from new_rows n join old_rows o on o.id = n.id
    where n.result is distinct from o.result
  ),
  d as (
    select s.group_id, s.user_id,
      sum(standing_win(c.new_result, k.selected_option) - standing_win(c.old_result, k.selected_option))::int as w,
      sum(standing_loss(c.new_result, k.selected_option, e.prop_id is not null)
        - standing_loss(c.old_result, k.selected_option, e.prop_id is not null))::int as l,
      sum(standing_pending(c.new_result, k.selected_option)
        - standing_pending(c.old_result, k.selected_option))::int as pe,
      sum(standing_pick(c.new_result, k.selected_option) - standing_pick(c.old_result, k.selected_option))::int as m
    from c
    join standings s on s.group_id = c.group_id
    left join picks k on k.prop_id = c.id and k.user_id = s.user_id
    left join standing_exemptions e
      on e.group_id = s.group_id and e.user_id = s.user_id and e.prop_id = c.id
    group by s.group_id, s.user_id
  )
  update standings s
  set wins = s.wins + d.w, losses = s.losses + d.l, pending = s.pending + d.pe,
      picks_made = s.picks_made + d.m
  from d
  where s.group_id = d.group_id and s.user_id = d.user_id and (d.w, d.l, d.pe, d.m) <> (0, 0, 0, 0);
  return null;
end $$;
--> statement-breakpoint
create trigger standings_props_update after update on props
  referencing old table as old_rows new table as new_rows
  for each statement execute function standings_on_props_update();
--> statement-breakpoint

-- A prop deleted (by its leader or creator, Delete All Props): before the row goes, its
-- picks are removed (the picks trigger takes their points back) and then what not picking
-- it cost each contestant. Skipped when the whole group is being deleted.
create function standings_on_props_delete() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from groups where id = old.group_id) then return old; end if;
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
--> statement-breakpoint
create trigger standings_props_delete before delete on props
  for each row execute function standings_on_props_delete();
--> statement-breakpoint

-- Members joining (a contestant starts with the loss of every decided prop: they picked
-- none and are exempt from none yet; the join then records its exemptions) and leaving
-- (their standing goes with the membership, by its foreign key).
create function standings_on_members() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform 1 from group_tallies where group_id in (select group_id from new_rows)
      order by group_id for update;
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
--> statement-breakpoint
create trigger standings_members_insert after insert on group_members
  referencing new table as new_rows for each statement execute function standings_on_members();
--> statement-breakpoint
create trigger standings_members_delete after delete on group_members
  referencing old table as old_rows for each statement execute function standings_on_members();
--> statement-breakpoint

-- Exemptions recorded at join time (or removed): an unpicked decided prop stops (starts)
-- being a loss.
create function standings_apply_exemptions(g int[], u int[], pr int[], sign int)
  returns void language plpgsql as $$
begin
  update standings s set losses = s.losses - sign * x.n
  from (
    select e.group_id, e.user_id, sum(standing_loss(p.result, null, false)
      - standing_loss(p.result, null, true))::int as n
    from unnest(g, u, pr) as e(group_id, user_id, prop_id)
    join props p on p.id = e.prop_id
    where not exists (select 1 from picks k where k.prop_id = e.prop_id and k.user_id = e.user_id)
    group by e.group_id, e.user_id
  ) x
  where s.group_id = x.group_id and s.user_id = x.user_id and x.n <> 0;
end $$;
--> statement-breakpoint
create function standings_on_exemptions() returns trigger language plpgsql as $$
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
--> statement-breakpoint
create trigger standings_exemptions_insert after insert on standing_exemptions
  referencing new table as new_rows for each statement execute function standings_on_exemptions();
--> statement-breakpoint
create trigger standings_exemptions_delete after delete on standing_exemptions
  referencing old table as old_rows for each statement execute function standings_on_exemptions();
--> statement-breakpoint

create function standings_on_groups_insert() returns trigger language plpgsql as $$
begin
  insert into group_tallies (group_id) select id from new_rows;
  return null;
end $$;
--> statement-breakpoint
create trigger standings_groups_insert after insert on groups
  referencing new table as new_rows for each statement execute function standings_on_groups_insert();
--> statement-breakpoint

create function standings_on_display_name() returns trigger language plpgsql as $$
begin
  update standings set display_name = new.display_name where user_id = new.id;
  return null;
end $$;
--> statement-breakpoint
create trigger standings_users_display_name after update of display_name on users
  for each row when (old.display_name is distinct from new.display_name)
  execute function standings_on_display_name();
--> statement-breakpoint

-- Existing data: the operator leading an official event stops being a contestant, then
-- every standing and tally is computed once.
update group_members m set is_contestant = false
from groups g join users u on u.id = g.leader_id
where g.id = m.group_id and m.user_id = g.leader_id and g.is_official and u.is_admin;
--> statement-breakpoint
insert into group_tallies (group_id, contestants, valid_props, decided_props)
select g.id,
  (select count(*) from group_members m where m.group_id = g.id and m.is_contestant),
  (select count(*) from props p where p.group_id = g.id and p.result is distinct from 'N/A'),
  (select count(*) from props p where p.group_id = g.id and p.result is not null and p.result <> 'N/A')
from groups g;
--> statement-breakpoint
insert into standings (group_id, user_id, wins, losses, pending, picks_made, display_name)
select m.group_id, m.user_id,
  coalesce(sum(standing_win(p.result, k.selected_option)), 0),
  coalesce(sum(standing_loss(p.result, k.selected_option, false)), 0),
  coalesce(sum(standing_pending(p.result, k.selected_option)), 0),
  coalesce(sum(standing_pick(p.result, k.selected_option)), 0),
  u.display_name
from group_members m
join users u on u.id = m.user_id
left join props p on p.group_id = m.group_id
left join picks k on k.prop_id = p.id and k.user_id = m.user_id
where m.is_contestant
group by m.group_id, m.user_id, u.display_name;
