CREATE TABLE "feed_fetches" (
	"sport" text NOT NULL,
	"day" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feed_fetches_sport_day_pk" PRIMARY KEY("sport","day")
);
--> statement-breakpoint
ALTER TABLE "scores_feed_status" DROP COLUMN "schedule_fetched_at";--> statement-breakpoint
ALTER TABLE "scores_feed_status" ADD COLUMN "retry_at" timestamp with time zone;