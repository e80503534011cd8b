ALTER TABLE "orders" ADD COLUMN "placed_by" integer;--> statement-breakpoint
-- Data backfill: before this column nothing recorded who placed an order, so an existing order is its customer's
-- (the own-order refusal checked the customer only, as it did then).
UPDATE "orders" SET "placed_by" = "user_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "placed_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
