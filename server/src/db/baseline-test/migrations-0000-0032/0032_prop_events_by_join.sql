-- The props' update events (0026) found each row's old version through a JSON object of
-- every old row (its result and nine columns, options included) built on each statement:
-- a third of a millisecond of every results statement (22 props), spent on the
-- statements that many requests wait on (decision 0035). The old and new rows are now
-- joined by id and compared as rows. Same events, same order.
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
        n.is_imported, n.created_by)
      is distinct from (o.title, o.description, o.options, o.game_date, o.sport, o.category,
        o.is_active, o.is_imported, o.created_by)
  ) e;
  if gs is not null then
    perform group_events_add(gs, ts, ps);
  end if;
  return null;
end $$;
