DROP TRIGGER IF EXISTS "standings_tallies_ranked" ON "group_tallies";--> statement-breakpoint
DROP FUNCTION IF EXISTS standings_on_tallies_ranked();--> statement-breakpoint
DROP FUNCTION IF EXISTS standings_ranked(int);--> statement-breakpoint
DROP INDEX "standings_board_idx";--> statement-breakpoint
ALTER TABLE "standings" DROP COLUMN "board_wins";--> statement-breakpoint
ALTER TABLE "standings" DROP COLUMN "board_win_rate";--> statement-breakpoint
ALTER TABLE "standings" DROP COLUMN "win_rate";--> statement-breakpoint
ALTER TABLE "standings" DROP COLUMN "ranked";
