ALTER TABLE "groups" ADD COLUMN "entry_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "weekly_prize_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "payout_split" integer[] DEFAULT '{100}' NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_pot_amounts_check" CHECK ("groups"."entry_cents" >= 0 and "groups"."weekly_prize_cents" >= 0);