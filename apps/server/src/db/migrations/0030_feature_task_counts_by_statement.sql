-- Decision 052, second part: inserts and deletes move the counts once per statement, in
-- (feature, status) order. Row by row, a statement that wrote several tasks (a parent deleted
-- with its subtasks, an import) locked the counts' rows in the order it met the tasks, so two
-- such statements in one feature could each hold a row the other waited for: a deadlock.
-- Changes of status or feature stay row by row; the function then locks the two rows in order.
CREATE OR REPLACE FUNCTION "tasklane_feature_task_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF (OLD."feature_id", OLD."status") < (NEW."feature_id", NEW."status") THEN
		UPDATE "feature_task_counts" SET "count" = "count" - 1 WHERE "feature_id" = OLD."feature_id" AND "status" = OLD."status";
	END IF;
	UPDATE "feature_task_counts" SET "count" = "count" + 1 WHERE "feature_id" = NEW."feature_id" AND "status" = NEW."status";
	IF NOT FOUND THEN
		INSERT INTO "feature_task_counts" AS c ("feature_id", "status", "count") VALUES (NEW."feature_id", NEW."status", 1)
		ON CONFLICT ("feature_id", "status") DO UPDATE SET "count" = c."count" + 1;
	END IF;
	IF (OLD."feature_id", OLD."status") > (NEW."feature_id", NEW."status") THEN
		UPDATE "feature_task_counts" SET "count" = "count" - 1 WHERE "feature_id" = OLD."feature_id" AND "status" = OLD."status";
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- The rows come sorted, and ON CONFLICT takes them in that order.
CREATE FUNCTION "tasklane_feature_task_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "feature_task_counts" AS c ("feature_id", "status", "count")
	SELECT "feature_id", "status", count(*) FROM "added_tasks" GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("feature_id", "status") DO UPDATE SET "count" = c."count" + excluded."count";
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- An UPDATE ... FROM would lock in the join's order; one UPDATE per (feature, status), in order.
-- A feature's own deletion finds its rows already gone (or about to go) with it: nothing to do.
CREATE FUNCTION "tasklane_feature_task_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	gone record;
BEGIN
	FOR gone IN SELECT "feature_id", "status", count(*)::integer AS "count" FROM "removed_tasks" GROUP BY 1, 2 ORDER BY 1, 2 LOOP
		UPDATE "feature_task_counts" SET "count" = "count" - gone."count" WHERE "feature_id" = gone."feature_id" AND "status" = gone."status";
	END LOOP;
	RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "tasks_feature_counts" ON "tasks";--> statement-breakpoint
CREATE TRIGGER "tasks_feature_counts_added" AFTER INSERT ON "tasks" REFERENCING NEW TABLE AS "added_tasks"
	FOR EACH STATEMENT EXECUTE FUNCTION "tasklane_feature_task_counts_added"();--> statement-breakpoint
CREATE TRIGGER "tasks_feature_counts_removed" AFTER DELETE ON "tasks" REFERENCING OLD TABLE AS "removed_tasks"
	FOR EACH STATEMENT EXECUTE FUNCTION "tasklane_feature_task_counts_removed"();
