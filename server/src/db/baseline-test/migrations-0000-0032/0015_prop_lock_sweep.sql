CREATE TABLE "prop_lock_announcements" (
	"prop_id" integer PRIMARY KEY NOT NULL,
	"lock_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "groups_time_lock_value_idx" ON "groups" USING btree ("lock_value") WHERE "groups"."lock_type" = 'time';--> statement-breakpoint

-- Props locking by time (decision 0017): a game starting or a group's set time passing is no
-- write, so no trigger sees it. Every instance calls this about once a second; it finds the
-- props whose lock moment passed within `look_back`, claims each in prop_lock_announcements
-- (insert … on conflict: a second sweep, on this instance or another, claims nothing) and
-- adds one 'prop_locked' event per group, in group order as every other writer of several
-- groups. A prop already locked by the leader's flag is no news; one with a result neither.
-- A lock that moved (a new game time) is claimed again when its new moment passes.
create function group_events_sweep_prop_locks(look_back interval) returns integer
  language plpgsql as $$
declare
  r record;
  announced integer := 0;
begin
  -- One sweep at a time across instances; the others skip this round rather than wait.
  if not pg_try_advisory_xact_lock(hashtext('group_events_sweep_prop_locks')) then
    return 0;
  end if;
  delete from prop_lock_announcements where lock_at < now() - look_back * 2;
  for r in
    with candidates as (
      select p.id from props p
      where p.result is null and p.game_date > now() - look_back and p.game_date <= now()
      union
      select p.id from groups g join props p on p.group_id = g.id
      where g.lock_type = 'time' and g.lock_value > now() - look_back and g.lock_value <= now()
        and p.result is null
    ), due as (
      select p.id, p.group_id,
        least(p.game_date, case when g.lock_type = 'time' then g.lock_value end) as lock_at
      from candidates c join props p on p.id = c.id join groups g on g.id = p.group_id
      where not (g.is_locked and (g.lock_type <> 'game' or p.game_date is null))
    ), claimed as (
      insert into prop_lock_announcements as a (prop_id, lock_at)
      select id, lock_at from due
      where lock_at > now() - look_back and lock_at <= now()
      order by id
      on conflict (prop_id) do update set lock_at = excluded.lock_at
        where a.lock_at is distinct from excluded.lock_at
      returning a.prop_id
    )
    select d.group_id, array_agg(d.id order by d.id) as prop_ids
    from claimed c join due d on d.id = c.prop_id
    group by d.group_id
    order by d.group_id
  loop
    perform group_event_emit(r.group_id, 'prop_locked',
      jsonb_build_object('propIds', to_jsonb(r.prop_ids)));
    announced := announced + cardinality(r.prop_ids);
  end loop;
  return announced;
end $$;
--> statement-breakpoint

-- A payment's activity line, like its 'payment' event, goes to the leader and the member it
-- is about only (the feed shows it to no one else; lines written before targetUserId was
-- recorded reach the leader only). Other members learn nothing, not even that it happened.
create or replace function group_events_on_activity() returns trigger language plpgsql as $$
declare
  r record;
begin
  for r in
    select n.group_id, n.id, n.event_type, n.event_data, g.leader_id
    from new_rows n join groups g on g.id = n.group_id
    order by n.group_id, n.id
  loop
    perform group_event_emit(r.group_id, 'activity', jsonb_build_object(
      'activityId', r.id, 'eventType', r.event_type),
      case when r.event_type = 'payment_status_update' then
        array_remove(array[r.leader_id, (r.event_data ->> 'targetUserId')::integer], null)
      end);
  end loop;
  return null;
end $$;
