-- A new pick's confidence (product rules §10 'Confidence and lock', confidenceForNewPick in
-- shared/domain/confidence-and-lock.ts): the lowest not held by the member's other picks of
-- its round, whatever the scoring mode and whichever code path inserts it. Volatile, so a
-- statement inserting several picks of one member sees the rows it inserted before.
-- A changed pick arrives as an upsert, which fires this before its conflict is found: the
-- existing row keeps its confidence, so there is nothing to number.
create or replace function picks_confidence_on_insert() returns trigger language plpgsql as $$
declare
  round integer;
begin
  if new.confidence is not null
    or exists (select 1 from picks where user_id = new.user_id and prop_id = new.prop_id) then
    return new;
  end if;
  select round_id into round from props where id = new.prop_id;
  with held as (
    select k.confidence from picks k join props p on p.id = k.prop_id
    where k.user_id = new.user_id and k.group_id = new.group_id
      and p.round_id is not distinct from round
  )
  select min(free.confidence) into new.confidence
  from generate_series(1, 1 + (select count(*) from held)::int) as free(confidence)
  where free.confidence not in (select confidence from held where confidence is not null);
  return new;
end;
$$;

create or replace trigger picks_confidence_insert before insert on picks
  for each row execute function picks_confidence_on_insert();
