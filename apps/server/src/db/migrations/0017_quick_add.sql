CREATE TABLE "todo_preferences" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"default_category_id" uuid
);
--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "default_category_id" uuid;--> statement-breakpoint
ALTER TABLE "todo_preferences" ADD CONSTRAINT "todo_preferences_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_preferences" ADD CONSTRAINT "todo_preferences_default_category_id_categories_id_fk" FOREIGN KEY ("default_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "todo_preferences_default_category_idx" ON "todo_preferences" USING btree ("default_category_id");--> statement-breakpoint
ALTER TABLE "features" ADD CONSTRAINT "features_default_category_id_categories_id_fk" FOREIGN KEY ("default_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "features_default_category_idx" ON "features" USING btree ("default_category_id") WHERE "features"."default_category_id" is not null;