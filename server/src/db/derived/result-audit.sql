-- The group's audit trail (product rules §4 'Audit trail') from the activity lines every
-- result change and every pick reset already writes in its own transaction, whichever
-- code path makes it: the leader's results (both paths), the operator's fan-out to the
-- copies, the feed's grading, a sheet sync's line change. An actor-less line is the feed's.
create or replace function result_audit_on_activity() returns trigger language plpgsql as $$
begin
  insert into result_audit (group_id, prop_id, master_prop_id, title, actor_id, actor_kind,
    kind, from_result, from_label, to_result, to_label, reason, picks_reset, created_at)
  select n.group_id, n.prediction_id, p.master_prop_id, n.event_data ->> 'title', n.actor_id,
    case when n.actor_id is null then 'feed' else 'user' end,
    case
      when n.event_type = 'line_changed' then 'pick_reset'
      when n.event_data ->> 'mode' = 'override' then 'overridden'
      when n.event_data ->> 'mode' = 'automatic' then 'automatic'
      when n.event_type = 'result_removed' then 'result_removed'
      when n.event_data ->> 'result' = 'N/A' then 'result_voided'
      when n.event_data ? 'previousResult' then 'result_changed'
      else 'result_set'
    end,
    case when n.event_type = 'line_changed' then null
      else nullif(n.event_data ->> 'previousResult', '') end,
    case when n.event_type = 'line_changed' then
        (select string_agg(o, ' / ') from jsonb_array_elements_text(n.event_data -> 'previousOptions') o)
      else nullif(n.event_data ->> 'previousResultLabel', '') end,
    n.event_data ->> 'result',
    case when n.event_type = 'line_changed' then
        (select string_agg(o, ' / ') from jsonb_array_elements_text(n.event_data -> 'options') o)
      else n.event_data ->> 'resultLabel' end,
    n.event_data ->> 'reason',
    (n.event_data ->> 'picksReset')::integer,
    n.created_at
  from new_rows n
  left join props p on p.id = n.prediction_id
  where n.event_type in ('result_set', 'result_removed')
    or (n.event_type = 'line_changed' and (n.event_data ->> 'picksReset')::integer > 0);
  return null;
end $$;

create or replace trigger result_audit_on_activity after insert on activity_events
  referencing new table as new_rows
  for each statement execute function result_audit_on_activity();
