ALTER TABLE "departments" ADD COLUMN "product_ids" integer[];--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "required_product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;