-- A result sends one live event, not two. Its activity line ('result_set' or
-- 'result_removed') is always written in the transaction that changes the prop's result,
-- whose 'result' event (group_events_on_props_update) already reaches every open page of
-- the group; the client rereads the feed on it. The line's own 'activity' event was a second
-- row to insert, number and send for each result (a seventh of a result's WAL records).
create or replace function group_events_on_activity() returns trigger language plpgsql as $$
declare
  gs int[];
  ps jsonb[];
  auds jsonb[];
begin
  select array_agg(n.group_id order by n.group_id, n.id),
    array_agg(jsonb_build_object('activityId', n.id, 'eventType', n.event_type)
      order by n.group_id, n.id),
    array_agg(case when n.event_type = 'payment_status_update' then
        to_jsonb(array_remove(array[g.leader_id, (n.event_data ->> 'targetUserId')::integer], null))
      end order by n.group_id, n.id)
  into gs, ps, auds
  from new_rows n join groups g on g.id = n.group_id
  -- A result's line comes with its prop's 'result' event, which says it (the client
  -- rereads the feed on it).
  where n.event_type not in ('result_set', 'result_removed');
  if gs is not null then
    perform group_events_add(gs, array_fill('activity'::text, array[cardinality(gs)]), ps, auds);
  end if;
  return null;
end $$;
