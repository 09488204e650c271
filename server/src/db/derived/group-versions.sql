-- Versions that read caches are checked against (decision 0027): a group's is its event
-- head (group_event_heads.last_id, moved by every event: group-events.sql); the master
-- props list's is master_props_version, moved by every statement on master_props.

-- Names change what a member sees with no other event: a rename rewrites the standings'
-- display_name (no wins or losses move, so group_events_on_standings says nothing) and the
-- activity feed's actor names, and deleting an account nulls its activity rows' actor, also
-- in groups the account had already left. Both add a 'standings' event to each group
-- concerned (its members' pages refetch the board and the stats card, which show the name).
create or replace function group_events_on_user_named(u int) returns void language plpgsql as $$
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

create or replace function group_events_on_users_rename() returns trigger language plpgsql as $$
begin
  perform group_events_on_user_named(new.id);
  return null;
end $$;

create or replace trigger group_events_users_rename after update of display_name on users
  for each row when (old.display_name is distinct from new.display_name)
  execute function group_events_on_users_rename();

-- Before the delete: after it, the foreign key has already nulled the activity's actor.
create or replace function group_events_on_users_delete() returns trigger language plpgsql as $$
begin
  perform group_events_on_user_named(old.id);
  return old;
end $$;

create or replace trigger group_events_users_delete before delete on users
  for each row execute function group_events_on_users_delete();

create or replace function master_props_version_bump() returns trigger language plpgsql as $$
begin
  update master_props_version set version = version + 1 where id = 1;
  return null;
end $$;

create or replace trigger master_props_version_bump after insert or update or delete or truncate
  on master_props for each statement execute function master_props_version_bump();
