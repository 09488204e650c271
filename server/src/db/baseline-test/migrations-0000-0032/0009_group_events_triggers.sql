-- Live updates (docs/decisions/0017-live-updates.md): every change a member of a group can
-- see adds a row to group_events in the transaction that makes it, and tells every app
-- instance through NOTIFY (sent at commit, in commit order). The payload is only
-- 'groupId:eventId': the event itself is read from the table, so its size never meets
-- NOTIFY's 8,000-byte limit. Triggers rather than calls in each service: every write path
-- (a leader, the operator's fan-out to imported copies, a sheet sync, account deletion,
-- cascades) is covered, including ones written later.

-- Adds one event; null when the group is gone (a cascade from its deletion says nothing:
-- the group's own 'deleted' notice does). Locks the group's head row until commit, so
-- ids within a group commit in increasing order with no gaps.
create function group_event_emit(g int, t text, p jsonb, aud int[] default null)
  returns bigint language plpgsql as $$
declare
  n bigint;
begin
  if not exists (select 1 from groups where id = g) then
    return null;
  end if;
  insert into group_event_heads as h (group_id, last_id) values (g, 1)
    on conflict (group_id) do update set last_id = h.last_id + 1
    returning last_id into n;
  insert into group_events (group_id, id, type, payload, audience) values (g, n, t, p, aud);
  perform pg_notify('group_events', g || ':' || n);
  return n;
end $$;
--> statement-breakpoint

-- Picks: per prop, how many members have picked it and who just did (never what: the
-- reveal waits for the lock). A change of option alone changes no count but still says
-- who acted; an update that leaves the option as it was says nothing.
create function group_events_emit_picks(g int[], pr int[], u int[]) returns void
  language plpgsql as $$
declare
  r record;
begin
  for r in
    select x.group_id, x.prop_id, array_agg(distinct x.user_id order by x.user_id) as users
    from unnest(g, pr, u) as x(group_id, prop_id, user_id)
    group by x.group_id, x.prop_id
    order by x.group_id, x.prop_id
  loop
    perform group_event_emit(r.group_id, 'pick', jsonb_build_object(
      'propId', r.prop_id,
      'pickCount', (select count(*) from picks where prop_id = r.prop_id),
      'userIds', to_jsonb(r.users)));
  end loop;
end $$;
--> statement-breakpoint
create function group_events_on_picks() returns trigger language plpgsql as $$
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
    having count(*) > 0;
  end if;
  return null;
end $$;
--> statement-breakpoint
create trigger group_events_picks_insert after insert on picks
  referencing new table as new_rows for each statement execute function group_events_on_picks();
--> statement-breakpoint
create trigger group_events_picks_delete after delete on picks
  referencing old table as old_rows for each statement execute function group_events_on_picks();
--> statement-breakpoint
create trigger group_events_picks_update after update on picks
  referencing old table as old_rows new table as new_rows
  for each statement execute function group_events_on_picks();
--> statement-breakpoint

-- Props added (one event per group and statement: an import of 40 is one event).
create function group_events_on_props_insert() returns trigger language plpgsql as $$
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
--> statement-breakpoint
create function group_events_on_props_delete() returns trigger language plpgsql as $$
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
--> statement-breakpoint
-- A result set, changed, voided or removed: one 'result' event per prop; any other change
-- a member sees (title, description, options, game time, sport, active) is 'prop_edited'.
create function group_events_on_props_update() returns trigger language plpgsql as $$
declare
  r record;
begin
  for r in
    select n.group_id, n.id, n.result, o.result as previous,
      n.result is distinct from o.result as result_changed,
      (n.title, n.description, n.options, n.game_date, n.sport, n.category, n.is_active)
        is distinct from
        (o.title, o.description, o.options, o.game_date, o.sport, o.category, o.is_active)
        as edited
    from new_rows n join old_rows o on o.id = n.id
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
create trigger group_events_props_insert after insert on props
  referencing new table as new_rows for each statement execute function group_events_on_props_insert();
--> statement-breakpoint
create trigger group_events_props_delete after delete on props
  referencing old table as old_rows for each statement execute function group_events_on_props_delete();
--> statement-breakpoint
create trigger group_events_props_update after update on props
  referencing old table as old_rows new table as new_rows
  for each statement execute function group_events_on_props_update();
--> statement-breakpoint

-- Members joining and leaving (left, removed, account deleted); payment status goes to
-- the leader and that member only.
create function group_events_on_members() returns trigger language plpgsql as $$
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
--> statement-breakpoint
create trigger group_events_members_insert after insert on group_members
  referencing new table as new_rows for each statement execute function group_events_on_members();
--> statement-breakpoint
create trigger group_events_members_delete after delete on group_members
  referencing old table as old_rows for each statement execute function group_events_on_members();
--> statement-breakpoint
create trigger group_events_members_update after update on group_members
  referencing old table as old_rows new table as new_rows
  for each statement execute function group_events_on_members();
--> statement-breakpoint

-- Settings (name, locks, sports, who may invite...); a leader's lock says so, since it
-- locks every open prop at once.
create function group_events_on_groups_update() returns trigger language plpgsql as $$
begin
  if to_jsonb(new) is distinct from to_jsonb(old) then
    perform group_event_emit(new.id, 'settings', jsonb_build_object(
      'isLocked', new.is_locked, 'lockChanged',
      (new.is_locked, new.lock_type, new.lock_value)
        is distinct from (old.is_locked, old.lock_type, old.lock_value)));
  end if;
  return null;
end $$;
--> statement-breakpoint
create trigger group_events_groups_update after update on groups
  for each row execute function group_events_on_groups_update();
--> statement-breakpoint
-- A deleted group: its streams are told directly ('deleted' instead of an id) and its
-- events go with it.
create function group_events_on_groups_delete() returns trigger language plpgsql as $$
begin
  delete from group_events where group_id = old.id;
  delete from group_event_heads where group_id = old.id;
  perform pg_notify('group_events', old.id || ':deleted');
  return null;
end $$;
--> statement-breakpoint
create trigger group_events_groups_delete after delete on groups
  for each row execute function group_events_on_groups_delete();
--> statement-breakpoint

-- A new line in the activity feed.
create function group_events_on_activity() returns trigger language plpgsql as $$
declare
  r record;
begin
  for r in select group_id, id, event_type from new_rows order by group_id, id loop
    perform group_event_emit(r.group_id, 'activity', jsonb_build_object(
      'activityId', r.id, 'eventType', r.event_type));
  end loop;
  return null;
end $$;
--> statement-breakpoint
create trigger group_events_activity_insert after insert on activity_events
  referencing new table as new_rows for each statement execute function group_events_on_activity();
--> statement-breakpoint

-- Standings: only when wins or losses move (a result); a pick's pending count alone is
-- already told by its 'pick' event.
create function group_events_on_standings() returns trigger language plpgsql as $$
declare
  r record;
begin
  for r in
    select distinct n.group_id
    from new_rows n join old_rows o on o.group_id = n.group_id and o.user_id = n.user_id
    where (n.wins, n.losses) is distinct from (o.wins, o.losses)
    order by n.group_id
  loop
    perform group_event_emit(r.group_id, 'standings', '{}'::jsonb);
  end loop;
  return null;
end $$;
--> statement-breakpoint
create trigger group_events_standings_update after update on standings
  referencing old table as old_rows new table as new_rows
  for each statement execute function group_events_on_standings();
--> statement-breakpoint

-- A session ended (sign-out, expiry sweep, account deletion): its streams close.
create function group_events_on_sessions_delete() returns trigger language plpgsql as $$
begin
  perform pg_notify('session_ended', old.token_hash);
  return null;
end $$;
--> statement-breakpoint
create trigger group_events_sessions_delete after delete on sessions
  for each row execute function group_events_on_sessions_delete();
