-- One lock order for every write to a group, so two writes at the same moment wait for
-- each other instead of deadlocking (PostgreSQL cancels one of a deadlocked pair, and its
-- member gets a server error; found by the standings property test in CI):
--   1. the acting member's users row,
--   2. the group's event head (group_event_heads, held until commit: 0009),
--   3. the group's tally (group_tallies: 0005),
--   4. standing rows.
-- Within each kind, groups and users in increasing id order (every trigger already loops
-- that way). Two paths broke the order:
-- - deleting a prop locked the tally in its BEFORE trigger, and only then the head (its
--   picks' and its own events), while a join or a pick takes the head first (AFTER
--   triggers fire in name order, group_events_* before standings_*);
-- - a join took the joining user's row (for share, 0014) after the head and the tally,
--   while a rename holds that row and then takes the heads of the groups it names (0018).
-- A group's head row is created on its first event; locking it takes the row into being
-- (last_id 0 reads as "no event yet", as no row does).
create function group_event_head_lock(g int) returns void language plpgsql as $$
begin
  insert into group_event_heads (group_id, last_id) values (g, 0) on conflict (group_id) do nothing;
  perform 1 from group_event_heads where group_id = g for update;
end $$;
--> statement-breakpoint
create or replace function standings_on_props_delete() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from groups where id = old.group_id) then return old; end if;
  perform group_event_head_lock(old.group_id);
  perform 1 from group_tallies where group_id = old.group_id for update;
  delete from picks where prop_id = old.id;
  update group_tallies
  set valid_props = valid_props - (old.result is distinct from 'N/A')::int,
      decided_props = decided_props - (old.result is not null and old.result <> 'N/A')::int
  where group_id = old.group_id;
  if standing_loss(old.result, null, false) > 0 then
    update standings s set losses = s.losses - 1
    where s.group_id = old.group_id
      and not exists (
        select 1 from standing_exemptions e
        where e.group_id = s.group_id and e.user_id = s.user_id and e.prop_id = old.id
      );
  end if;
  return old;
end $$;
--> statement-breakpoint
-- Before the membership row, and so before any AFTER trigger takes the group's head: the
-- joining user's row, which 0014's share lock then already holds.
create function group_members_lock_user() returns trigger language plpgsql as $$
begin
  perform 1 from users where id = new.user_id for share;
  return new;
end $$;
--> statement-breakpoint
create trigger group_members_lock_user before insert on group_members
  for each row execute function group_members_lock_user();
