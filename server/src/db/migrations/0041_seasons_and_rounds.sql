CREATE TABLE "round_standings" (
	"round_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "round_standings_round_id_user_id_pk" PRIMARY KEY("round_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "round_winners" (
	"round_id" integer NOT NULL,
	"user_id" integer,
	"display_name" text NOT NULL,
	"points" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"index" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "rounds_index_positive" CHECK ("rounds"."index" >= 1)
);
--> statement-breakpoint
CREATE TABLE "season_standings" (
	"season_id" integer NOT NULL,
	"user_id" integer,
	"display_name" text NOT NULL,
	"rank" integer NOT NULL,
	"points" integer NOT NULL,
	"points_before_drop" integer NOT NULL,
	"wins" integer NOT NULL,
	"losses" integer NOT NULL,
	"round_wins" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"champions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "seasons_name_length" CHECK (char_length("seasons"."name") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "scoring" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "drop_worst_rounds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "picks" ADD COLUMN "confidence" integer;--> statement-breakpoint
ALTER TABLE "picks" ADD COLUMN "is_lock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "props" ADD COLUMN "round_id" integer;--> statement-breakpoint
ALTER TABLE "standings" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "round_standings" ADD CONSTRAINT "round_standings_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_standings" ADD CONSTRAINT "round_standings_member_fk" FOREIGN KEY ("group_id","user_id") REFERENCES "public"."group_members"("group_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_winners" ADD CONSTRAINT "round_winners_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_winners" ADD CONSTRAINT "round_winners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_standings" ADD CONSTRAINT "season_standings_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_standings" ADD CONSTRAINT "season_standings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "round_standings_group_user_idx" ON "round_standings" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "round_winners_round_id_idx" ON "round_winners" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "round_winners_user_id_idx" ON "round_winners" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_season_index_unique" ON "rounds" USING btree ("season_id","index");--> statement-breakpoint
CREATE INDEX "rounds_group_id_idx" ON "rounds" USING btree ("group_id","starts_at");--> statement-breakpoint
CREATE INDEX "season_standings_season_idx" ON "season_standings" USING btree ("season_id","rank");--> statement-breakpoint
CREATE INDEX "season_standings_user_id_idx" ON "season_standings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "seasons_group_id_idx" ON "seasons" USING btree ("group_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_current_unique" ON "seasons" USING btree ("group_id") WHERE "seasons"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "props" ADD CONSTRAINT "props_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "props_round_id_idx" ON "props" USING btree ("round_id");--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_scoring_check" CHECK ("groups"."scoring" in ('standard', 'confidence', 'lock'));--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_drop_worst_rounds_check" CHECK ("groups"."drop_worst_rounds" between 0 and 4);--> statement-breakpoint
-- Every group plays its first season from its creation; its props are placed in that
-- season's New York weeks as server/src/db/derived/rounds.sql places new ones.
INSERT INTO "seasons" ("group_id", "name", "started_at") SELECT "id", 'Season 1', "created_at" FROM "groups";--> statement-breakpoint
CREATE TEMPORARY TABLE "prop_weeks" AS
SELECT p."id" AS "prop_id", s."id" AS "season_id", s."group_id", w."first_week",
       greatest(w."first_week", w."prop_week") AS "week"
FROM "props" p
JOIN "seasons" s ON s."group_id" = p."group_id"
CROSS JOIN LATERAL (
  SELECT date_trunc('week', (s."started_at" AT TIME ZONE 'America/New_York') - interval '1 day') + interval '1 day' AS "first_week",
         date_trunc('week', (coalesce(p."game_date", p."created_at") AT TIME ZONE 'America/New_York') - interval '1 day') + interval '1 day' AS "prop_week"
) w;--> statement-breakpoint
INSERT INTO "rounds" ("season_id", "group_id", "index", "starts_at", "ends_at")
SELECT DISTINCT "season_id", "group_id", ("week"::date - "first_week"::date) / 7 + 1,
       "week" AT TIME ZONE 'America/New_York', ("week" + interval '7 days') AT TIME ZONE 'America/New_York'
FROM "prop_weeks";--> statement-breakpoint
UPDATE "props" p SET "round_id" = r."id"
FROM "prop_weeks" w
JOIN "rounds" r ON r."season_id" = w."season_id" AND r."index" = ("week"::date - "first_week"::date) / 7 + 1
WHERE p."id" = w."prop_id";--> statement-breakpoint
DROP TABLE "prop_weeks";--> statement-breakpoint
-- Every pick holds a confidence whatever the mode: a member's picks of a round in the order made.
UPDATE "picks" k SET "confidence" = n."confidence"
FROM (
  SELECT k."id", row_number() OVER (PARTITION BY k."user_id", p."round_id" ORDER BY k."created_at", k."id")::int AS "confidence"
  FROM "picks" k JOIN "props" p ON p."id" = k."prop_id"
) n
WHERE k."id" = n."id";--> statement-breakpoint
UPDATE "standings" SET "points" = "wins";
