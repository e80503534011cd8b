ALTER TYPE "public"."payment_method" ADD VALUE 'invoice';--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reason" text;