CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"project_id" uuid,
	"workspace_id" uuid,
	"feature_id" uuid,
	"task_id" uuid,
	"owner_id" uuid,
	"subject_id" uuid,
	"version" integer,
	"actor_id" uuid,
	"origin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Board ranks compare byte by byte, whatever the database's locale.
ALTER TABLE "tasks" ADD COLUMN "board_rank" text COLLATE "C";--> statement-breakpoint
-- Existing tasks: newest first in each feature, as the task list shows them. Keys of the form
-- 'e' + five digits (rules/board-rank.ts), here hexadecimal digits, which sort as base-62 ones.
UPDATE "tasks" SET "board_rank" = ranked.rank
FROM (
	SELECT "id", 'e' || lpad(to_hex(row_number() OVER (PARTITION BY "feature_id" ORDER BY "created_at" DESC, "id")), 5, '0') AS rank
	FROM "tasks"
) AS ranked
WHERE ranked."id" = "tasks"."id";--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "board_rank" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tasks_feature_board_rank_idx" ON "tasks" USING btree ("feature_id","board_rank");--> statement-breakpoint
-- Every committed event row is announced to the app instances (delivered on commit; a rolled
-- back write announces nothing). The payload is the row itself: ids, type, version, actor.
CREATE FUNCTION "tasklane_notify_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('tasklane_events', row_to_json(NEW)::text);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "events_notify" AFTER INSERT ON "events" FOR EACH ROW EXECUTE FUNCTION "tasklane_notify_event"();
