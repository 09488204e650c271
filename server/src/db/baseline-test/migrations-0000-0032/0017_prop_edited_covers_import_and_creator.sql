-- A prop's import status and creator are visible to members too (the props list's
-- isImported, createdBy, and what the leader may edit or settle): a sheet dropping a
-- master prop detaches its copies (is_imported false) and an account deletion nulls
-- created_by, and neither wrote an event, so open pages and the props list's ETag
-- (decision 0024) kept the old answer until the group's next event. Both now count as an
-- edit ('prop_edited'). Otherwise as in 0013.
create or replace function group_events_on_props_update() returns trigger language plpgsql as $$
declare
  olds jsonb;
  r record;
begin
  select coalesce(jsonb_object_agg(id, jsonb_build_array(result,
      jsonb_build_array(title, description, options, game_date, sport, category, is_active,
        is_imported, created_by))), '{}'::jsonb)
  into olds
  from old_rows;
  for r in
    select n.group_id, n.id, n.result, olds -> n.id::text ->> 0 as previous,
      n.result is distinct from (olds -> n.id::text ->> 0) as result_changed,
      jsonb_build_array(n.title, n.description, n.options, n.game_date, n.sport, n.category,
        n.is_active, n.is_imported, n.created_by)
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
