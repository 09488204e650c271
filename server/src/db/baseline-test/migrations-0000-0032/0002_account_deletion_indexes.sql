CREATE INDEX "activity_events_actor_id_idx" ON "activity_events" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "props_created_by_idx" ON "props" USING btree ("created_by");