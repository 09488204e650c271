-- Each contestant's record in each round (round_standings) and the current season's points
-- (standings.points), product rules §10 'Scoring modes'. A result set, changed or cleared
-- adds its difference to each member's row of the prop's round, so one result costs the
-- group's members, not the round's props times them. Rarer changes compute the touched
-- rounds again from their props and picks: a decided prop moved or removed, a decided prop's
-- picks, the group's mode, and (for the newcomers only) a join or an exemption. Picks on
-- open props score nothing, so the busiest write (a pick before the lock) never comes here.
--
-- The triggers are named standings_rounds_* so that they fire after the standings_*
-- triggers of the same table (triggers fire in name order): a new member's standings row
-- exists, and the group's tally row is already locked, as lock-order.sql wants.

create or replace function standings_rounds_refresh_of(round_ids int[], user_ids int[])
  returns void language plpgsql as $$
declare
  touched int[];
begin
  select array_agg(distinct group_id order by group_id) into touched
  from rounds where id = any(round_ids);
  if touched is null then
    return;
  end if;
  perform 1 from group_tallies where group_id = any(touched) order by group_id for update;
  insert into round_standings as rs (round_id, group_id, user_id, points, wins, losses)
  select r.id, s.group_id, s.user_id,
    coalesce(sum(standing_points(p.result, k.selected_option, g.scoring, k.confidence, k.is_lock)), 0)::int,
    coalesce(sum(standing_win(p.result, k.selected_option)), 0)::int,
    coalesce(sum(standing_loss(p.result, k.selected_option, e.prop_id is not null)), 0)::int
  from rounds r
  join groups g on g.id = r.group_id
  join standings s on s.group_id = r.group_id
  left join props p on p.round_id = r.id
  left join picks k on k.prop_id = p.id and k.user_id = s.user_id
  left join standing_exemptions e
    on e.group_id = s.group_id and e.user_id = s.user_id and e.prop_id = p.id
  where r.id = any(round_ids) and (user_ids is null or s.user_id = any(user_ids))
  group by r.id, s.group_id, s.user_id
  order by r.id, s.user_id
  on conflict (round_id, user_id) do update
    set points = excluded.points, wins = excluded.wins, losses = excluded.losses
    where (rs.points, rs.wins, rs.losses) is distinct from
      (excluded.points, excluded.wins, excluded.losses);
  update standings s set points = x.points
  from (
    select st.group_id, st.user_id, coalesce(sum(rs.points), 0)::int as points
    from standings st
    left join (round_standings rs
      join rounds r on r.id = rs.round_id
      join seasons se on se.id = r.season_id and se.ended_at is null)
      on rs.group_id = st.group_id and rs.user_id = st.user_id
    where st.group_id = any(touched) and (user_ids is null or st.user_id = any(user_ids))
    group by st.group_id, st.user_id
  ) x
  where s.group_id = x.group_id and s.user_id = x.user_id and s.points <> x.points;
end $$;

create or replace function standings_rounds_refresh(round_ids int[]) returns void
  language sql as $$ select standings_rounds_refresh_of(round_ids, null::int[]) $$;

-- Props whose result went from old_results[i] to new_results[i] in the same round: each
-- member's row of that round gains the difference, and so do their season points.
create or replace function standings_rounds_apply_results(prop_ids int[], old_results text[],
  new_results text[]) returns void language plpgsql as $$
declare
  touched int[];
begin
  select array_agg(distinct group_id order by group_id) into touched
  from props where id = any(prop_ids) and round_id is not null;
  if touched is null then
    return;
  end if;
  perform 1 from group_tallies where group_id = any(touched) order by group_id for update;
  with delta as (
    select p.round_id, s.group_id, s.user_id, se.ended_at is null as current_season,
      sum(standing_points(c.new_result, k.selected_option, g.scoring, k.confidence, k.is_lock)
        - standing_points(c.old_result, k.selected_option, g.scoring, k.confidence, k.is_lock))::int
        as points,
      sum(standing_win(c.new_result, k.selected_option)
        - standing_win(c.old_result, k.selected_option))::int as wins,
      sum(standing_loss(c.new_result, k.selected_option, e.prop_id is not null)
        - standing_loss(c.old_result, k.selected_option, e.prop_id is not null))::int as losses
    from unnest(prop_ids, old_results, new_results) as c(prop_id, old_result, new_result)
    join props p on p.id = c.prop_id and p.round_id is not null
    join rounds r on r.id = p.round_id
    join seasons se on se.id = r.season_id
    join groups g on g.id = p.group_id
    join standings s on s.group_id = p.group_id
    -- One index probe per member: joined whole, the planner may scan every pick.
    left join lateral (
      select k.selected_option, k.confidence, k.is_lock from picks k
      where k.user_id = s.user_id and k.prop_id = p.id limit 1
    ) k on true
    left join standing_exemptions e
      on e.group_id = s.group_id and e.user_id = s.user_id and e.prop_id = p.id
    group by p.round_id, s.group_id, s.user_id, se.ended_at
  ),
  added as (
    insert into round_standings as rs (round_id, group_id, user_id, points, wins, losses)
    select round_id, group_id, user_id, points, wins, losses from delta
    order by round_id, user_id
    on conflict (round_id, user_id) do update
      set points = rs.points + excluded.points, wins = rs.wins + excluded.wins,
        losses = rs.losses + excluded.losses
      where (excluded.points, excluded.wins, excluded.losses) <> (0, 0, 0)
  )
  update standings s set points = s.points + d.points
  from (
    select group_id, user_id, sum(points)::int as points from delta
    where current_season group by group_id, user_id
  ) d
  where s.group_id = d.group_id and s.user_id = d.user_id and d.points <> 0;
end $$;

create or replace function standings_rounds_on_picks() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform standings_rounds_refresh(array_agg(distinct p.round_id))
    from new_rows n join props p on p.id = n.prop_id
    where p.result is not null having count(*) > 0;
  elsif tg_op = 'DELETE' then
    perform standings_rounds_refresh(array_agg(distinct p.round_id))
    from old_rows o join props p on p.id = o.prop_id
    where p.result is not null having count(*) > 0;
  else
    perform standings_rounds_refresh(array_agg(distinct p.round_id))
    from new_rows n join old_rows o on o.id = n.id join props p on p.id = n.prop_id
    where p.result is not null
      and (n.selected_option, n.confidence, n.is_lock)
        is distinct from (o.selected_option, o.confidence, o.is_lock)
    having count(*) > 0;
  end if;
  return null;
end $$;

create or replace trigger standings_rounds_picks_insert after insert on picks
  referencing new table as new_rows for each statement execute function standings_rounds_on_picks();

create or replace trigger standings_rounds_picks_update after update on picks
  referencing old table as old_rows new table as new_rows
  for each statement execute function standings_rounds_on_picks();

create or replace trigger standings_rounds_picks_delete after delete on picks
  referencing old table as old_rows for each statement execute function standings_rounds_on_picks();

create or replace function standings_rounds_on_props() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform standings_rounds_refresh(array_agg(distinct round_id))
    from new_rows where result is not null having count(*) > 0;
  elsif tg_op = 'DELETE' then
    perform standings_rounds_refresh(array_agg(distinct round_id))
    from old_rows where result is not null having count(*) > 0;
  else
    perform standings_rounds_apply_results(array_agg(n.id), array_agg(o.result), array_agg(n.result))
    from new_rows n join old_rows o on o.id = n.id
    where n.result is distinct from o.result and n.round_id is not distinct from o.round_id
    having count(*) > 0;
    perform standings_rounds_refresh(array_agg(distinct x.round_id))
    from new_rows n join old_rows o on o.id = n.id
    cross join lateral (values (n.round_id), (o.round_id)) x(round_id)
    where n.round_id is distinct from o.round_id and (n.result is not null or o.result is not null)
    having count(*) > 0;
  end if;
  return null;
end $$;

create or replace trigger standings_rounds_props_insert after insert on props
  referencing new table as new_rows for each statement execute function standings_rounds_on_props();

create or replace trigger standings_rounds_props_update after update on props
  referencing old table as old_rows new table as new_rows
  for each statement execute function standings_rounds_on_props();

create or replace trigger standings_rounds_props_delete after delete on props
  referencing old table as old_rows for each statement execute function standings_rounds_on_props();

-- A member joining (their losses on decided props) and exemptions recorded at the join
-- score the group's rounds that have a decided prop again, for those members only. An
-- archived season's rounds keep their boards as they ended (seasons.sql).
create or replace function standings_rounds_on_group_change() returns trigger language plpgsql as $$
begin
  perform standings_rounds_refresh_of(array_agg(distinct p.round_id),
    (select array_agg(distinct user_id) from new_rows))
  from props p
  join rounds r on r.id = p.round_id
  join seasons se on se.id = r.season_id and se.ended_at is null
  where p.group_id in (select group_id from new_rows) and p.result is not null
  having count(*) > 0;
  return null;
end $$;

create or replace trigger standings_rounds_members_insert after insert on group_members
  referencing new table as new_rows for each statement execute function standings_rounds_on_group_change();

create or replace trigger standings_rounds_exemptions_insert after insert on standing_exemptions
  referencing new table as new_rows for each statement execute function standings_rounds_on_group_change();

create or replace function standings_rounds_on_scoring() returns trigger language plpgsql as $$
begin
  perform standings_rounds_refresh(array_agg(distinct p.round_id))
  from props p
  join rounds r on r.id = p.round_id
  join seasons se on se.id = r.season_id and se.ended_at is null
  where p.group_id = new.id and p.result is not null
  having count(*) > 0;
  return null;
end $$;

create or replace trigger standings_rounds_groups_scoring after update of scoring on groups
  for each row when (old.scoring is distinct from new.scoring)
  execute function standings_rounds_on_scoring();
