CREATE TABLE "reminder_scheduler" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"ran_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"user_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_item_id_due_date_kind_user_id_pk" PRIMARY KEY("item_id","due_date","kind","user_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "todo_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminders_sent_due_date_idx" ON "reminders_sent" USING btree ("due_date");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_todo_id_todos_id_fk" FOREIGN KEY ("todo_id") REFERENCES "public"."todos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_todo_idx" ON "notifications" USING btree ("todo_id") WHERE "notifications"."todo_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_reminder_due_idx" ON "tasks" USING btree ("due_date","id") WHERE "tasks"."due_date" is not null and "tasks"."assignee_id" is not null and "tasks"."status" not in ('COMPLETED', 'CANCELLED');--> statement-breakpoint
CREATE INDEX "todos_reminder_due_idx" ON "todos" USING btree ("due_date","id") WHERE "todos"."due_date" is not null and "todos"."status" not in ('COMPLETED', 'CANCELLED');