ALTER TABLE "projects" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "last_task_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "number" integer;--> statement-breakpoint
-- Backfill (decision 028): existing tasks are numbered per project in creation order, and each
-- project's counter starts after its last number.
UPDATE "tasks" SET "number" = numbered.n
FROM (SELECT "id", row_number() OVER (PARTITION BY "project_id" ORDER BY "created_at", "id") AS n FROM "tasks") AS numbered
WHERE "tasks"."id" = numbered."id";--> statement-breakpoint
UPDATE "projects" SET "last_task_number" = coalesce((SELECT max("number") FROM "tasks" WHERE "tasks"."project_id" = "projects"."id"), 0);--> statement-breakpoint
-- Made before the keys are chosen, so that each look for a taken key is an index lookup (the
-- keys not yet chosen are NULL, which it lets be many).
CREATE UNIQUE INDEX "projects_key_unique" ON "projects" USING btree ("key");--> statement-breakpoint
-- Backfill: each project, oldest first, gets the first free key of the rule the server proposes
-- with (packages/contract/src/rules/task-keys.ts, projectKeyCandidates): the initials of its
-- words or a one-word name's first three letters, then the name's letters taken longer, then one
-- and then two letters added; past those (never in practice), any free three or four letters.
DO $$
DECLARE
  project record;
  words text[];
  letters text;
  base text;
  candidate text;
  chosen text;
  alphabet constant text[] := regexp_split_to_array('ABCDEFGHIJKLMNOPQRSTUVWXYZ', '');
  a text;
  b text;
  c text;
  d text;
  len int;
BEGIN
  FOR project IN SELECT "id", "name" FROM "projects" ORDER BY "created_at", "id" LOOP
    words := ARRAY(
      SELECT w FROM (
        SELECT regexp_replace(
          upper(CASE WHEN current_setting('server_encoding') = 'UTF8' THEN normalize(part, NFKD) ELSE part END),
          '[^A-Z]', '', 'g') AS w, position
        FROM regexp_split_to_table(project."name", '[[:space:][:punct:]]+') WITH ORDINALITY AS parts(part, position)
      ) AS cleaned
      WHERE w <> '' ORDER BY position);
    letters := array_to_string(words, '');
    IF cardinality(words) >= 2 THEN
      base := left((SELECT string_agg(left(w, 1), '' ORDER BY i) FROM unnest(words) WITH ORDINALITY AS x(w, i)), 6);
    ELSE
      base := left(letters, 3);
    END IF;
    IF length(base) < 2 THEN base := left(letters, 3); END IF;
    IF length(base) < 2 THEN base := 'PRJ'; END IF;
    chosen := NULL;
    IF NOT EXISTS (SELECT 1 FROM "projects" WHERE "key" = base) THEN chosen := base; END IF;
    len := length(base) + 1;
    WHILE chosen IS NULL AND len <= 6 AND len <= length(letters) LOOP
      candidate := left(letters, len);
      IF NOT EXISTS (SELECT 1 FROM "projects" WHERE "key" = candidate) THEN chosen := candidate; END IF;
      len := len + 1;
    END LOOP;
    IF chosen IS NULL THEN
      FOREACH a IN ARRAY alphabet LOOP
        candidate := left(base, 5) || a;
        IF NOT EXISTS (SELECT 1 FROM "projects" WHERE "key" = candidate) THEN chosen := candidate; EXIT; END IF;
      END LOOP;
    END IF;
    IF chosen IS NULL THEN
      <<two>>
      FOREACH a IN ARRAY alphabet LOOP
        FOREACH b IN ARRAY alphabet LOOP
          candidate := left(base, 4) || a || b;
          IF NOT EXISTS (SELECT 1 FROM "projects" WHERE "key" = candidate) THEN chosen := candidate; EXIT two; END IF;
        END LOOP;
      END LOOP;
    END IF;
    IF chosen IS NULL THEN
      <<any>>
      FOREACH a IN ARRAY alphabet LOOP
        FOREACH b IN ARRAY alphabet LOOP
          FOREACH c IN ARRAY alphabet LOOP
            FOREACH d IN ARRAY ARRAY[''] || alphabet LOOP
              candidate := a || b || c || d;
              IF NOT EXISTS (SELECT 1 FROM "projects" WHERE "key" = candidate) THEN chosen := candidate; EXIT any; END IF;
            END LOOP;
          END LOOP;
        END LOOP;
      END LOOP;
    END IF;
    UPDATE "projects" SET "key" = chosen WHERE "id" = project."id";
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_project_number_unique" ON "tasks" USING btree ("project_id","number");
