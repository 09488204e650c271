-- A round's tiebreaker linked to a game takes the game's total points when the feed marks
-- it final, or corrects a final score, unless the leader has set the figure or the round's
-- season is archived (seasons.sql). The round's ranking changes with it, so each group
-- concerned gets a 'standings' event (open pages read the board again, and the group's
-- version moves for the answers kept by it), in group order like every write that takes
-- several groups' event heads.
create or replace function round_tiebreakers_on_games_update() returns trigger language plpgsql as $$
declare
  g int;
begin
  for g in
    with finals as (
      select n.id, n.home_score + n.away_score as total
      from new_rows n
      where n.status = 'final' and n.home_score + n.away_score between 0 and 999
    ), set_actual as (
      update round_tiebreakers t set actual = f.total
      from finals f
      where t.game_id = f.id and not t.actual_by_leader and t.actual is distinct from f.total
        and not round_archived(t.round_id)
      returning t.group_id
    )
    select distinct group_id from set_actual order by group_id
  loop
    perform group_event_emit(g, 'standings', '{}'::jsonb);
  end loop;
  return null;
end $$;

create or replace trigger round_tiebreakers_on_games_update after update on games
  referencing new table as new_rows
  for each statement execute function round_tiebreakers_on_games_update();
