DROP INDEX "standings_rank_idx";--> statement-breakpoint
ALTER TABLE "standings" ADD COLUMN "ranked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "standings" ADD COLUMN "board_wins" integer GENERATED ALWAYS AS (case when ranked then wins end) STORED;--> statement-breakpoint
ALTER TABLE "standings" ADD COLUMN "board_win_rate" double precision GENERATED ALWAYS AS (case when ranked then case when wins + losses = 0 then 0 else wins::float8 / (wins + losses) end end) STORED;--> statement-breakpoint
CREATE INDEX "standings_board_idx" ON "standings" USING btree ("group_id","board_wins" desc,"board_win_rate" desc,lower("display_name"),"user_id") WHERE "standings"."ranked";--> statement-breakpoint

-- Ranked boards (docs/decisions/0034-ranked-boards.md). Every result rewrites the record of
-- each member of its group, and the board index held wins: no update of a standing could
-- be a HOT update, so each one wrote three index entries and left its old entries behind
-- (about 0.4 ms of PostgreSQL a result in a ten-member group, growing with every dead
-- entry while autovacuum had not come by). Now only a group with standings_ranked
-- contestants keeps its rows in the board index, on board_wins and board_win_rate (its
-- wins and win rate, null elsewhere); a smaller group's records change in place, and its
-- board is sorted from its few rows.
create function standings_ranked(contestants int) returns boolean
  language sql immutable as $$ select contestants >= 50 $$;
--> statement-breakpoint
update standings s set ranked = true
from group_tallies t
where t.group_id = s.group_id and standings_ranked(t.contestants);
--> statement-breakpoint
-- Room on each page for a record's new version, so the update stays on its page.
alter table standings set (fillfactor = 80);
--> statement-breakpoint

-- A group's contestants crossing the line ranks or unranks every one of its rows, under the
-- tally's lock (the order of migration 0020: tally, then standings).
create function standings_on_tallies_ranked() returns trigger language plpgsql as $$
begin
  update standings set ranked = standings_ranked(new.contestants) where group_id = new.group_id;
  return null;
end $$;
--> statement-breakpoint
create trigger standings_tallies_ranked after update of contestants on group_tallies
  for each row when (standings_ranked(old.contestants) <> standings_ranked(new.contestants))
  execute function standings_on_tallies_ranked();
--> statement-breakpoint

-- As in 0014, but the contestants are counted first, so a new member's row is ranked as
-- the rest of its group's are once the count includes them.
create or replace function standings_on_members() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform 1 from group_tallies where group_id in (select group_id from new_rows)
      order by group_id for update;
    perform 1 from users where id in (select user_id from new_rows where is_contestant)
      order by id for share;
    update group_tallies t set contestants = t.contestants + x.n
    from (select group_id, count(*)::int as n from new_rows where is_contestant group by group_id) x
    where t.group_id = x.group_id;
    insert into standings (group_id, user_id, losses, display_name, ranked)
    select m.group_id, m.user_id,
      coalesce((select sum(standing_loss(p.result, null, false)) from props p
                where p.group_id = m.group_id), 0),
      u.display_name, standings_ranked(t.contestants)
    from new_rows m
    join users u on u.id = m.user_id
    join group_tallies t on t.group_id = m.group_id
    where m.is_contestant;
  else
    update group_tallies t set contestants = t.contestants - x.n
    from (select group_id, count(*)::int as n from old_rows where is_contestant group by group_id) x
    where t.group_id = x.group_id;
  end if;
  return null;
end $$;
