CREATE TABLE "round_tiebreakers" (
	"round_id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"question" text NOT NULL,
	"locks_at" timestamp with time zone NOT NULL,
	"game_id" integer,
	"actual" integer,
	"actual_by_leader" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "round_tiebreakers_question_length" CHECK (char_length("round_tiebreakers"."question") between 1 and 150),
	CONSTRAINT "round_tiebreakers_actual_range" CHECK ("round_tiebreakers"."actual" between 0 and 999)
);
--> statement-breakpoint
CREATE TABLE "tiebreaker_answers" (
	"round_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"value" integer NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiebreaker_answers_round_id_user_id_pk" PRIMARY KEY("round_id","user_id"),
	CONSTRAINT "tiebreaker_answers_value_range" CHECK ("tiebreaker_answers"."value" between 0 and 999)
);
--> statement-breakpoint
ALTER TABLE "round_tiebreakers" ADD CONSTRAINT "round_tiebreakers_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_tiebreakers" ADD CONSTRAINT "round_tiebreakers_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_tiebreakers" ADD CONSTRAINT "round_tiebreakers_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiebreaker_answers" ADD CONSTRAINT "tiebreaker_answers_round_id_round_tiebreakers_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."round_tiebreakers"("round_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiebreaker_answers" ADD CONSTRAINT "tiebreaker_answers_member_fk" FOREIGN KEY ("group_id","user_id") REFERENCES "public"."group_members"("group_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "round_tiebreakers_group_id_idx" ON "round_tiebreakers" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "round_tiebreakers_game_id_idx" ON "round_tiebreakers" USING btree ("game_id") WHERE "round_tiebreakers"."game_id" is not null;--> statement-breakpoint
CREATE INDEX "tiebreaker_answers_group_user_idx" ON "tiebreaker_answers" USING btree ("group_id","user_id");