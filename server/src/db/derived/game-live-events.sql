-- A game the feed updates (score, period, clock, status, start) reaches every open page of
-- each group holding a prop linked to it: one 'game' event per group and game, carrying
-- the game as the card shows it, so pages patch their cards without reading the props again.
create or replace function group_events_on_games_update() returns trigger language plpgsql as $$
declare
  gs int[];
  ps jsonb[];
begin
  select array_agg(x.group_id order by x.group_id, x.game_id),
    array_agg(x.payload order by x.group_id, x.game_id)
  into gs, ps
  from (
    select distinct l.group_id, n.id as game_id, jsonb_build_object(
        'gameId', n.id, 'status', n.status,
        'startsAt', to_char(n.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'period', n.period, 'clock', n.clock, 'detail', n.detail,
        'homeScore', n.home_score, 'awayScore', n.away_score) as payload
    from new_rows n
    join old_rows o on o.id = n.id
    join props l on l.game_id = n.id
    where (n.status, n.home_score, n.away_score, n.period, n.clock, n.detail, n.starts_at)
      is distinct from (o.status, o.home_score, o.away_score, o.period, o.clock, o.detail, o.starts_at)
  ) x;
  if gs is not null then
    perform group_events_add(gs, array_fill('game'::text, array[cardinality(gs)]), ps);
  end if;
  return null;
end $$;

create or replace trigger group_events_on_games_update after update on games
  referencing old table as old_rows new table as new_rows
  for each statement execute function group_events_on_games_update();
