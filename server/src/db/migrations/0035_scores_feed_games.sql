CREATE TABLE "feed_payloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"day" text NOT NULL,
	"sha256" text NOT NULL,
	"body" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"feed_event_id" text NOT NULL,
	"home_abbreviation" text NOT NULL,
	"home_name" text NOT NULL,
	"away_abbreviation" text NOT NULL,
	"away_name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"home_score" integer,
	"away_score" integer,
	"period" integer,
	"clock" text,
	"detail" text,
	"home_spread" numeric(6, 1),
	"total" numeric(6, 1),
	"fetched_at" timestamp with time zone NOT NULL,
	"missing_from_feed" boolean DEFAULT false NOT NULL,
	"graded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_status_check" CHECK ("games"."status" in ('scheduled', 'in_progress', 'final', 'postponed', 'canceled', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "scores_feed_status" (
	"sport" text PRIMARY KEY NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_logged_at" timestamp with time zone,
	"schedule_fetched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "master_props" ADD COLUMN "game_id" integer;--> statement-breakpoint
ALTER TABLE "master_props" ADD COLUMN "market" text;--> statement-breakpoint
ALTER TABLE "master_props" ADD COLUMN "line" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "master_props" ADD COLUMN "team" text;--> statement-breakpoint
ALTER TABLE "master_props" ADD COLUMN "result_overridden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "props" ADD COLUMN "game_id" integer;--> statement-breakpoint
ALTER TABLE "props" ADD COLUMN "market" text;--> statement-breakpoint
ALTER TABLE "props" ADD COLUMN "line" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "props" ADD COLUMN "team" text;--> statement-breakpoint
ALTER TABLE "props" ADD COLUMN "result_overridden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_payloads_day_hash_unique" ON "feed_payloads" USING btree ("sport","day","sha256");--> statement-breakpoint
CREATE INDEX "feed_payloads_fetched_at_idx" ON "feed_payloads" USING btree ("fetched_at");--> statement-breakpoint
CREATE UNIQUE INDEX "games_sport_event_unique" ON "games" USING btree ("sport","feed_event_id");--> statement-breakpoint
CREATE INDEX "games_sport_starts_at_idx" ON "games" USING btree ("sport","starts_at");--> statement-breakpoint
CREATE INDEX "games_unsettled_idx" ON "games" USING btree ("status","starts_at") WHERE "games"."graded_at" is null;--> statement-breakpoint
ALTER TABLE "master_props" ADD CONSTRAINT "master_props_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "props" ADD CONSTRAINT "props_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "master_props_game_id_idx" ON "master_props" USING btree ("game_id") WHERE "master_props"."game_id" is not null;--> statement-breakpoint
CREATE INDEX "props_game_id_idx" ON "props" USING btree ("game_id") WHERE "props"."game_id" is not null;--> statement-breakpoint
ALTER TABLE "master_props" ADD CONSTRAINT "master_props_game_market_check" CHECK (("master_props"."game_id" is null) = ("master_props"."market" is null)
      and ("master_props"."market" is null or "master_props"."market" in ('winner', 'spread', 'total', 'team_total')));--> statement-breakpoint
ALTER TABLE "master_props" ADD CONSTRAINT "master_props_game_line_check" CHECK ("master_props"."market" is null or "master_props"."market" = 'winner' or "master_props"."line" is not null);--> statement-breakpoint
ALTER TABLE "master_props" ADD CONSTRAINT "master_props_game_team_check" CHECK (coalesce("master_props"."market" = 'team_total', false) = ("master_props"."team" is not null)
      and ("master_props"."team" is null or "master_props"."team" in ('home', 'away')));--> statement-breakpoint
ALTER TABLE "props" ADD CONSTRAINT "props_game_market_check" CHECK (("props"."game_id" is null) = ("props"."market" is null)
      and ("props"."market" is null or "props"."market" in ('winner', 'spread', 'total', 'team_total')));--> statement-breakpoint
ALTER TABLE "props" ADD CONSTRAINT "props_game_line_check" CHECK ("props"."market" is null or "props"."market" = 'winner' or "props"."line" is not null);--> statement-breakpoint
ALTER TABLE "props" ADD CONSTRAINT "props_game_team_check" CHECK (coalesce("props"."market" = 'team_total', false) = ("props"."team" is not null)
      and ("props"."team" is null or "props"."team" in ('home', 'away')));