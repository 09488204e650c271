-- Rounds whose winners may have changed (product rules §10 'Tiebreaker'), queued in
-- round_settlements in the transaction of the write, whichever code path makes it: a
-- leader's result, the operator's master result in 500 groups (one row per round, not per
-- member), the feed's grading or a tiebreaker's figure. The round-winners job
-- (modules/seasons/round-winners.service.ts) ranks them and records their winners.
--
-- Only a round that is complete, or was, is queued: an open round has no winners to record
-- or withdraw. Archived seasons never change. A queued round's time moves to the latest
-- write (its row is updated, not left alone), so a job settling it at that moment waits
-- for the write and reads it.

create or replace function round_settlements_request(round_ids int[]) returns void
  language plpgsql as $$
begin
  insert into round_settlements as q (round_id)
  select r.id
  from rounds r
  join seasons se on se.id = r.season_id and se.ended_at is null
  where r.id = any(round_ids)
    and (r.completed_at is not null
      or not exists (select 1 from props p where p.round_id = r.id and p.result is null))
  order by r.id
  on conflict (round_id) do update set requested_at = excluded.requested_at;
end $$;

create or replace function round_winners_on_props() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform round_settlements_request(array_agg(distinct round_id))
    from new_rows where round_id is not null having count(*) > 0;
  elsif tg_op = 'DELETE' then
    perform round_settlements_request(array_agg(distinct round_id))
    from old_rows where round_id is not null having count(*) > 0;
  else
    perform round_settlements_request(array_agg(distinct x.round_id))
    from new_rows n join old_rows o on o.id = n.id
    cross join lateral (values (n.round_id), (o.round_id)) x(round_id)
    where x.round_id is not null
      and (n.result is distinct from o.result or n.round_id is distinct from o.round_id)
    having count(*) > 0;
  end if;
  return null;
end $$;

create or replace trigger round_winners_props_insert after insert on props
  referencing new table as new_rows for each statement execute function round_winners_on_props();

create or replace trigger round_winners_props_update after update on props
  referencing old table as old_rows new table as new_rows
  for each statement execute function round_winners_on_props();

create or replace trigger round_winners_props_delete after delete on props
  referencing old table as old_rows for each statement execute function round_winners_on_props();

-- A completed round's points moving without a result of its own changing: a pick on a
-- decided prop, a member joining, the scoring mode.
create or replace function round_winners_on_round_standings() returns trigger language plpgsql as $$
begin
  perform round_settlements_request(array_agg(distinct n.round_id))
  from new_rows n join rounds r on r.id = n.round_id
  where r.completed_at is not null
  having count(*) > 0;
  return null;
end $$;

create or replace trigger round_winners_round_standings_insert after insert on round_standings
  referencing new table as new_rows
  for each statement execute function round_winners_on_round_standings();

create or replace trigger round_winners_round_standings_update after update on round_standings
  referencing new table as new_rows
  for each statement execute function round_winners_on_round_standings();

-- A tiebreaker asked, removed or given its figure. Its writers (the leader, the feed's
-- games) hold no group head yet: the heads are taken first, in group order, as the job
-- takes its round's group head before the queued row (lock-order.sql).
create or replace function round_winners_on_tiebreakers() returns trigger language plpgsql as $$
declare
  g int;
  ids int[];
begin
  if tg_op = 'DELETE' then
    select array_agg(distinct round_id) into ids from old_rows;
  else
    select array_agg(distinct round_id) into ids from new_rows;
  end if;
  for g in
    select distinct r.group_id from rounds r join groups gr on gr.id = r.group_id
    where r.id = any(ids) order by r.group_id
  loop
    perform group_event_head_lock(g);
  end loop;
  perform round_settlements_request(ids);
  return null;
end $$;

create or replace trigger round_winners_tiebreakers_insert after insert on round_tiebreakers
  referencing new table as new_rows for each statement execute function round_winners_on_tiebreakers();

create or replace trigger round_winners_tiebreakers_update after update on round_tiebreakers
  referencing new table as new_rows for each statement execute function round_winners_on_tiebreakers();

create or replace trigger round_winners_tiebreakers_delete after delete on round_tiebreakers
  referencing old table as old_rows for each statement execute function round_winners_on_tiebreakers();
