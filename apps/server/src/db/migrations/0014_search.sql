-- Search everything (issue 18, decision 029). Written by hand: the trigram extension (trusted, in
-- PostgreSQL's contrib, shipped with the embedded PostgreSQL and Debian's); tasklane_words(),
-- array_to_string declared immutable (it is, for text[]) so a generated column may index tags;
-- and task_comments.project_id, set from the comment's task by a trigger (and filled for the
-- comments there are), so a search finds a project's comments by index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tasklane_words(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(array_to_string($1, ' '), '') $$;--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("description", '')), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("name", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("description", '')), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "task_comments" ADD COLUMN "project_id" uuid;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tasklane_comment_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.project_id := coalesce(NEW.project_id, (SELECT t.project_id FROM tasks t WHERE t.id = NEW.task_id));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER task_comments_project BEFORE INSERT ON task_comments FOR EACH ROW EXECUTE FUNCTION tasklane_comment_project();--> statement-breakpoint
UPDATE task_comments c SET project_id = t.project_id FROM tasks t WHERE t.id = c.task_id;--> statement-breakpoint
ALTER TABLE "task_comments" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("comment", '')), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('simple'::regconfig, tasklane_words("tags")), 'B') || setweight(to_tsvector('simple'::regconfig, coalesce("description", '')), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "todos" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('simple'::regconfig, tasklane_words("tags")), 'B') || setweight(to_tsvector('simple'::regconfig, coalesce("description", '')), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("name", '')), 'A')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "features_search_idx" ON "features" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "features_title_trgm_idx" ON "features" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "task_comments_project_id_idx" ON "task_comments" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "task_comments_search_idx" ON "task_comments" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tasks_title_trgm_idx" ON "tasks" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "todos_search_idx" ON "todos" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "todos_title_trgm_idx" ON "todos" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workspaces_search_idx" ON "workspaces" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "workspaces_name_trgm_idx" ON "workspaces" USING gin ("name" gin_trgm_ops);