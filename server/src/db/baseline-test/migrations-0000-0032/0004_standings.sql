CREATE TABLE "group_tallies" (
	"group_id" integer PRIMARY KEY NOT NULL,
	"contestants" integer DEFAULT 0 NOT NULL,
	"valid_props" integer DEFAULT 0 NOT NULL,
	"decided_props" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standing_exemptions" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"prop_id" integer NOT NULL,
	CONSTRAINT "standing_exemptions_group_id_user_id_prop_id_pk" PRIMARY KEY("group_id","user_id","prop_id")
);
--> statement-breakpoint
CREATE TABLE "standings" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"picks_made" integer DEFAULT 0 NOT NULL,
	"win_rate" double precision GENERATED ALWAYS AS (case when wins + losses = 0 then 0 else wins::float8 / (wins + losses) end) STORED NOT NULL,
	"display_name" text NOT NULL,
	CONSTRAINT "standings_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "is_contestant" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "group_tallies" ADD CONSTRAINT "group_tallies_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_exemptions" ADD CONSTRAINT "standing_exemptions_prop_id_props_id_fk" FOREIGN KEY ("prop_id") REFERENCES "public"."props"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_exemptions" ADD CONSTRAINT "standing_exemptions_member_fk" FOREIGN KEY ("group_id","user_id") REFERENCES "public"."group_members"("group_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standings" ADD CONSTRAINT "standings_member_fk" FOREIGN KEY ("group_id","user_id") REFERENCES "public"."group_members"("group_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standing_exemptions_prop_id_idx" ON "standing_exemptions" USING btree ("prop_id");--> statement-breakpoint
CREATE INDEX "standings_rank_idx" ON "standings" USING btree ("group_id","wins" desc,"win_rate" desc,lower("display_name"),"user_id");--> statement-breakpoint
CREATE INDEX "standings_user_id_idx" ON "standings" USING btree ("user_id");