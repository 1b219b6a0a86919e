-- The board reads each column (status) of a feature a page at a time in rank order, then id; the
-- feature's counts per status are an index-only scan of the same index (docs/decisions/016).
CREATE INDEX "tasks_feature_status_rank_idx" ON "tasks" USING btree ("feature_id","status","board_rank","id");--> statement-breakpoint
DROP INDEX "tasks_feature_board_rank_idx";
