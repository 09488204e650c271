-- Live events (docs/decisions/0017-live-updates.md): every change an open group
-- page must hear about adds a row to group_events in the writing transaction. The events
-- are added unnumbered; group_events_number, called by every instance's event hub
-- (server/src/modules/live/event-hub.ts), numbers them per group after commit, moves the
-- group's head (group_event_heads.last_id, the group's version that read caches are
-- checked against: server/src/db/group-versions.ts) and notifies 'group_events'.
-- Triggers on a table fire in name order: group_events_* before prop_pick_counts_* and
-- standings_*, so a write holds its group's head before the tally (lock-order.sql).

-- A group's head row is created on its first event; locking it takes the row into being
-- (last_id 0 reads as "no event yet", as no row does).
create or replace function group_event_head_lock(g int) returns void language plpgsql as $$
begin
  insert into group_event_heads (group_id, last_id) values (g, 0) on conflict (group_id) do nothing;
  perform 1 from group_event_heads where group_id = g for update;
end $$;

-- Adds one event, unnumbered (null when the group is gone: a cascade from its deletion says
-- nothing). Every writer but a pick still takes its group's head row first and holds it to
-- commit: the lock order (user, head, tally, standings: lock-order.sql) is kept for every
-- write that changes the group's shape. A pick's statement takes its group, membership and
-- prop for share instead, which conflicts with each of those writes before any other lock.
create or replace function group_event_emit(g int, t text, p jsonb, aud int[] default null)
  returns bigint language plpgsql as $$
declare
  n bigint;
begin
  if not exists (select 1 from groups where id = g) then
    return null;
  end if;
  if t <> 'pick' then
    perform group_event_head_lock(g);
  end if;
  insert into group_events (group_id, type, payload, audience) values (g, t, p, aud)
    returning seq into n;
  return n;
end $$;

-- Adds the events (g, t, p, aud: one element each), unnumbered, in the order given, to the
-- groups that still exist (none to a group being deleted, as group_event_emit), holding
-- each of those groups' heads to commit, taken in group order (lock-order.sql).
-- aud is each event's audience as a JSON array of user ids, null for everyone.
create or replace function group_events_add(g int[], t text[], p jsonb[], aud jsonb[] default null)
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

-- Numbers the waiting events per group and notifies each group's streams. It reads only the
-- events it numbers, whatever the table's statistics say: its plans are made once per
-- connection, often while the table is small, so the waiting events are found through
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

-- A result sends one live event, not two. Its activity line ('result_set' or
-- 'result_removed') is always written in the transaction that changes the prop's result,
-- whose 'result' event (group_events_on_props_update) already reaches every open page of
-- the group; the client rereads the feed on it.
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

create or replace trigger group_events_activity_insert after insert on activity_events
  referencing new table as new_rows for each statement execute function group_events_on_activity();

-- Settings (name, locks, sports, who may invite...); a leader's lock says so, since it
-- locks every open prop at once.
create or replace function group_events_on_groups_update() returns trigger language plpgsql as $$
begin
  if to_jsonb(new) is distinct from to_jsonb(old) then
    perform group_event_emit(new.id, 'settings', jsonb_build_object(
      'isLocked', new.is_locked, 'lockChanged',
      (new.is_locked, new.lock_type, new.lock_value)
        is distinct from (old.is_locked, old.lock_type, old.lock_value)));
  end if;
  return null;
end $$;

create or replace trigger group_events_groups_update after update on groups
  for each row execute function group_events_on_groups_update();

-- A deleted group: its head first, as the sequencer takes it (so neither waits for the
-- other holding what it needs), then its events; its streams are told directly.
create or replace function group_events_on_groups_delete() returns trigger language plpgsql as $$
begin
  delete from group_event_heads where group_id = old.id;
  delete from group_events where group_id = old.id;
  perform pg_notify('group_events', old.id || ':deleted');
  return null;
end $$;

create or replace trigger group_events_groups_delete after delete on groups
  for each row execute function group_events_on_groups_delete();

-- Members joining and leaving (left, removed, account deleted); payment status goes to
-- the leader and that member only.
create or replace function group_events_on_members() returns trigger language plpgsql as $$
declare
  r record;
begin
  if tg_op = 'INSERT' then
    for r in select group_id, user_id from new_rows order by group_id, user_id loop
      perform group_event_emit(r.group_id, 'member_joined', jsonb_build_object('userId', r.user_id));
    end loop;
  elsif tg_op = 'DELETE' then
    for r in select group_id, user_id from old_rows order by group_id, user_id loop
      perform group_event_emit(r.group_id, 'member_left', jsonb_build_object('userId', r.user_id));
    end loop;
  else
    for r in
      select n.group_id, n.user_id, n.is_paid, g.leader_id
      from new_rows n join old_rows o on o.group_id = n.group_id and o.user_id = n.user_id
      join groups g on g.id = n.group_id
      where n.is_paid is distinct from o.is_paid
      order by n.group_id, n.user_id
    loop
      perform group_event_emit(r.group_id, 'payment', jsonb_build_object(
        'userId', r.user_id, 'isPaid', r.is_paid), array[r.leader_id, r.user_id]);
    end loop;
  end if;
  return null;
end $$;

create or replace trigger group_events_members_insert after insert on group_members
  referencing new table as new_rows for each statement execute function group_events_on_members();

create or replace trigger group_events_members_update after update on group_members
  referencing old table as old_rows new table as new_rows
  for each statement execute function group_events_on_members();

create or replace trigger group_events_members_delete after delete on group_members
  referencing old table as old_rows for each statement execute function group_events_on_members();

create or replace function group_events_on_picks() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform group_events_emit_picks(array_agg(group_id), array_agg(prop_id), array_agg(user_id))
    from new_rows having count(*) > 0;
  elsif tg_op = 'DELETE' then
    perform group_events_emit_picks(array_agg(group_id), array_agg(prop_id), array_agg(user_id))
    from old_rows having count(*) > 0;
  else
    perform group_events_emit_picks(array_agg(n.group_id), array_agg(n.prop_id), array_agg(n.user_id))
    from new_rows n join old_rows o on o.id = n.id
    where n.selected_option is distinct from o.selected_option
      or n.confidence is distinct from o.confidence or n.is_lock is distinct from o.is_lock
    having count(*) > 0;
  end if;
  return null;
end $$;

create or replace trigger group_events_picks_insert after insert on picks
  referencing new table as new_rows for each statement execute function group_events_on_picks();

create or replace trigger group_events_picks_update after update on picks
  referencing old table as old_rows new table as new_rows
  for each statement execute function group_events_on_picks();

create or replace trigger group_events_picks_delete after delete on picks
  referencing old table as old_rows for each statement execute function group_events_on_picks();

-- Props added (one event per group and statement: an import of 40 is one event).
create or replace function group_events_on_props_insert() returns trigger language plpgsql as $$
declare
  r record;
begin
  for r in
    select group_id, array_agg(id order by id) as ids from new_rows group by group_id order by group_id
  loop
    perform group_event_emit(r.group_id, 'prop_added', jsonb_build_object('propIds', to_jsonb(r.ids)));
  end loop;
  return null;
end $$;

create or replace trigger group_events_props_insert after insert on props
  referencing new table as new_rows for each statement execute function group_events_on_props_insert();

create or replace function group_events_on_props_delete() returns trigger language plpgsql as $$
declare
  r record;
begin
  for r in
    select group_id, array_agg(id order by id) as ids from old_rows group by group_id order by group_id
  loop
    perform group_event_emit(r.group_id, 'prop_deleted', jsonb_build_object('propIds', to_jsonb(r.ids)));
  end loop;
  return null;
end $$;

create or replace trigger group_events_props_delete after delete on props
  referencing old table as old_rows for each statement execute function group_events_on_props_delete();

-- A 'standings' event for each group where a record's wins or losses moved, except while
-- standings_on_props_update applies a result (pickem.standings_by_result is 'on'): the
-- prop's 'result' event says it then.
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

create or replace trigger group_events_standings_update after update on standings
  referencing old table as old_rows new table as new_rows
  for each statement execute function group_events_on_standings();

-- A session ended (sign-out, expiry sweep, account deletion): its streams close.
create or replace function group_events_on_sessions_delete() returns trigger language plpgsql as $$
begin
  perform pg_notify('session_ended', old.token_hash);
  return null;
end $$;

create or replace trigger group_events_sessions_delete after delete on sessions
  for each row execute function group_events_on_sessions_delete();
