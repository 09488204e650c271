-- 0010 gathered each statement's old rows into a jsonb map inside the query that reads the
-- new rows. PL/pgSQL keeps a statement's plan for the session, and a plan made for a
-- one-row update (a leader's result) puts that aggregate on the inner side of a nested
-- loop: for the operator's master result reaching 500 copies (5,000 standings) the map
-- was rebuilt once per new row (npm run bench --explain: 63 s for one statement). Here
-- each map is built once into a variable before the query that reads it, so the work is
-- linear in the rows whatever plan is cached. Same results as 0010, statement for
-- statement; the standings property test and the live tests check them.

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

  with c as (
    select * from unnest(c_ids, c_groups, c_old, c_new) as c(id, group_id, old_result, new_result)
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
    join (select group_id, user_id from standings where group_id = any(c_groups)) s
      on s.group_id = c.group_id
    left join (select prop_id, user_id, selected_option from picks where prop_id = any(c_ids)) k
      on k.prop_id = c.id and k.user_id = s.user_id
    left join (select group_id, user_id, prop_id from standing_exemptions where prop_id = any(c_ids)) e
      on e.group_id = s.group_id and e.user_id = s.user_id and e.prop_id = c.id
    group by s.group_id, s.user_id
  )
  update standings s
  set wins = s.wins + d.w, losses = s.losses + d.l, pending = s.pending + d.pe,
      picks_made = s.picks_made + d.m
  from d
  where s.group_id = any(c_groups) and s.group_id = d.group_id and s.user_id = d.user_id
    and (d.w, d.l, d.pe, d.m) <> (0, 0, 0, 0);
  return null;
end $$;
--> statement-breakpoint

create or replace function group_events_on_props_update() returns trigger language plpgsql as $$
declare
  olds jsonb;
  r record;
begin
  select coalesce(jsonb_object_agg(id, jsonb_build_array(result,
      jsonb_build_array(title, description, options, game_date, sport, category, is_active))), '{}'::jsonb)
  into olds
  from old_rows;
  for r in
    select n.group_id, n.id, n.result, olds -> n.id::text ->> 0 as previous,
      n.result is distinct from (olds -> n.id::text ->> 0) as result_changed,
      jsonb_build_array(n.title, n.description, n.options, n.game_date, n.sport, n.category, n.is_active)
        is distinct from (olds -> n.id::text -> 1) as edited
    from new_rows n
    order by n.group_id, n.id
  loop
    if r.result_changed then
      perform group_event_emit(r.group_id, 'result', jsonb_build_object(
        'propId', r.id, 'result', r.result, 'previousResult', r.previous));
    end if;
    if r.edited then
      perform group_event_emit(r.group_id, 'prop_edited', jsonb_build_object('propId', r.id));
    end if;
  end loop;
  return null;
end $$;
--> statement-breakpoint

create or replace function group_events_on_standings() returns trigger language plpgsql as $$
declare
  records jsonb;
  r record;
begin
  select coalesce(jsonb_object_agg(group_id || ':' || user_id, jsonb_build_array(wins, losses)), '{}'::jsonb)
  into records
  from old_rows;
  for r in
    select distinct n.group_id
    from new_rows n
    where jsonb_build_array(n.wins, n.losses) is distinct from records -> (n.group_id || ':' || n.user_id)
    order by n.group_id
  loop
    perform group_event_emit(r.group_id, 'standings', '{}'::jsonb);
  end loop;
  return null;
end $$;
