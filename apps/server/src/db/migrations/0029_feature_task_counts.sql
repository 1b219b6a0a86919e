CREATE TABLE "feature_task_counts" (
	"feature_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "feature_task_counts_feature_id_status_pk" PRIMARY KEY("feature_id","status")
);
--> statement-breakpoint
ALTER TABLE "feature_task_counts" ADD CONSTRAINT "feature_task_counts_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by the database (decision 052): every insert, delete, and change of a task's status or
-- feature moves its feature's counts in the same transaction. Two rows are locked in
-- (feature, status) order, so two changes in opposite directions cannot deadlock.
CREATE FUNCTION "tasklane_feature_task_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		UPDATE "feature_task_counts" SET "count" = "count" - 1 WHERE "feature_id" = OLD."feature_id" AND "status" = OLD."status";
		RETURN NULL;
	END IF;
	IF TG_OP = 'UPDATE' AND (OLD."feature_id", OLD."status") < (NEW."feature_id", NEW."status") THEN
		UPDATE "feature_task_counts" SET "count" = "count" - 1 WHERE "feature_id" = OLD."feature_id" AND "status" = OLD."status";
	END IF;
	UPDATE "feature_task_counts" SET "count" = "count" + 1 WHERE "feature_id" = NEW."feature_id" AND "status" = NEW."status";
	IF NOT FOUND THEN
		INSERT INTO "feature_task_counts" AS c ("feature_id", "status", "count") VALUES (NEW."feature_id", NEW."status", 1)
		ON CONFLICT ("feature_id", "status") DO UPDATE SET "count" = c."count" + 1;
	END IF;
	IF TG_OP = 'UPDATE' AND (OLD."feature_id", OLD."status") > (NEW."feature_id", NEW."status") THEN
		UPDATE "feature_task_counts" SET "count" = "count" - 1 WHERE "feature_id" = OLD."feature_id" AND "status" = OLD."status";
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tasks_feature_counts" AFTER INSERT OR DELETE ON "tasks" FOR EACH ROW EXECUTE FUNCTION "tasklane_feature_task_counts"();--> statement-breakpoint
-- Only a change of status or feature calls the function (a title's edit or a card's move in its column does not).
CREATE TRIGGER "tasks_feature_counts_moved" AFTER UPDATE OF "status", "feature_id" ON "tasks" FOR EACH ROW
	WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."feature_id" IS DISTINCT FROM NEW."feature_id")
	EXECUTE FUNCTION "tasklane_feature_task_counts"();--> statement-breakpoint
-- The triggers hold writers of tasks back until this transaction commits, so the counts below miss nothing.
INSERT INTO "feature_task_counts" ("feature_id", "status", "count")
SELECT "feature_id", "status", count(*) FROM "tasks" GROUP BY "feature_id", "status";
