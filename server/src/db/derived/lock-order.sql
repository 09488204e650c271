-- One lock order for every write to a group, so two writes at the same moment wait for
-- each other instead of deadlocking (PostgreSQL would cancel one of a deadlocked pair):
--   1. the acting member's users row,
--   2. the group's event head (group_event_heads, held until commit: group-events.sql),
--   3. the group's tally (group_tallies: standings.sql),
--   4. standing rows.
-- Within each kind, groups and users in increasing id order. AFTER triggers fire in name
-- order, group_events_* before standings_*; a prop's deletion (a BEFORE trigger) takes the
-- head itself before the tally (standings_on_props_delete), and a join takes the joining
-- user's row before anything else (below), as a rename holds that row and then takes the
-- heads of the groups it names (group-versions.sql).

-- Before the membership row, and so before any AFTER trigger takes the group's head: the
-- joining user's row, which standings_on_members' share lock then already holds.
create or replace function group_members_lock_user() returns trigger language plpgsql as $$
begin
  perform 1 from users where id = new.user_id for share;
  return new;
end $$;

create or replace trigger group_members_lock_user before insert on group_members
  for each row execute function group_members_lock_user();
