-- A result's event says the standings moved with it (the client rereads the board, the
-- stats card and the home cards on 'result'), so the records a result moves no longer add a
-- 'standings' event of their own: a result writes two events, not three (each written,
-- numbered and sent to every open page). 'standings' still comes for every other change of
-- wins or losses (a late joiner's exemptions, a decided prop removed by a sheet sync, a
-- rebuild). As in 0013 and 0026 otherwise.

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

  -- The result event says these records moved (no 'standings' event for them, below).
  perform set_config('pickem.standings_by_result', 'on', true);
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
  perform set_config('pickem.standings_by_result', 'off', true);
  return null;
end $$;

--> statement-breakpoint

create or replace function group_events_on_standings() returns trigger language plpgsql as $$
declare
  records jsonb;
  gs int[];
begin
  if current_setting('pickem.standings_by_result', true) = 'on' then
    return null;
  end if;
  select coalesce(jsonb_object_agg(group_id || ':' || user_id, jsonb_build_array(wins, losses)), '{}'::jsonb)
  into records
  from old_rows;
  select array_agg(distinct n.group_id order by n.group_id)
  into gs
  from new_rows n
  where jsonb_build_array(n.wins, n.losses) is distinct from records -> (n.group_id || ':' || n.user_id);
  if gs is not null then
    perform group_events_add(gs, array_fill('standings'::text, array[cardinality(gs)]),
      array_fill('{}'::jsonb, array[cardinality(gs)]));
  end if;
  return null;
end $$;
