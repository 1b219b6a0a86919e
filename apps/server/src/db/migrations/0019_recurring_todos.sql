ALTER TABLE "todos" ADD COLUMN "recurrence" text;--> statement-breakpoint
ALTER TABLE "todos" ADD COLUMN "recurrence_time_zone" text;--> statement-breakpoint
ALTER TABLE "todos" ADD COLUMN "previous_occurrence_id" uuid;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_previous_occurrence_id_todos_id_fk" FOREIGN KEY ("previous_occurrence_id") REFERENCES "public"."todos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "todos_previous_occurrence_unique" ON "todos" USING btree ("previous_occurrence_id");