-- A prop's game link and whether a person's result overrides the feed's are on its card:
-- a change of either alone (a return to automatic that keeps the result) is a
-- 'prop_edited' event too, so open pages and the props list's version follow.
create or replace function group_events_on_props_update() returns trigger language plpgsql as $$
declare
  gs int[];
  ts text[];
  ps jsonb[];
begin
  select array_agg(e.group_id order by e.group_id, e.id, e.k),
    array_agg(e.type order by e.group_id, e.id, e.k),
    array_agg(e.payload order by e.group_id, e.id, e.k)
  into gs, ts, ps
  from new_rows n
  join old_rows o on o.id = n.id
  cross join lateral (
    select n.group_id, n.id, 1 as k, 'result' as type, jsonb_build_object(
        'propId', n.id, 'result', n.result, 'previousResult', o.result) as payload
    where n.result is distinct from o.result
    union all
    select n.group_id, n.id, 2, 'prop_edited', jsonb_build_object('propId', n.id)
    where (n.title, n.description, n.options, n.game_date, n.sport, n.category, n.is_active,
        n.is_imported, n.created_by, n.game_id, n.market, n.line, n.team, n.result_overridden)
      is distinct from (o.title, o.description, o.options, o.game_date, o.sport, o.category,
        o.is_active, o.is_imported, o.created_by, o.game_id, o.market, o.line, o.team,
        o.result_overridden)
  ) e;
  if gs is not null then
    perform group_events_add(gs, ts, ps);
  end if;
  return null;
end $$;

create or replace trigger group_events_props_update after update on props
  referencing old table as old_rows new table as new_rows
  for each statement execute function group_events_on_props_update();
