DROP INDEX "activity_events_group_created_idx";--> statement-breakpoint
CREATE INDEX "activity_events_group_created_id_idx" ON "activity_events" USING btree ("group_id","created_at","id");