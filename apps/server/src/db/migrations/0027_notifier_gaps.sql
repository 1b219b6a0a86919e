-- The notifier's cursor becomes an event id and the ids not yet seen below it (decision 043),
-- instead of a time, an overlap read again every round and the table of ids already processed.
ALTER TABLE "notifier_cursor" ADD COLUMN "processed_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifier_cursor" ADD COLUMN "gaps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Hand over: what the old cursor counted as read stays read (every event older than its overlap,
-- every event it recorded as processed); an event of the overlap not processed yet becomes a gap,
-- read by the next round.
UPDATE "notifier_cursor" SET "processed_id" = greatest(
	coalesce((SELECT max("event_id") FROM "notifier_processed"), 0),
	coalesce((SELECT max(e."id") FROM "events" e WHERE e."created_at" < "notifier_cursor"."processed_until" - interval '30 seconds'), 0)
);--> statement-breakpoint
UPDATE "notifier_cursor" SET "gaps" = coalesce((
	SELECT jsonb_agg(jsonb_build_array(e."id", e."id", (extract(epoch FROM now()) * 1000)::bigint) ORDER BY e."id")
	FROM "events" e
	WHERE e."id" <= "notifier_cursor"."processed_id"
		AND e."created_at" >= "notifier_cursor"."processed_until" - interval '30 seconds'
		AND NOT EXISTS (SELECT 1 FROM "notifier_processed" p WHERE p."event_id" = e."id")
), '[]'::jsonb);--> statement-breakpoint
DROP TABLE "notifier_processed" CASCADE;
