-- A new pick's confidence (product rules §10 'Confidence and lock', confidenceForNewPick in
-- shared/domain/confidence-and-lock.ts): the lowest not held by the member's other picks of
-- its round, whatever the scoring mode and whichever code path inserts it. Volatile, so a
-- statement inserting several picks of one member sees the rows it inserted before.
-- A changed pick arrives as an upsert, which fires this before its conflict is found: the
-- existing row keeps its confidence, so there is nothing to number. The member's new picks
-- are numbered one at a time (a transaction lock on the member), so two picks made at once
-- in two tabs never take the same confidence.
create or replace function picks_confidence_on_insert() returns trigger language plpgsql as $$
declare
  round integer;
begin
  if new.confidence is not null
    or exists (select 1 from picks where user_id = new.user_id and prop_id = new.prop_id) then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtext('picks_confidence'), new.user_id);
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

-- Whether a prop has locked, as lockStateOf (shared/domain/lock-state.ts) decides it.
create or replace function prop_locked(
  result text, game_date timestamptz, lock_type text, lock_value timestamptz, is_locked boolean
) returns boolean language sql stable as $$
  select result is not null
    or coalesce(least(game_date, case when lock_type = 'time' then lock_value end) <= now(), false)
    or (is_locked and (lock_type <> 'game' or game_date is null))
$$;

-- The member's confidences of the given rounds distinct and within 1 to the round's number
-- of props again, after a prop left or joined the round (renumberConfidences in
-- shared/domain/confidence-and-lock.ts): picks of locked props keep theirs; an open pick
-- keeps its own when free and in range (the lowest prop id when two share one); the others
-- take the lowest free ones, in the order of their old confidences.
create or replace function picks_confidence_renumber(round_ids integer[]) returns void
language sql volatile as $$
  with round_props as (
    select p.id, p.round_id,
      prop_locked(p.result, p.game_date, g.lock_type, g.lock_value, g.is_locked) as locked
    from props p join groups g on g.id = p.group_id
    where p.round_id = any(round_ids)
  ),
  sizes as (
    select round_id, count(*)::int as size from round_props group by round_id
  ),
  round_picks as (
    select k.id, k.user_id, r.round_id, k.confidence, r.locked,
      row_number() over (
        partition by k.user_id, r.round_id, k.confidence order by r.locked desc, k.prop_id
      ) as holder
    from picks k join round_props r on r.id = k.prop_id
  ),
  kept as (
    select k.id, k.user_id, k.round_id, k.confidence
    from round_picks k join sizes s using (round_id)
    where k.locked or (k.holder = 1 and k.confidence between 1 and s.size)
  ),
  moving as (
    select k.id, k.user_id, k.round_id,
      row_number() over (
        partition by k.user_id, k.round_id order by k.confidence nulls last, k.id
      ) as place
    from round_picks k
    where not exists (select 1 from kept where kept.id = k.id)
  ),
  free as (
    select m.user_id, m.round_id, f.confidence,
      row_number() over (partition by m.user_id, m.round_id order by f.confidence) as place
    from (select distinct user_id, round_id from moving) m
    join sizes s using (round_id)
    cross join generate_series(1, s.size) as f(confidence)
    where not exists (
      select 1 from kept
      where kept.user_id = m.user_id and kept.round_id = m.round_id
        and kept.confidence = f.confidence
    )
  )
  update picks set confidence = free.confidence
  from moving join free using (user_id, round_id, place)
  where picks.id = moving.id
$$;

create or replace function picks_confidence_on_props_delete() returns trigger
language plpgsql as $$
begin
  perform picks_confidence_renumber(array(
    select distinct round_id from gone where round_id is not null
  ));
  return null;
end;
$$;

create or replace trigger picks_confidence_props_delete after delete on props
  referencing old table as gone
  for each statement execute function picks_confidence_on_props_delete();

create or replace function picks_confidence_on_props_moved() returns trigger
language plpgsql as $$
begin
  perform picks_confidence_renumber(array[old.round_id, new.round_id]);
  return null;
end;
$$;

create or replace trigger picks_confidence_props_moved after update of game_date, round_id on props
  for each row when (old.round_id is distinct from new.round_id)
  execute function picks_confidence_on_props_moved();
