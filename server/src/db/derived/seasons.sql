-- An archived season is read-only for as long as its group exists (product rules §10
-- 'Seasons'): its props keep their results, options and rounds whichever code path writes,
-- so its archived board, winners and champions stay true. The API refuses such a change
-- with its reason (409); a statement over many groups (the operator's master result, the
-- feed's grading) leaves an archived copy as it is and carries on with the others.

create or replace function round_archived(round integer) returns boolean
language sql stable as $$
  select exists (
    select 1 from rounds r join seasons se on se.id = r.season_id
    where r.id = round and se.ended_at is not null)
$$;

create or replace function props_keep_archived() returns trigger language plpgsql as $$
begin
  if old.round_id is not null and round_archived(old.round_id) then
    return null;
  end if;
  return new;
end $$;

-- Named to fire before the other BEFORE UPDATE triggers of props (name order). Every prop
-- of an archived season has a result, so a first result (the common write) skips it.
create or replace trigger props_archived_unchanged before update on props
  for each row when (old.result is not null) execute function props_keep_archived();
