-- Each live event wrote seven index entries: four when written (seq, created_at, the
-- unique (group_id, id) with a null id, the unnumbered index) and three more when the
-- sequencer numbered it (a new row version: seq, created_at, (group_id, id)). Three results'
-- events a result made that as many entries as its ten standings. Now four: the prune
-- finds the old events by seq (they were written in order), and only numbered events are
-- in the (group_id, id) index, the one a stream's replay reads.
DROP INDEX "group_events_created_at_idx";--> statement-breakpoint
DROP INDEX "group_events_group_id_id_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "group_events_group_id_id_unique" ON "group_events" USING btree ("group_id","id") WHERE "group_events"."id" is not null;