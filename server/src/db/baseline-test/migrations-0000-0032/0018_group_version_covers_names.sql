-- The group's event head (group_event_heads.last_id) is the version the read caches are
-- validated against (decision 0027): every instance compares it with its kept answers on
-- each request. Names were the one thing a member sees that could change with no event:
-- a rename rewrites the standings' display_name (no wins or losses move, so 0009's
-- standings trigger says nothing) and the activity feed's actor names, and deleting an
-- account nulls its activity rows' actor, also in groups the account had already left.
-- Both now add a 'standings' event to each group concerned (its members' pages refetch
-- the board and the stats card, which show the name).
create function group_events_on_user_named(u int) returns void language plpgsql as $$
declare
  r record;
begin
  for r in
    select group_id from group_members where user_id = u
    union
    select group_id from activity_events where actor_id = u
    order by group_id
  loop
    perform group_event_emit(r.group_id, 'standings', '{}'::jsonb);
  end loop;
end $$;
--> statement-breakpoint
create function group_events_on_users_rename() returns trigger language plpgsql as $$
begin
  perform group_events_on_user_named(new.id);
  return null;
end $$;
--> statement-breakpoint
create trigger group_events_users_rename after update of display_name on users
  for each row when (old.display_name is distinct from new.display_name)
  execute function group_events_on_users_rename();
--> statement-breakpoint
-- Before the delete: after it, the foreign key has already nulled the activity's actor.
create function group_events_on_users_delete() returns trigger language plpgsql as $$
begin
  perform group_events_on_user_named(old.id);
  return old;
end $$;
--> statement-breakpoint
create trigger group_events_users_delete before delete on users
  for each row execute function group_events_on_users_delete();
