-- Seasons and rounds (product rules §10 'Rounds', shared/domain/rounds.ts): a group gets its
-- first season when it is created, and a prop its round when it is created or its game
-- date moves, whichever code path writes it.

-- The New York wall time of the Tuesday 00:00 that starts the week holding an instant
-- (date_trunc's weeks start on Monday, so the instant is shifted back a day first).
create or replace function round_week_start(instant timestamptz) returns timestamp
language sql stable as $$
  select date_trunc('week', (instant at time zone 'America/New_York') - interval '1 day')
    + interval '1 day'
$$;

-- The round of a season holding an instant, made on first use; an instant before the
-- season's first week counts in Week 1.
create or replace function round_in_season(season integer, instant timestamptz) returns integer
language plpgsql as $$
declare
  season_row record;
  first_week timestamp;
  week timestamp;
  week_index integer;
  round_id integer;
begin
  select id, group_id, started_at into season_row from seasons where id = season;
  if not found then
    return null;
  end if;
  first_week := round_week_start(season_row.started_at);
  week := greatest(first_week, round_week_start(instant));
  week_index := (week::date - first_week::date) / 7 + 1;
  insert into rounds (season_id, group_id, index, starts_at, ends_at)
  values (season_row.id, season_row.group_id, week_index,
          week at time zone 'America/New_York',
          (week + interval '7 days') at time zone 'America/New_York')
  on conflict (season_id, index) do nothing
  returning id into round_id;
  if round_id is null then
    select id into round_id from rounds where season_id = season_row.id and index = week_index;
  end if;
  return round_id;
end;
$$;

create or replace function rounds_on_props_write() returns trigger language plpgsql as $$
declare
  season integer;
begin
  if tg_op = 'INSERT' then
    select id into season from seasons where group_id = new.group_id and ended_at is null;
  elsif new.game_date is distinct from old.game_date or new.round_id is null then
    select season_id into season from rounds where id = old.round_id;
    if season is null then
      select id into season from seasons where group_id = new.group_id and ended_at is null;
    end if;
  else
    return new;
  end if;
  new.round_id := round_in_season(season, coalesce(new.game_date, new.created_at, now()));
  return new;
end;
$$;

create or replace trigger rounds_props_write before insert or update of game_date on props
  for each row execute function rounds_on_props_write();

create or replace function seasons_on_groups_insert() returns trigger language plpgsql as $$
begin
  insert into seasons (group_id, name, started_at)
  select id, 'Season 1', created_at from new_rows;
  return null;
end;
$$;

create or replace trigger seasons_groups_insert after insert on groups
  referencing new table as new_rows for each statement execute function seasons_on_groups_insert();
