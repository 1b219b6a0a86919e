CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event" text NOT NULL,
	"event_id" bigint,
	"entity_id" uuid,
	"project_id" uuid NOT NULL,
	"feature_id" uuid,
	"task_id" uuid,
	"subject_id" uuid,
	"actor_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"response_code" integer,
	"duration_ms" integer,
	"last_error" text,
	"redelivery_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"paused_reason" text,
	"failing_since" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_created_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "webhooks_project_idx" ON "webhooks" USING btree ("project_id");--> statement-breakpoint
-- The webhook outbox (decision 039): every statement that writes events also writes, in the same
-- transaction, one delivery for each active webhook of the event's project that hears its type.
-- A change and its deliveries commit together or not at all; a process that dies afterwards
-- leaves them in the table for any instance's sender. One statement per writing statement (a
-- transition table), whatever the number of events it wrote.
CREATE FUNCTION "tasklane_webhook_deliveries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "webhook_deliveries" ("webhook_id", "event", "event_id", "entity_id", "project_id", "feature_id", "task_id", "subject_id", "actor_id", "occurred_at")
	SELECT w."id", e."type", e."id", e."entity_id", e."project_id", e."feature_id", e."task_id", e."subject_id", e."actor_id", e."created_at"
	FROM "new_events" e JOIN "webhooks" w ON w."project_id" = e."project_id" AND w."active" AND e."type" = ANY (w."events")
	WHERE e."project_id" IS NOT NULL;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "events_webhook_deliveries" AFTER INSERT ON "events" REFERENCING NEW TABLE AS "new_events" FOR EACH STATEMENT EXECUTE FUNCTION "tasklane_webhook_deliveries"();
