CREATE TABLE "activity_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"prediction_id" integer,
	"event_type" text NOT NULL,
	"event_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"social_username" text,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"leader_id" integer NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"is_official" boolean DEFAULT false NOT NULL,
	"lock_type" text DEFAULT 'game' NOT NULL,
	"lock_value" timestamp with time zone,
	"allow_member_props" boolean DEFAULT false NOT NULL,
	"invite_permission" text DEFAULT 'leader' NOT NULL,
	"active_sports" text[] NOT NULL,
	"list_type" text DEFAULT 'prebuilt' NOT NULL,
	"track_payment_status" boolean DEFAULT false NOT NULL,
	CONSTRAINT "groups_lock_type_check" CHECK ("groups"."lock_type" in ('game', 'time', 'leader')),
	CONSTRAINT "groups_invite_permission_check" CHECK ("groups"."invite_permission" in ('leader', 'all')),
	CONSTRAINT "groups_list_type_check" CHECK ("groups"."list_type" in ('prebuilt', 'private'))
);
--> statement-breakpoint
CREATE TABLE "master_props" (
	"id" serial PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"source_key" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"options" jsonb NOT NULL,
	"game_date" timestamp with time zone,
	"result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"prop_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"selected_option" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "props" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"sport" text NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"options" jsonb NOT NULL,
	"game_date" timestamp with time zone,
	"result" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_imported" boolean DEFAULT false NOT NULL,
	"master_prop_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "props_description_length" CHECK (char_length("props"."description") <= 150)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_prop_id_props_id_fk" FOREIGN KEY ("prop_id") REFERENCES "public"."props"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "props" ADD CONSTRAINT "props_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "props" ADD CONSTRAINT "props_master_prop_id_master_props_id_fk" FOREIGN KEY ("master_prop_id") REFERENCES "public"."master_props"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "props" ADD CONSTRAINT "props_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_events_group_created_idx" ON "activity_events" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "group_members_user_id_idx" ON "group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_code_unique" ON "groups" USING btree ("code");--> statement-breakpoint
CREATE INDEX "groups_leader_id_idx" ON "groups" USING btree ("leader_id");--> statement-breakpoint
CREATE INDEX "groups_official_idx" ON "groups" USING btree ("is_official") WHERE "groups"."is_official";--> statement-breakpoint
CREATE UNIQUE INDEX "master_props_sport_key_unique" ON "master_props" USING btree ("sport","source_key");--> statement-breakpoint
CREATE INDEX "master_props_sport_game_date_idx" ON "master_props" USING btree ("sport","game_date");--> statement-breakpoint
CREATE UNIQUE INDEX "picks_user_prop_unique" ON "picks" USING btree ("user_id","prop_id");--> statement-breakpoint
CREATE INDEX "picks_prop_id_idx" ON "picks" USING btree ("prop_id");--> statement-breakpoint
CREATE INDEX "picks_group_user_idx" ON "picks" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "props_group_id_idx" ON "props" USING btree ("group_id","game_date");--> statement-breakpoint
CREATE UNIQUE INDEX "props_group_master_unique" ON "props" USING btree ("group_id","master_prop_id");--> statement-breakpoint
CREATE INDEX "props_master_prop_id_idx" ON "props" USING btree ("master_prop_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" USING btree (lower("username"));