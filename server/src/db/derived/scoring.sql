-- The scoring rule on the database's side: what one (member, prop) pair adds to the
-- member's record. The TypeScript side is shared/domain/group-stats.ts (pickOutcomeOf,
-- memberRecordOf); the property test in server/src/modules/standings/ checks every stored
-- record against it. `sel` is null when the member did not pick; `exempt` is true when the
-- prop was already locked when they joined. Nothing else in SQL states the rule: the
-- standings triggers and the rebuild command add these up.
create or replace function standing_win(result text, sel text) returns int
  language sql immutable parallel safe
  as $$ select (result is not null and result <> 'N/A' and sel is not null and sel = result)::int $$;

create or replace function standing_loss(result text, sel text, exempt boolean) returns int
  language sql immutable parallel safe
  as $$ select (result is not null and result <> 'N/A'
    and (sel is distinct from result) and (sel is not null or not exempt))::int $$;

create or replace function standing_pending(result text, sel text) returns int
  language sql immutable parallel safe
  as $$ select (result is null and sel is not null)::int $$;

create or replace function standing_pick(result text, sel text) returns int
  language sql immutable parallel safe
  as $$ select (result is distinct from 'N/A' and sel is not null)::int $$;

-- What a pick earns under the group's scoring mode (shared/domain/scoring-modes.ts,
-- pointsOfPick): nothing unless it wins; then its confidence, 2 for a lock, else 1.
create or replace function standing_points(result text, sel text, mode text, confidence int,
  is_lock boolean) returns int
  language sql immutable parallel safe
  as $$ select case when standing_win(result, sel) = 0 then 0
    when mode = 'confidence' then coalesce(confidence, 1)
    when mode = 'lock' and is_lock then 2
    else 1 end $$;
