-- The statement triggers that pair each row's old and new version (standings on a result,
-- live events on a result and on standings) joined the two transition tables. PostgreSQL
-- has no statistics on those and PL/pgSQL keeps a statement's plan for the session, so a
-- plan made for one row (a leader's result) was reused for the operator's master result
-- reaching 500 copies: a nested loop of 500 × 500 comparisons, and 5,000 × 5,000 for the
-- standings those copies moved (npm run bench, docs/bench/explain.md). Here the old rows
-- are first gathered into a jsonb map by key and each new row looks its old one up: linear
-- whatever the plan. The standings themselves are reached through the changed props'
-- picks, standings and exemptions by index (prop_id = any(...), group_id = any(...)), so
-- no plan needs to read all picks. The scoring rule is unchanged (the same standing_*
-- functions of 0005); the property test in server/src/modules/standings checks it.

create or replace function standings_on_props_update() returns trigger language plpgsql as $$
declare
  c_ids int[];
  c_groups int[];
  c_old text[];
  c_new text[];
begin
  select array_agg(n.id order by n.group_id, n.id),
    array_agg(n.group_id order by n.group_id, n.id),
    array_agg(o.results ->> n.id::text order by n.group_id, n.id),
    array_agg(n.result order by n.group_id, n.id)
  into c_ids, c_groups, c_old, c_new
  from new_rows n, (select jsonb_object_agg(id, result) as results from old_rows) o
  where n.result is distinct from (o.results ->> n.id::text);
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
  r record;
begin
  for r in
    select n.group_id, n.id, n.result, o.olds -> n.id::text ->> 0 as previous,
      n.result is distinct from (o.olds -> n.id::text ->> 0) as result_changed,
      jsonb_build_array(n.title, n.description, n.options, n.game_date, n.sport, n.category, n.is_active)
        is distinct from (o.olds -> n.id::text -> 1) as edited
    from new_rows n, (
      select jsonb_object_agg(id, jsonb_build_array(result,
        jsonb_build_array(title, description, options, game_date, sport, category, is_active))) as olds
      from old_rows
    ) o
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
  r record;
begin
  for r in
    select distinct n.group_id
    from new_rows n, (
      select jsonb_object_agg(group_id || ':' || user_id, jsonb_build_array(wins, losses)) as records
      from old_rows
    ) o
    where jsonb_build_array(n.wins, n.losses) is distinct from o.records -> (n.group_id || ':' || n.user_id)
    order by n.group_id
  loop
    perform group_event_emit(r.group_id, 'standings', '{}'::jsonb);
  end loop;
  return null;
end $$;
