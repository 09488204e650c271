CREATE TABLE "group_event_heads" (
	"group_id" integer PRIMARY KEY NOT NULL,
	"last_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_events" (
	"group_id" integer NOT NULL,
	"id" bigint NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"audience" integer[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_events_group_id_id_pk" PRIMARY KEY("group_id","id")
);
--> statement-breakpoint
CREATE INDEX "group_events_created_at_idx" ON "group_events" USING btree ("created_at");