ALTER TABLE "activity_events" ALTER COLUMN "event_data" DROP DEFAULT;
--> statement-breakpoint
-- Custom props' 'new' events were written without a type; the contract now names it.
UPDATE "activity_events" SET "event_data" = "event_data" || '{"type":"custom"}'::jsonb WHERE "event_type" = 'new' AND NOT ("event_data" ? 'type');
