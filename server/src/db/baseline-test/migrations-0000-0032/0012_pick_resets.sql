CREATE TABLE "pick_resets" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"prop_id" integer NOT NULL,
	"previous_option" text NOT NULL,
	"reset_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pick_resets_user_id_prop_id_pk" PRIMARY KEY("user_id","prop_id")
);
--> statement-breakpoint
ALTER TABLE "pick_resets" ADD CONSTRAINT "pick_resets_prop_id_props_id_fk" FOREIGN KEY ("prop_id") REFERENCES "public"."props"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_resets" ADD CONSTRAINT "pick_resets_member_fk" FOREIGN KEY ("group_id","user_id") REFERENCES "public"."group_members"("group_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pick_resets_prop_id_idx" ON "pick_resets" USING btree ("prop_id");