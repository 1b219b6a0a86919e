-- task_comments.project_id is filled from the comment's task only when the insert leaves it out
-- (migration 0016's function already kept a given one). The app's insert gives it, so the
-- trigger's function no longer runs for every comment: a PL/pgSQL call was 0.02 ms of a
-- comment's 0.22 ms of execution (issue 15 §2).
DROP TRIGGER IF EXISTS task_comments_project ON task_comments;--> statement-breakpoint
CREATE TRIGGER task_comments_project BEFORE INSERT ON task_comments FOR EACH ROW WHEN (NEW.project_id IS NULL) EXECUTE FUNCTION tasklane_comment_project();
