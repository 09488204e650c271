-- Set-based where 0023 looped (decision 0033). Picks now land many to a statement, so a
-- statement's pick events went through one group_event_emit call per prop, each with a
-- statement of its own; and the sequencer ran three statements per group with events to
-- number, twenty times a second (about 3 ms a round under a result load). Both now do
-- their work in one statement, with the same outcome event for event: pick events in
-- (group, prop) order with their pickers, none for a group that is gone; ids given per
-- group in written order from its head, heads a writer holds left for the next round, one
-- NOTIFY 'groupId:lastId' per group numbered.

create or replace function group_events_emit_picks(g int[], pr int[], u int[]) returns void
  language plpgsql as $$
begin
  insert into group_events (group_id, type, payload)
  select x.group_id, 'pick', jsonb_build_object(
      'propId', x.prop_id, 'userIds', to_jsonb(array_agg(distinct x.user_id order by x.user_id)))
  from unnest(g, pr, u) as x(group_id, prop_id, user_id)
  where exists (select 1 from groups where id = x.group_id)
  group by x.group_id, x.prop_id
  order by x.group_id, x.prop_id;
end $$;
--> statement-breakpoint

create or replace function group_events_number() returns int language plpgsql as $$
declare
  total int;
begin
  if not pg_try_advisory_xact_lock(hashtext('group_events_number')) then
    return 0;
  end if;
  -- A group whose events are all picks may have no head yet (a pick takes none).
  insert into group_event_heads (group_id, last_id)
  select distinct group_id, 0 from group_events where id is null order by group_id
  on conflict (group_id) do nothing;
  -- One statement, one snapshot: the events counted are the events numbered.
  with heads as materialized (
    select h.group_id from group_event_heads h
    where h.group_id in (select group_id from group_events where id is null)
    order by h.group_id
    for update skip locked
  ), pending as materialized (
    select e.seq, e.group_id,
      row_number() over (partition by e.group_id order by e.seq) as rn,
      count(*) over (partition by e.group_id) as n
    from group_events e join heads using (group_id)
    where e.id is null
  ), bumped as (
    update group_event_heads h set last_id = h.last_id + c.n
    from (select distinct group_id, n from pending) c
    where h.group_id = c.group_id
    returning h.group_id, h.last_id
  ), done as (
    update group_events e
    set id = b.last_id - p.n + p.rn,
      payload = case when e.type = 'pick' then e.payload || jsonb_build_object('pickCount',
          (select coalesce(sum(c.count), 0) from prop_pick_counts c
           where c.prop_id = (e.payload ->> 'propId')::int))
        else e.payload end
    from pending p join bumped b using (group_id)
    where e.seq = p.seq
    returning e.group_id, e.id
  ), told as (
    select count(*) as numbered, pg_notify('group_events', group_id || ':' || max(id))
    from done group by group_id
  )
  select coalesce(sum(numbered), 0) into total from told;
  return total;
end $$;
