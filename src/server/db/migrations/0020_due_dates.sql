ALTER TABLE "orders" ADD COLUMN "due_date" date DEFAULT (now() AT TIME ZONE 'America/Phoenix')::date NOT NULL;--> statement-breakpoint
-- Orders placed before due dates: a week after the day they were placed (five working days, the default lead time).
UPDATE "orders" SET "due_date" = ("created_at" AT TIME ZONE 'America/Phoenix')::date + 7;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "lead_time_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_due_idx" ON "orders" USING btree ("due_date","id");