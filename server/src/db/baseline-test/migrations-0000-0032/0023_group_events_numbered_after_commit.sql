-- Event ids are given after commit (docs/decisions/0032-event-ids-after-commit.md). Until
-- now every event's writer took its group's next id from group_event_heads and held that
-- row, and every writer sent a NOTIFY, to its commit: a group's picks committed one at a
-- time, and every notifying transaction of the database too (NOTIFY serializes commits on
-- one lock). On this machine that capped a big group near 1,000 picks a second whatever the
-- server did. Now a trigger writes its event with no id (seq keeps the order it was
-- written in) and sends nothing; the sequencer (group_events_number, below, run by every
-- instance a few times a second) numbers the committed ones, group by group, in one short
-- transaction at a time, and sends one NOTIFY per group it numbered. A stream that has seen
-- id N has still seen everything before it: ids are given only to committed events, by one
-- sequencer at a time.
ALTER TABLE "group_events" DROP CONSTRAINT "group_events_group_id_id_pk";--> statement-breakpoint
ALTER TABLE "group_events" ALTER COLUMN "id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "group_events" ADD COLUMN "seq" bigint PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "group_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE UNIQUE INDEX "group_events_group_id_id_unique" ON "group_events" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "group_events_unnumbered_idx" ON "group_events" USING btree ("group_id","seq") WHERE "group_events"."id" is null;
--> statement-breakpoint

-- Adds one event, unnumbered (null when the group is gone: a cascade from its deletion says
-- nothing). Every writer but a pick still takes its group's head row first and holds it to
-- commit: the lock order of migration 0020 (user, head, tally, standings) is kept for every
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
--> statement-breakpoint

-- A pick event says which prop and who acted; the sequencer adds how many members have
-- picked it as of its numbering (prop_pick_counts), so the last numbered event of a prop
-- carries the latest count, whatever order its writers committed in.
create or replace function group_events_emit_picks(g int[], pr int[], u int[]) returns void
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
      'propId', r.prop_id, 'userIds', to_jsonb(r.users)));
  end loop;
end $$;
--> statement-breakpoint

-- Numbers the committed events that have no id yet, group by group in group order, each
-- group's in the order they were written, and tells every instance 'groupId:lastId'. One
-- sequencer at a time (the others return 0 at once). A group whose head a writer holds is
-- left for the next round rather than waited for; a group being deleted has its head taken
-- first by its deletion (below), so it is skipped too. Returns how many it numbered.
create function group_events_number() returns int language plpgsql as $$
declare
  r record;
  numbered int;
  top bigint;
  total int := 0;
begin
  if not pg_try_advisory_xact_lock(hashtext('group_events_number')) then
    return 0;
  end if;
  for r in select distinct group_id from group_events where id is null order by group_id loop
    insert into group_event_heads (group_id, last_id) values (r.group_id, 0)
      on conflict (group_id) do nothing;
    perform 1 from group_event_heads where group_id = r.group_id for update skip locked;
    if not found then
      continue;
    end if;
    -- One statement, one snapshot: the events counted are the events numbered.
    with pending as materialized (
      select seq, row_number() over (order by seq) as rn, count(*) over () as n
      from group_events where group_id = r.group_id and id is null
    ), head as (
      update group_event_heads h set last_id = h.last_id + coalesce((select max(n) from pending), 0)
      where h.group_id = r.group_id
      returning h.last_id
    ), done as (
      update group_events e
      set id = (select last_id from head) - p.n + p.rn,
        payload = case when e.type = 'pick' then e.payload || jsonb_build_object('pickCount',
            (select coalesce(sum(c.count), 0) from prop_pick_counts c
             where c.prop_id = (e.payload ->> 'propId')::int))
          else e.payload end
      from pending p
      where e.seq = p.seq
      returning e.id
    )
    select max(id), count(*) into top, numbered from done;
    if numbered > 0 then
      perform pg_notify('group_events', r.group_id || ':' || top);
      total := total + numbered;
    end if;
  end loop;
  return total;
end $$;
--> statement-breakpoint

-- A deleted group: its head first, as the sequencer takes it (so neither waits for the
-- other holding what it needs), then its events; its streams are told directly.
create or replace function group_events_on_groups_delete() returns trigger language plpgsql as $$
begin
  delete from group_event_heads where group_id = old.id;
  delete from group_events where group_id = old.id;
  perform pg_notify('group_events', old.id || ':deleted');
  return null;
end $$;
