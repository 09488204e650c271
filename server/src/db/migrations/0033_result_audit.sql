CREATE TABLE "result_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer,
	"prop_id" integer,
	"master_prop_id" integer,
	"title" text NOT NULL,
	"actor_id" integer,
	"actor_kind" text NOT NULL,
	"kind" text NOT NULL,
	"from_result" text,
	"from_label" text,
	"to_result" text,
	"to_label" text,
	"reason" text,
	"picks_reset" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_audit_actor_kind_check" CHECK ("result_audit"."actor_kind" in ('feed', 'user'))
);
--> statement-breakpoint
ALTER TABLE "result_audit" ADD CONSTRAINT "result_audit_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_audit" ADD CONSTRAINT "result_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "result_audit_group_created_id_idx" ON "result_audit" USING btree ("group_id","created_at","id");--> statement-breakpoint
CREATE INDEX "result_audit_master_prop_id_idx" ON "result_audit" USING btree ("master_prop_id");--> statement-breakpoint
CREATE INDEX "result_audit_actor_id_idx" ON "result_audit" USING btree ("actor_id");