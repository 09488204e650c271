-- The events of a statement's rows are written in one insert. Until now the triggers of a
-- result, of the standings it moved and of its activity line called group_event_emit once
-- per row or group: four statements each (the group read, the head's insert and lock, the
-- event's insert), about a third of what a batch of results cost PostgreSQL. Same events,
-- same order (seq follows the rows as the loops did), same locks in the same order.

-- Adds the events (g, t, p, aud: one element each), unnumbered, in the order given, to the
-- groups that still exist (none to a group being deleted, as group_event_emit), holding
-- each of those groups' heads to commit, taken in group order (the lock order of 0020).
-- aud is each event's audience as a JSON array of user ids, null for everyone.
create function group_events_add(g int[], t text[], p jsonb[], aud jsonb[] default null)
  returns void language plpgsql as $$
declare
  live int[];
begin
  select array_agg(id order by id) into live from groups where id = any(g);
  if live is null then
    return;
  end if;
  insert into group_event_heads (group_id, last_id)
    select x, 0 from unnest(live) as x on conflict (group_id) do nothing;
  perform 1 from group_event_heads where group_id = any(live) order by group_id for update;
  insert into group_events (group_id, type, payload, audience)
  select e.g, e.t, e.p,
    case when e.a is null or jsonb_typeof(e.a) = 'null' then null
      else array(select jsonb_array_elements_text(e.a)::int) end
  from unnest(g, t, p, coalesce(aud, array_fill(null::jsonb, array[cardinality(g)])))
    with ordinality as e(g, t, p, a, n)
  where e.g = any(live)
  order by e.n;
end $$;
--> statement-breakpoint

-- As in 0017, one insert for the statement's 'result' and 'prop_edited' events.
create or replace function group_events_on_props_update() returns trigger language plpgsql as $$
declare
  olds jsonb;
  gs int[];
  ts text[];
  ps jsonb[];
begin
  select coalesce(jsonb_object_agg(id, jsonb_build_array(result,
      jsonb_build_array(title, description, options, game_date, sport, category, is_active,
        is_imported, created_by))), '{}'::jsonb)
  into olds
  from old_rows;
  select array_agg(e.group_id order by e.group_id, e.id, e.k),
    array_agg(e.type order by e.group_id, e.id, e.k),
    array_agg(e.payload order by e.group_id, e.id, e.k)
  into gs, ts, ps
  from (
    select n.group_id, n.id, 1 as k, 'result' as type, jsonb_build_object(
        'propId', n.id, 'result', n.result, 'previousResult', olds -> n.id::text ->> 0) as payload
    from new_rows n
    where n.result is distinct from (olds -> n.id::text ->> 0)
    union all
    select n.group_id, n.id, 2, 'prop_edited', jsonb_build_object('propId', n.id)
    from new_rows n
    where jsonb_build_array(n.title, n.description, n.options, n.game_date, n.sport, n.category,
        n.is_active, n.is_imported, n.created_by)
      is distinct from (olds -> n.id::text -> 1)
  ) e;
  if gs is not null then
    perform group_events_add(gs, ts, ps);
  end if;
  return null;
end $$;
--> statement-breakpoint

-- As in 0013, one insert for the statement's 'standings' events (one per group whose
-- wins or losses moved).
create or replace function group_events_on_standings() returns trigger language plpgsql as $$
declare
  records jsonb;
  gs int[];
begin
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
--> statement-breakpoint

-- As in 0015, one insert for the statement's 'activity' events.
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
  from new_rows n join groups g on g.id = n.group_id;
  if gs is not null then
    perform group_events_add(gs, array_fill('activity'::text, array[cardinality(gs)]), ps, auds);
  end if;
  return null;
end $$;
--> statement-breakpoint

-- As in 0024, but the sequencer reads only the events it numbers, whatever the table's
-- statistics say. Its plans are made once per connection, and the ones made while the
-- table was small (every instance's first round) scanned the whole table twenty times a
-- second for the connection's life (20 ms a round at 42,000 events kept for replay, one
-- core's fifth under the results' load): the waiting events are found through
-- group_events_unnumbered_idx (no sequential scans), their heads and the events themselves
-- by index probes (`= any(…)`), never a join over a whole table.
create or replace function group_events_number() returns int language plpgsql
  set enable_seqscan = off as $$
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
    where h.group_id = any(array(select distinct group_id from group_events where id is null))
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
    where h.group_id = any(array(select group_id from heads)) and h.group_id = c.group_id
    returning h.group_id, h.last_id
  ), done as (
    update group_events e
    set id = b.last_id - p.n + p.rn,
      payload = case when e.type = 'pick' then e.payload || jsonb_build_object('pickCount',
          (select coalesce(sum(c.count), 0) from prop_pick_counts c
           where c.prop_id = (e.payload ->> 'propId')::int))
        else e.payload end
    from pending p join bumped b using (group_id)
    where e.seq = any(array(select seq from pending)) and e.seq = p.seq
    returning e.group_id, e.id
  ), told as (
    select count(*) as numbered, pg_notify('group_events', group_id || ':' || max(id))
    from done group by group_id
  )
  select coalesce(sum(numbered), 0) into total from told;
  return total;
end $$;
